// Walking the TypeBox (JSON Schema) definitions along a JSON path: which schema describes the member at
// a place in a path document, for validation, completion and hover.
import type { TSchema } from '@sinclair/typebox';

export interface SchemaNode {
  type?: string;
  title?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
}

export function node(schema: TSchema): SchemaNode {
  return schema;
}

/** The literal values of an enum-like union (every branch a `const`), else undefined. */
export function enumValues(s: SchemaNode | undefined): string[] | undefined {
  if (!s?.anyOf?.length || !s.anyOf.every((b) => typeof b.const === 'string')) return undefined;
  return s.anyOf.map((b) => b.const as string);
}

/** The object branch of a schema (itself, or the object member of a union). */
export function objectBranch(s: SchemaNode | undefined): SchemaNode | undefined {
  if (!s) return undefined;
  if (s.type === 'object') return s;
  return s.anyOf?.find((b) => b.type === 'object');
}

export interface Step {
  schema: SchemaNode;
  /** The object schema holding the member, and the member's name, when the last step was a property. */
  parent?: SchemaNode;
  key?: string;
}

/** Follows a JSON path (property names and array indexes) from the root schema. */
export function schemaAt(root: SchemaNode, path: ReadonlyArray<string | number>): Step | undefined {
  let step: Step = { schema: root };
  for (const seg of path) {
    if (typeof seg === 'number') {
      const items = step.schema.items ?? step.schema.anyOf?.find((b) => b.type === 'array')?.items;
      if (!items) return undefined;
      step = { schema: items };
    } else {
      const obj = objectBranch(step.schema);
      const child = obj?.properties?.[seg];
      if (!obj || !child) return undefined;
      step = { schema: child, parent: obj, key: seg };
    }
  }
  return step;
}
