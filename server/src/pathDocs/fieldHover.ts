// Hovers on the fields a path document names: a property of a boundary schema, or a field named by a
// mapping or a tag entry. They say which side the field is on, its type, and its applied and depends-on
// tags as the source hovers do. The fields of both boundaries are gathered once per document version
// (from the two boundary subtrees only), so a hover looks one field up.
import { getNodeValue, type Node } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  FieldDependsOnTagEntry,
  FieldTagEntry,
  flattenSchema,
  type LineagePath,
  type PathBoundary,
} from '../../../common/src/api';
import { isValid } from '../../../common/src/api/validate';
import { pathFields, type PathField, type Side } from '../domain/pathFields';
import { tagWords } from '../domain/tagMarkdown';
import { md } from '../util/markdown';
import { parsedPathDocument } from './parsedDocument';

interface Fields {
  tags: Map<string, PathField>;
  types: Map<string, string>;
}

const key = (side: Side, fieldPath: string) => `${side}\u0000${fieldPath}`;
const cache = new WeakMap<TextDocument, { version: number; fields: Fields }>();

/**
 * A boundary of the document as typed so far: the text is the user's, so only well-formed tag
 * entries are kept (the rest is validation's to report) and the schema is read defensively.
 */
function boundaryOf(root: Node | undefined, side: Side): PathBoundary | undefined {
  const prop =
    root?.type === 'object' ? root.children?.find((p) => p.children?.[0]?.value === side) : undefined;
  const node = prop?.children?.[1];
  if (node?.type !== 'object') return undefined;
  const v = getNodeValue(node) as Record<string, unknown>;
  const entries = <T>(list: unknown, ok: (e: unknown) => e is T): T[] =>
    Array.isArray(list) ? list.filter(ok) : [];
  return {
    signature_name: '',
    schema: v.schema,
    field_tags: entries(v.field_tags, (e) => isValid(FieldTagEntry, e)),
    field_depends_on_tags: entries(v.field_depends_on_tags, (e) => isValid(FieldDependsOnTagEntry, e)),
  } as PathBoundary;
}

function documentFields(doc: TextDocument): Fields {
  const hit = cache.get(doc);
  if (hit && hit.version === doc.version) return hit.fields;
  const { root } = parsedPathDocument(doc);
  const tags = new Map<string, PathField>();
  const types = new Map<string, string>();
  for (const side of ['ingress', 'egress'] as const) {
    const b = boundaryOf(root, side);
    if (!b) continue;
    // Only the boundary: the mappings would add names without tags, and they are the big part.
    const path = { [side]: b } as unknown as LineagePath;
    for (const f of pathFields(path)) tags.set(key(side, f.fieldPath), f);
    for (const f of flattenSchema(b.schema)) types.set(key(side, f.path), f.type);
  }
  const fields = { tags, types };
  cache.set(doc, { version: doc.version, fields });
  return fields;
}

/**
 * The field a node names, when it names one: a property name in a boundary's schema (nested
 * `properties` give the dotted path, `items` are looked through), or the value of a mapping's
 * ingress_field / egress_field or of a tag entry's field_path.
 */
export function fieldNamedAt(
  path: ReadonlyArray<string | number>,
  node: Node,
): { side: Side; fieldPath: string } | undefined {
  const side = path[0];
  if (side === 'ingress' || side === 'egress') {
    if (path[1] === 'schema' && node.type === 'string' && node.parent?.children?.[0] === node) {
      const names: string[] = [];
      for (let i = 2; i < path.length; i++) {
        const seg = path[i];
        if (seg === 'items') continue;
        if (seg !== 'properties' || typeof path[i + 1] !== 'string') return undefined;
        names.push(path[++i] as string);
      }
      return names.length ? { side, fieldPath: names.join('.') } : undefined;
    }
    const entry = path[2];
    const isValue = node.type === 'string' && node.parent?.children?.[1] === node;
    if (
      isValue &&
      (path[1] === 'field_tags' || path[1] === 'field_depends_on_tags') &&
      typeof entry === 'number' &&
      path[3] === 'field_path'
    )
      return { side, fieldPath: String(node.value) };
    return undefined;
  }
  const last = path[path.length - 1];
  if (
    side === 'field_mappings' &&
    (last === 'ingress_field' || last === 'egress_field') &&
    node.type === 'string' &&
    node.parent?.children?.[1] === node
  )
    return { side: last === 'ingress_field' ? 'ingress' : 'egress', fieldPath: String(node.value) };
  return undefined;
}

/** The hover's Markdown for a field of the document. */
export function fieldHoverText(doc: TextDocument, side: Side, fieldPath: string): string {
  const { tags, types } = documentFields(doc);
  const k = key(side, fieldPath);
  const type = types.get(k);
  const f = tags.get(k);
  const words = f ? tagWords([f]) : [];
  const head = `**${md(fieldPath)}** · ${side} field${type && type !== 'unknown' ? ` · \`${md(type, 60)}\`` : ''}`;
  const known = type !== undefined || f !== undefined;
  const body = words.length
    ? words.map((w) => `- ${w}`).join('\n')
    : known
      ? '*No tags on this field.*'
      : `*Not a field of the ${side} schema or its tags.*`;
  return `${head}\n\n${body}`;
}
