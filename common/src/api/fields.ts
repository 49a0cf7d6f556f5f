// Field paths of a boundary schema, and how source identifiers are matched to them.

export interface FlatField {
  /** Dotted path, e.g. `address.city`; array items add no segment. */
  readonly path: string;
  readonly type: string;
}

type SchemaNode = { type?: unknown; properties?: unknown; items?: unknown; fields?: unknown };

/**
 * Flattens a boundary schema. The chosen format is JSON Schema (`properties`, `items`); a list
 * form `{fields: [{name, type, fields?}]}` is accepted too, as DATA_STORE schemas use it.
 */
export function flattenSchema(schema: unknown, prefix = ''): FlatField[] {
  const out: FlatField[] = [];
  forEachSchemaField(schema, (path, type) => out.push({ path, type }), prefix);
  return out;
}

/**
 * Each field of a boundary schema in flattenSchema's order (a field, then the fields under it), without
 * making lists on the way: the lineage model reads the schema of every boundary of a workspace.
 */
export function forEachSchemaField(
  schema: unknown,
  each: (path: string, type: string) => void,
  prefix = '',
): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as SchemaNode;
  if (node.properties && typeof node.properties === 'object') {
    const properties = node.properties as Record<string, unknown>;
    for (const name in properties) {
      if (!Object.prototype.hasOwnProperty.call(properties, name)) continue;
      const child = properties[name];
      const path = prefix ? `${prefix}.${name}` : name;
      each(path, typeName(child));
      forEachSchemaField(child, each, path);
    }
  } else if (node.items && typeof node.items === 'object') {
    forEachSchemaField(node.items, each, prefix);
  } else if (Array.isArray(node.fields)) {
    for (const f of node.fields as Array<{ name?: unknown; type?: unknown }>) {
      if (!f || typeof f.name !== 'string') continue;
      const path = prefix ? `${prefix}.${f.name}` : f.name;
      each(path, typeof f.type === 'string' ? f.type : 'unknown');
      forEachSchemaField(f, each, path);
    }
  }
}

function typeName(node: unknown): string {
  const t = (node as SchemaNode | undefined)?.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.filter((x) => typeof x === 'string').join('|');
  return 'unknown';
}

/** Lower-case key with separators removed: `customerEmail`, `customer_email` and `Customer-Email` meet. */
export function normalizeFieldName(name: string): string {
  return name.replace(/[_\-\s]/g, '').toLowerCase();
}

/** Whether a source identifier names a field path (its whole path or its last dotted segment). */
export function identifierMatchesField(identifier: string, fieldPath: string): boolean {
  const id = normalizeFieldName(identifier);
  if (id === '') return false;
  const last = fieldPath.slice(fieldPath.lastIndexOf('.') + 1);
  return normalizeFieldName(last) === id || normalizeFieldName(fieldPath) === id;
}
