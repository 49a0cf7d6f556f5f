// Small HTTP helpers for the service tests: real requests to 127.0.0.1 with global fetch.
import { join, resolve } from 'node:path';

export const FIXTURES = resolve(__dirname, '..', '..', '..', 'test', 'service', 'fixtures');
export const SMALL = join(FIXTURES, 'small.json');

/** A reply; `body` is the parsed JSON, typed as the caller expects it (the test asserts it is). */
export interface Reply<T = unknown> {
  status: number;
  body: T;
  text: string;
}

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers['X-API-KEY'] = opts.key;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed as T, text };
}
