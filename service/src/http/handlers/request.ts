// What a handler receives, and helpers to read query parameters with errors naming the parameter.
import { badRequest } from '../errors';

export interface Request {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The name of the API key the request was made with. */
  caller?: string;
}

/** A query parameter given at most once. */
export function optionalString(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (Array.isArray(v)) throw badRequest(`query parameter ${name} is given ${v.length} times; give it once`);
  return v;
}

/** All values of a repeatable query parameter. */
export function stringList(req: Request, name: string): string[] {
  const v = req.query[name];
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/** An integer query parameter within [min, max], or the default when absent. */
export function integerParam(req: Request, name: string, min: number, max: number, fallback: number): number {
  const raw = optionalString(req, name);
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw.trim()))
    throw badRequest(`query parameter ${name} must be an integer, not ${JSON.stringify(raw.slice(0, 40))}`);
  const n = Number(raw);
  if (n < min || n > max)
    throw badRequest(`query parameter ${name} must be between ${min} and ${max}; got ${n}`);
  return n;
}
