// Authoring help in contract documents: completion of member names and field types, hover docs on
// members, the outline of the fields, and quick fixes that add a missing required member.
import { randomUUID } from 'node:crypto';
import { isMap, isPair, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import {
  CodeActionKind,
  CompletionItemKind,
  MarkupKind,
  SymbolKind,
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type DocumentSymbol,
  type Hover,
  type Position,
} from 'vscode-languageserver';
import { CONTRACT_FIELD_TYPES, SCHEMA_MEMBER } from '../../../common/src/api';
import { enumValues, objectBranch, type SchemaNode } from '../util/schemaNav';
import { locate, offsetAt, rangeOf, resolve, rootSchema, type ContractDocument } from './contractDocument';
import { COMPLIANCE_SOURCE } from './compliance';
import { CONTRACT_CODES, CONTRACT_SOURCE, type MissingMemberData, type ReplacementData } from './validate';

const FIELD_SCHEMA_KEYS = new Set(['name', 'type']);

/** The object schema whose members are typed at a position (a new line counts as inside its parent). */
function memberContext(
  cd: ContractDocument,
  pos: Position,
): { schema: SchemaNode; map?: YamlNode } | undefined {
  const offset = offsetAt(cd, pos);
  const line = cd.text.slice(offset - pos.character, offset);
  const loc = locate(cd, offset);
  if (loc.mapSchema && (loc.onKey || !loc.key)) return { schema: loc.mapSchema, map: loc.map };
  // A key being typed on its own line: YAML takes it as a scalar value, so the less-indented lines
  // above say where it is (a field, a nested field, the wrapped request form, constraints).
  if (!cd.json) {
    const m = /^(\s*)(- )?[\w-]*$/.exec(line);
    if (!m) return undefined;
    const indent = m[1]!.length + (m[2] ? 2 : 0);
    const steps = yamlStepsAbove(cd.text, offset - pos.character, indent, m[2] ? m[1]!.length : undefined);
    let at: SchemaNode | undefined = resolve(rootSchema(cd));
    for (const step of steps) at = resolve(step === ITEM ? at?.items : objectBranch(at)?.properties?.[step]);
    const schema = objectBranch(at);
    // Free-form members (e.g. a field's constraints) have no schema of their own: nothing to offer.
    if (!schema?.properties) return undefined;
    return steps.length === 0 ? { schema, map: cd.doc.contents ?? undefined } : { schema };
  }
  return undefined;
}

const ITEM = Symbol('sequence item');

/**
 * The members and sequence items from the document's root down to a line whose content starts at
 * column `indent`, read off the less-indented lines above it. `itemDash` is the column of the line's
 * own `- ` when it starts a sequence item.
 */
function yamlStepsAbove(
  text: string,
  lineStart: number,
  indent: number,
  itemDash: number | undefined,
): Array<string | typeof ITEM> {
  const steps: Array<string | typeof ITEM> = [];
  // A parent sits left of `want`; the member owning a sequence may sit at its items' dash column.
  let want = itemDash ?? indent;
  let inItem = itemDash !== undefined;
  if (inItem) steps.push(ITEM);
  for (const l of text.slice(0, lineStart).split('\n').reverse()) {
    if (/^\s*(#|$)/.test(l)) continue;
    const m = /^(\s*)(- )?(?:([\w-]+)\s*:)?/.exec(l)!;
    const dash = m[1]!.length;
    if (m[2] && dash + 2 === want && !inItem) {
      // The first member of the sequence item we are in.
      steps.push(ITEM);
      [want, inItem] = [dash, true];
      continue;
    }
    const ownsSequence = inItem && !m[2] && dash === want;
    if (!m[3] || (dash >= want && !ownsSequence)) continue;
    // `- key:` left of us: we are inside member `key` of that sequence item.
    if (m[2]) steps.push(m[3], ITEM);
    else steps.push(m[3]);
    [want, inItem] = [dash, !!m[2]];
    if (want === 0 && !m[2]) break;
  }
  return steps.reverse();
}

/**
 * The keys already written beside a line whose content starts at column `indent` (its siblings in the
 * same mapping: same indentation, up to a less-indented line or the next sequence item). `itemDash` is
 * the column of the line's own `- ` when it starts a sequence item.
 */
function yamlSiblingKeys(
  text: string,
  lineStart: number,
  indent: number,
  itemDash: number | undefined,
): Set<string> {
  const out = new Set<string>();
  const lines = text.split('\n');
  const here = text.slice(0, lineStart).split('\n').length - 1;
  const scan = (from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < lines.length; i += step) {
      const l = lines[i]!;
      if (/^\s*(#|$)/.test(l)) continue;
      const m = /^(\s*)(- )?([\w-]+)?\s*:?/.exec(l)!;
      const col = m[1]!.length + (m[2] ? 2 : 0);
      if (m[2] && m[1]!.length < indent) {
        // The dash starting our item (above) holds a sibling key; any other item ends the mapping.
        if (step === -1 && itemDash === undefined && col === indent && m[3]) out.add(m[3]);
        return;
      }
      if (col < indent) return;
      if (col === indent && m[3] && !m[2]) out.add(m[3]);
    }
  };
  scan(here - 1, -1);
  scan(here + 1, 1);
  return out;
}

function presentKeys(map: YamlNode | undefined): Set<string> {
  const out = new Set<string>();
  if (isMap(map)) for (const p of map.items) if (isPair(p) && isScalar(p.key)) out.add(String(p.key.value));
  return out;
}

export function completeContract(cd: ContractDocument, pos: Position): CompletionItem[] {
  const offset = offsetAt(cd, pos);
  const line = cd.text.slice(offset - pos.character, offset);
  // A field's type: `type: ` in YAML, `"type": "` in JSON.
  const typeValue = cd.json
    ? /"type"\s*:\s*"?([\w-]*)$/.exec(line)
    : /^\s*(?:- )?type:\s*([\w-]*)$/.exec(line);
  if (typeValue && cd.shape === 'file') {
    const typed = typeValue[1] ?? '';
    const range = { start: { line: pos.line, character: pos.character - typed.length }, end: pos };
    return CONTRACT_FIELD_TYPES.map((t, i) => ({
      label: t,
      kind: CompletionItemKind.EnumMember,
      detail: 'field type',
      sortText: String(i).padStart(3, '0'),
      textEdit: { range, newText: t },
    }));
  }
  const ctx = memberContext(cd, pos);
  if (!ctx?.schema.properties) return [];
  const present = presentKeys(ctx.map);
  // A YAML line being typed may not parse into its mapping: its neighbours say what is written.
  const typing = cd.json ? null : /^(\s*)(- )?[\w-]*$/.exec(line);
  if (typing) {
    const indent = typing[1]!.length + (typing[2] ? 2 : 0);
    const dash = typing[2] ? typing[1]!.length : undefined;
    for (const k of yamlSiblingKeys(cd.text, offset - pos.character, indent, dash)) present.add(k);
  }
  const required = new Set(ctx.schema.required ?? []);
  const word = /[\w-]*$/.exec(line)?.[0] ?? '';
  const range = { start: { line: pos.line, character: pos.character - word.length }, end: pos };
  return Object.entries(ctx.schema.properties)
    .filter(([k]) => !present.has(k) || k === word)
    .map(([k, s]) => ({
      label: k,
      kind: CompletionItemKind.Property,
      detail: required.has(k) ? 'required' : 'optional',
      documentation: s.description ? { kind: MarkupKind.Markdown, value: s.description } : undefined,
      sortText: `${required.has(k) || FIELD_SCHEMA_KEYS.has(k) ? 0 : 1}${k}`,
      textEdit: { range, newText: cd.json ? `"${k}": ` : `${k}: ` },
      filterText: k,
    }));
}

export function hoverContract(cd: ContractDocument, pos: Position): Hover | null {
  const loc = locate(cd, offsetAt(cd, pos));
  if (!loc.key || !loc.onKey || !loc.mapSchema) return null;
  const s = loc.mapSchema.properties?.[loc.key];
  if (!s?.description) return null;
  const required = loc.mapSchema.required?.includes(loc.key);
  const values = enumValues(resolve(s));
  const value = [
    `**${loc.key}** (${required ? 'required' : 'optional'})`,
    '',
    s.description,
    ...(values ? ['', `Accepted: ${values.map((v) => `\`${v}\``).join(', ')}`] : []),
  ].join('\n');
  return { contents: { kind: MarkupKind.Markdown, value } };
}

/** The outline: the contract's members, and the fields (nested) under its schema. */
export function contractSymbols(cd: ContractDocument): DocumentSymbol[] {
  const root = cd.doc.contents;
  if (!isMap(root)) return [];
  const schemaKey = SCHEMA_MEMBER[cd.shape];
  const out: DocumentSymbol[] = [];
  for (const p of root.items) {
    if (!isPair(p) || !isScalar(p.key)) continue;
    const k = String(p.key.value);
    const value = p.value as YamlNode | null;
    const range = rangeOf(cd, { range: [p.key.range[0], (value?.range ?? p.key.range)[1], 0] });
    const detail = isScalar(value) ? String(value.value ?? '').slice(0, 80) : '';
    out.push({
      name: k,
      detail,
      kind: k === schemaKey ? SymbolKind.Struct : SymbolKind.Property,
      range,
      selectionRange: rangeOf(cd, p.key),
      ...(k === schemaKey ? { children: fieldSymbols(cd, value) } : {}),
    });
  }
  return out;
}

function fieldSymbols(cd: ContractDocument, seq: unknown): DocumentSymbol[] {
  if (!isSeq(seq)) return [];
  const out: DocumentSymbol[] = [];
  for (const item of seq.items) {
    if (!isMap(item)) continue;
    const name = item.get('name', true);
    const type = item.get('type');
    const label = isScalar(name) && name.value !== null ? String(name.value) : '(unnamed field)';
    const children = fieldSymbols(cd, item.get('fields', true));
    out.push({
      name: label || '(unnamed field)',
      detail: [typeof type === 'string' ? type : '', item.get('optional') === true ? 'optional' : '']
        .filter(Boolean)
        .join(' · '),
      kind: children.length ? SymbolKind.Struct : SymbolKind.Field,
      range: rangeOf(cd, item),
      selectionRange: isScalar(name) ? rangeOf(cd, name) : rangeOf(cd, item),
      ...(children.length ? { children } : {}),
    });
  }
  return out;
}

/** The value a quick fix gives a missing member. */
function placeholder(member: string, cd: ContractDocument, indent: string): string {
  const q = (s: string) => (cd.json ? JSON.stringify(s) : s);
  switch (member) {
    case 'spec-version':
      return q('0.1.0');
    case 'id':
      return q(randomUUID());
    case 'type':
      return q('string');
    case 'schema':
    case 'contractSchema':
      return cd.json
        ? '[{ "name": "id", "type": "string" }]'
        : `\n${indent}  - name: id\n${indent}    type: string`;
    default:
      return cd.json ? '""' : "''";
  }
}

/** Quick fixes: add each missing required member the diagnostics in range name. */
export function contractCodeActions(
  cd: ContractDocument,
  uri: string,
  diagnostics: Diagnostic[],
): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    const replacement = (d.data as Partial<ReplacementData> | undefined)?.replacement;
    if (d.source === CONTRACT_SOURCE && typeof replacement === 'string') {
      out.push({
        title: `Change to ${replacement}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: true,
        edit: {
          changes: {
            [uri]: [{ range: d.range, newText: cd.json ? JSON.stringify(replacement) : replacement }],
          },
        },
      });
      continue;
    }
    const optional = makeOptional(cd, d);
    if (optional) {
      out.push({
        ...optional,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        edit: { changes: { [uri]: [optional.edit] } },
      });
      continue;
    }
    const missing = missingMemberOf(cd, d);
    if (!missing) continue;
    const { member, mapOffset } = missing;
    const edit = insertMember(cd, mapOffset, member);
    if (!edit) continue;
    out.push({
      title: `Add the required member ${member}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      isPreferred: true,
      edit: { changes: { [uri]: [edit] } },
    });
  }
  return out;
}

/**
 * A compliance problem "required field X is missing" (the data asset lacks a field the contract
 * requires): the contract can say the field may be absent. Marks the field `optional: true`.
 */
function makeOptional(
  cd: ContractDocument,
  d: Diagnostic,
): { title: string; edit: { range: Diagnostic['range']; newText: string } } | undefined {
  if (d.source !== COMPLIANCE_SOURCE || d.code !== 'MISSING_REQUIRED_PROPERTY') return undefined;
  const loc = locate(cd, cd.lines.offsetAt(d.range.start));
  const field = loc.map;
  if (!isMap(field) || !field.range) return undefined;
  const name = field.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === 'name');
  const fieldName = isPair(name) && isScalar(name.value) ? String(name.value.value) : undefined;
  if (!fieldName) return undefined;
  const title = `Mark ${fieldName} optional in the contract`;
  const existing = field.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === 'optional');
  if (isPair(existing) && isScalar(existing.value) && existing.value.range) {
    const [from, to] = existing.value.range;
    return {
      title,
      edit: { range: { start: cd.lines.positionAt(from), end: cd.lines.positionAt(to) }, newText: 'true' },
    };
  }
  const edit = insertMember(cd, field.range[0], 'optional', 'true');
  return edit ? { title, edit } : undefined;
}

/**
 * The missing member a diagnostic names: ours, or the JSON/YAML extension's schema problem
 * (`Missing property "name".` on the object) when that extension validates the file.
 */
function missingMemberOf(cd: ContractDocument, d: Diagnostic): MissingMemberData | undefined {
  if (d.code === CONTRACT_CODES.missing.code && d.data) return d.data as MissingMemberData;
  const m = /^Missing property "([\w-]+)"\.?$/.exec(d.message);
  if (!m || d.source === CONTRACT_SOURCE) return undefined;
  return { member: m[1]!, mapOffset: cd.lines.offsetAt(d.range.start) };
}

function insertMember(cd: ContractDocument, mapOffset: number, member: string, value?: string) {
  const at = cd.lines.positionAt(mapOffset);
  if (cd.json) {
    // Just after the `{`: `"member": value,` (no comma when the object is empty).
    const open = cd.text.indexOf('{', mapOffset);
    if (open < 0) return undefined;
    const empty = /^\s*\}/.test(cd.text.slice(open + 1));
    const pos = cd.lines.positionAt(open + 1);
    return {
      range: { start: pos, end: pos },
      newText: ` ${JSON.stringify(member)}: ${value ?? placeholder(member, cd, '')}${empty ? ' ' : ','}`,
    };
  }
  // YAML: a top-level member goes first; a field's member on a new line after the field's first line.
  if (at.character === 0) {
    return { range: { start: at, end: at }, newText: `${member}: ${value ?? placeholder(member, cd, '')}\n` };
  }
  const indent = ' '.repeat(at.character);
  const lineEnd = cd.text.indexOf('\n', mapOffset);
  const pos = cd.lines.positionAt(lineEnd < 0 ? cd.text.length : lineEnd);
  return {
    range: { start: pos, end: pos },
    newText: `\n${indent}${member}: ${value ?? placeholder(member, cd, indent)}`,
  };
}
