// What makes a service URL acceptable, for the client (the Connect input box) and the server (the
// HTTP client's configuration): http(s) only, no credentials (they would end up in messages and logs;
// the key is asked for separately), no query or fragment. Each side words the problem its own way.

// The WHATWG URL class every program has at run time (Node, the extension host); common/ is compiled
// without DOM or Node types, so only what is read here is declared.
declare const URL: new (input: string) => {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly search: string;
  readonly hash: string;
  readonly origin: string;
  readonly pathname: string;
};

export type ServiceUrlProblem = 'missing' | 'invalid' | 'scheme' | 'credentials' | 'queryOrFragment';

export interface ServiceTarget {
  readonly origin: string;
  /** Path prefix of the base URL without trailing slash ('' for none). */
  readonly prefix: string;
  /** origin + prefix: how the URL is shown. */
  readonly display: string;
}

export function parseServiceUrl(value: unknown): ServiceTarget | { problem: ServiceUrlProblem } {
  if (typeof value !== 'string' || value.trim() === '') return { problem: 'missing' };
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value.trim());
  } catch {
    return { problem: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'scheme' };
  if (url.username || url.password) return { problem: 'credentials' };
  if (url.search || url.hash) return { problem: 'queryOrFragment' };
  const prefix = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, prefix, display: url.origin + prefix };
}
