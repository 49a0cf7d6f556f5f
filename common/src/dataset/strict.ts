// Datasets are written by people, so a misspelt member must be refused wherever it is, not only at the
// levels the dataset schema spells out: `strictDeep` copies a schema built from the API's (tolerant)
// schemas and closes every object in it. Objects that are free-form on purpose say so with
// `additionalProperties: true` and stay open.
import { Kind, type TSchema } from '@sinclair/typebox';

type Node = Record<string | symbol, unknown>;

function copy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(copy);
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  const src = node as Node;
  for (const k of Object.keys(src)) out[k] = copy(src[k]);
  // TypeBox keeps its kind and modifiers under symbols; the compiler needs them.
  for (const s of Object.getOwnPropertySymbols(src)) out[s] = src[s];
  return out;
}

function close(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(close);
  if (!node || typeof node !== 'object') return;
  const n = node as Node;
  if (n[Kind] === 'Intersect')
    throw new Error('strictDeep: an intersection cannot be closed member by member; spell the object out');
  if (n[Kind] === 'Object' && n.additionalProperties === undefined) n.additionalProperties = false;
  for (const key of ['properties', 'patternProperties'] as const) {
    const props = n[key];
    if (props && typeof props === 'object') for (const v of Object.values(props)) close(v);
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'not', 'prefixItems'] as const) close(n[key]);
}

/** A copy of `schema` in which every object without `additionalProperties: true` refuses unknown members. */
export function strictDeep<T extends TSchema>(schema: T): T {
  const out = copy(schema) as T;
  close(out);
  return out;
}
