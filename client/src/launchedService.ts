// The local service that `npm start` runs beside the editor it launches. No API operation names a
// service's database, so npm start passes the service's URL and database file to that editor in its
// environment; the status bar names the database only while the configured URL is that service.
/** Environment variables set by scripts/start.mjs for the editor it launches. */
export const LAUNCHED_SERVICE_URL_ENV = 'LINEAGE_LENS_LOCAL_SERVICE_URL';
export const LAUNCHED_SERVICE_DB_ENV = 'LINEAGE_LENS_LOCAL_SERVICE_DB';

/** The database file of the service `npm start` runs, when `configuredUrl` is that service. */
export function launchedServiceDatabase(
  configuredUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const url = env[LAUNCHED_SERVICE_URL_ENV]?.trim();
  const db = env[LAUNCHED_SERVICE_DB_ENV]?.trim();
  if (!url || !db || !configuredUrl) return undefined;
  return sameServiceUrl(url, configuredUrl) ? db : undefined;
}

/** Two spellings of one base URL (`http://127.0.0.1:7878` and `http://127.0.0.1:7878/`). */
function sameServiceUrl(a: string, b: string): boolean {
  const norm = (u: string): string | undefined =>
    URL.canParse(u) ? new URL(u).href.replace(/\/+$/, '') : undefined;
  const na = norm(a);
  return na !== undefined && na === norm(b);
}
