// Completion and hover inside path documents: enum values, field names from the boundary schemas, and
// what each member means.
import { getLocation, parse, type Node } from 'jsonc-parser';
import {
  CompletionItemKind,
  MarkupKind,
  type CompletionItem,
  type Hover,
  type Position,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { forEachSchemaField, LineagePath, type PathBoundary } from '../../../common/src/api';
import { fieldHoverText, fieldNamedAt } from './fieldHover';
import { MEMBER_DOCS, SCHEMA_KEYWORD_DOCS } from './memberDocs';
import { nodePath, pathNodeAt } from './parsedDocument';
import { enumValues, node, objectBranch, schemaAt } from '../util/schemaNav';

const ROOT = node(LineagePath);

function fieldNames(text: string, side: 'ingress' | 'egress', fallback: LineagePath | undefined): string[] {
  let b: PathBoundary | undefined;
  try {
    const v = parse(text) as LineagePath | undefined;
    b = v && typeof v === 'object' ? v[side] : undefined;
  } catch {
    b = undefined;
  }
  b ??= fallback?.[side];
  const names = new Set<string>();
  forEachSchemaField(b?.schema, (path) => names.add(path));
  for (const e of b?.field_tags ?? []) if (typeof e?.field_path === 'string') names.add(e.field_path);
  return [...names].sort();
}

export function completePathDocument(
  doc: TextDocument,
  pos: Position,
  servicePath: LineagePath | undefined,
): CompletionItem[] {
  const text = doc.getText();
  const offset = doc.offsetAt(pos);
  const loc = getLocation(text, offset);
  const current: Node | undefined = loc.previousNode;
  const replace =
    current &&
    current.type === 'string' &&
    offset >= current.offset &&
    offset <= current.offset + current.length
      ? { start: doc.positionAt(current.offset), end: doc.positionAt(current.offset + current.length) }
      : { start: pos, end: pos };
  const item = (label: string, kind: CompletionItemKind, detail: string): CompletionItem => ({
    label,
    kind,
    detail,
    textEdit: { range: replace, newText: JSON.stringify(label) },
    filterText: JSON.stringify(label),
  });

  if (loc.isAtPropertyKey) {
    const step = schemaAt(ROOT, loc.path.slice(0, -1));
    const obj = objectBranch(step?.schema);
    if (!obj?.properties) return [];
    const title = obj.title ?? '';
    return Object.entries(obj.properties)
      .filter(([, s]) => !s.readOnly)
      .map(([k]) => ({
        ...item(k, CompletionItemKind.Property, title),
        documentation: MEMBER_DOCS[title]?.[k],
      }));
  }

  const last = loc.path[loc.path.length - 1];
  if (last === 'ingress_field' || last === 'egress_field') {
    const side = last === 'ingress_field' ? 'ingress' : 'egress';
    return fieldNames(text, side, servicePath).map((f) => item(f, CompletionItemKind.Field, `${side} field`));
  }
  const values = enumValues(schemaAt(ROOT, loc.path)?.schema);
  return (values ?? []).map((v) => item(v, CompletionItemKind.EnumMember, String(last)));
}

export function hoverPathDocument(doc: TextDocument, pos: Position): Hover | null {
  // From the tree parsed once per version: nothing here walks the whole document.
  const node = pathNodeAt(doc, doc.offsetAt(pos));
  if (!node) return null;
  const path = nodePath(node);
  const markdown = (value: string): Hover => ({ contents: { kind: MarkupKind.Markdown, value } });
  const field = fieldNamedAt(path, node);
  if (field) return markdown(fieldHoverText(doc, field.side, field.fieldPath));
  const key = path[path.length - 1];
  if (typeof key !== 'string') return null;
  if (path[1] === 'schema' && path.length > 2) {
    // Inside a boundary's JSON Schema the members are JSON Schema keywords, not path members.
    const keyword = SCHEMA_KEYWORD_DOCS[key];
    return keyword ? markdown(`**${key}** (JSON Schema keyword)\n\n${keyword}`) : null;
  }
  const step = schemaAt(ROOT, path);
  if (!step?.parent) return null;
  const title = step.parent.title ?? '';
  const text = step.schema.description ?? MEMBER_DOCS[title]?.[key];
  if (!text) return null;
  const values = enumValues(step.schema);
  return markdown(
    [
      `**${key}** (${title})`,
      '',
      text,
      ...(values ? ['', `Values: ${values.map((v) => `\`${v}\``).join(', ')}`] : []),
    ].join('\n'),
  );
}
