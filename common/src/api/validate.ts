// Runtime validation from the same TypeBox schemas that give the TypeScript types.
import { FormatRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$/;

// TypeBox refuses values with unregistered formats, so the formats we use are registered once here.
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (v) => UUID.test(v));
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (v) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)));

export interface SchemaProblem {
  /** JSON pointer of the offending member, e.g. `/component/paths/0/ingress/signature_name`. */
  readonly path: string;
  readonly message: string;
}

const cache = new WeakMap<TSchema, TypeCheck<TSchema>>();

function compiled<T extends TSchema>(schema: T): TypeCheck<T> {
  let check = cache.get(schema) as TypeCheck<T> | undefined;
  if (!check) {
    check = TypeCompiler.Compile(schema);
    cache.set(schema, check);
  }
  return check;
}

export function isValid<T extends TSchema>(schema: T, value: unknown): value is Static<T> {
  return compiled(schema).Check(value);
}

/** Up to `max` problems, each naming the member by JSON pointer. Empty when the value is valid. */
export function problems(schema: TSchema, value: unknown, max = 10): SchemaProblem[] {
  const check = compiled(schema);
  if (check.Check(value)) return [];
  const out: SchemaProblem[] = [];
  for (const e of check.Errors(value)) {
    out.push({ path: e.path || '/', message: e.message });
    if (out.length >= max) break;
  }
  return out;
}

/** One line naming the first problems, for error messages. */
export function describeProblems(list: readonly SchemaProblem[]): string {
  return list.map((p) => `${p.path}: ${p.message}`).join('; ');
}
