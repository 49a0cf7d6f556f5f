// The two lines the local service prints on start, and how its launchers (the extension's demo
// service, the test helper) read them back: one definition of that small stdout contract.
// (scripts/start.mjs runs unbuilt, so it repeats the two patterns; keep them in step.)

/** Matches the URL line; group 1 is the base URL. */
export const SERVICE_URL_LINE = /^Lineage Lens local service listening on (http:\/\/127\.0\.0\.1:\d+)\s*$/;
/** Matches the API-key line (printed for a new database, or with --print-key); group 1 is the key. */
export const SERVICE_KEY_LINE = /^API key: (\S+)\s*$/;

export function urlLine(host: string, port: number): string {
  return `Lineage Lens local service listening on http://${host}:${port}\n`;
}

export function keyLine(key: string): string {
  return `API key: ${key}\n`;
}
