// Read-only members are dropped from a write; write-only members are dropped from what a read shows.
import type { TSchema } from '@sinclair/typebox';

type Json = unknown;

function strip(schema: TSchema | undefined, value: Json, keyword: 'readOnly' | 'writeOnly'): Json {
  if (!schema || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = (schema as { items?: TSchema }).items;
    return value.map((v) => strip(items, v, keyword));
  }
  const props = (schema as { properties?: Record<string, TSchema> }).properties;
  if (!props) return value;
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value as Record<string, Json>)) {
    const member = props[key];
    if (member && (member as Record<string, unknown>)[keyword] === true) continue;
    out[key] = strip(member, v, keyword);
  }
  return out;
}

/** The value with every read-only member (at any depth the schema describes) removed. */
export function stripReadOnly<T>(schema: TSchema, value: T): T {
  return strip(schema, value, 'readOnly') as T;
}

/** The value with every write-only member removed. */
export function stripWriteOnly<T>(schema: TSchema, value: T): T {
  return strip(schema, value, 'writeOnly') as T;
}

/** Names of the read-only members present at the top level and in nested objects, as JSON pointers. */
export function readOnlyMembersPresent(schema: TSchema, value: Json, base = ''): string[] {
  if (!schema || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    const items = (schema as { items?: TSchema }).items;
    return items ? value.flatMap((v, i) => readOnlyMembersPresent(items, v, `${base}/${i}`)) : [];
  }
  const props = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  const found: string[] = [];
  for (const [key, v] of Object.entries(value as Record<string, Json>)) {
    const member = props[key];
    if (!member) continue;
    if ((member as Record<string, unknown>).readOnly === true) found.push(`${base}/${key}`);
    else found.push(...readOnlyMembersPresent(member, v, `${base}/${key}`));
  }
  return found;
}
