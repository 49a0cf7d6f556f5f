// Diagnostics of an open path document: JSON syntax errors at their position, then the LineagePath
// schema walked over the syntax tree so each problem points at its member: missing required members,
// wrong types, enum values, the exact shape of boundary_coordinates (error), unknown members (warning)
// and read-only members, which a save ignores (a faded hint).
import { printParseErrorCode, type Node } from 'jsonc-parser';
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parsedPathDocument } from './parsedDocument';
import { LineagePath } from '../../../common/src/api';
import { enumValues, node, type SchemaNode } from '../util/schemaNav';

const ROOT = node(LineagePath);
const MAX = 200;
export const SOURCE = 'lineage-path';

interface Issue {
  offset: number;
  length: number;
  severity: DiagnosticSeverity;
  message: string;
  tags?: DiagnosticTag[];
}

/** Diagnostics of a path document, from its tree as parsed for this version (see parsedDocument.ts). */
export function validatePathDocument(doc: TextDocument): Diagnostic[] {
  const issues: Issue[] = [];
  const { root, errors } = parsedPathDocument(doc);
  for (const e of errors) {
    issues.push({
      offset: e.offset,
      length: Math.max(1, e.length),
      severity: DiagnosticSeverity.Error,
      message: `JSON: ${printParseErrorCode(e.error)}`,
    });
  }
  if (root && errors.length === 0) check(root, ROOT, issues, 'path');
  else if (!root)
    issues.push({
      offset: 0,
      length: 1,
      severity: DiagnosticSeverity.Error,
      message: 'The document is empty: a path is a JSON object.',
    });
  return issues.slice(0, MAX).map((i) => ({
    range: { start: doc.positionAt(i.offset), end: doc.positionAt(i.offset + i.length) },
    severity: i.severity,
    source: SOURCE,
    message: i.message,
    ...(i.tags ? { tags: i.tags } : {}),
  }));
}

function jsonType(n: Node): string {
  if (n.type === 'number') return Number.isInteger(n.value) ? 'integer' : 'number';
  return n.type;
}

function typeMatches(n: Node, type: string | undefined): boolean {
  if (!type) return true;
  const t = jsonType(n);
  return t === type || (type === 'number' && t === 'integer');
}

/** The value node of a property node, and its key node. */
function keyOf(prop: Node): Node | undefined {
  return prop.children?.[0];
}

function check(n: Node, s: SchemaNode, out: Issue[], name: string): void {
  const at = (severity: DiagnosticSeverity, message: string, target: Node = n) =>
    out.push({ offset: target.offset, length: target.length, severity, message });

  const values = enumValues(s);
  if (values) {
    if (n.type !== 'string' || !values.includes(n.value as string)) {
      at(DiagnosticSeverity.Error, `${name} must be one of ${values.join(', ')}.`);
    }
    return;
  }
  if (s.anyOf) {
    // e.g. string or null: accept the first branch whose type matches.
    const branch = s.anyOf.find((b) => typeMatches(n, b.type));
    if (!branch) at(DiagnosticSeverity.Error, `${name} must be ${s.anyOf.map((b) => b.type).join(' or ')}.`);
    else check(n, branch, out, name);
    return;
  }
  if (!typeMatches(n, s.type)) {
    at(DiagnosticSeverity.Error, `${name} must be ${article(s.type)}, not ${article(jsonType(n))}.`);
    return;
  }
  if (s.type === 'string' && s.minLength && String(n.value).length < s.minLength)
    at(DiagnosticSeverity.Error, `${name} must not be empty.`);
  if (
    (s.type === 'integer' || s.type === 'number') &&
    s.minimum !== undefined &&
    (n.value as number) < s.minimum
  ) {
    at(DiagnosticSeverity.Error, `${name} must be at least ${s.minimum}.`);
  }
  if (s.type === 'array' && s.items) {
    (n.children ?? []).forEach((child, i) => check(child, s.items!, out, `${name}[${i}]`));
  }
  if (s.type === 'object') checkObject(n, s, out, name);
}

function checkObject(n: Node, s: SchemaNode, out: Issue[], name: string): void {
  const props = s.properties ?? {};
  const present = new Set<string>();
  for (const prop of n.children ?? []) {
    const key = keyOf(prop);
    const value = prop.children?.[1];
    if (!key || typeof key.value !== 'string') continue;
    const k = key.value;
    if (present.has(k))
      out.push({
        offset: key.offset,
        length: key.length,
        severity: DiagnosticSeverity.Error,
        message: `Duplicate member ${k}.`,
      });
    present.add(k);
    const member = props[k];
    if (!member) {
      if (s.additionalProperties === false) {
        out.push({
          offset: key.offset,
          length: key.length,
          severity: DiagnosticSeverity.Error,
          message: `${name} allows only ${Object.keys(props).join(' and ')}; ${k} is not allowed.`,
        });
      } else if (s.additionalProperties !== true) {
        out.push({
          offset: key.offset,
          length: key.length,
          severity: DiagnosticSeverity.Warning,
          message: `Unknown member ${k} in ${name}; the service does not know it.`,
        });
      }
      continue;
    }
    if (member.readOnly) {
      // A hint, faded: the editor shows it on the member, the Problems panel is not filled with it.
      out.push({
        offset: key.offset,
        length: key.length,
        severity: DiagnosticSeverity.Hint,
        tags: [DiagnosticTag.Unnecessary],
        message: `${k} is read-only: it is ignored when the path is saved.`,
      });
      // Read-only boundary_coordinates still has an exact shape worth keeping right (it is copied into writes).
      if (k !== 'boundary_coordinates') continue;
    }
    if (value) check(value, member, out, `${name}.${k}`);
  }
  for (const req of s.required ?? []) {
    if (!present.has(req)) {
      out.push({
        offset: n.offset,
        length: 1,
        severity: DiagnosticSeverity.Error,
        message: `${name} is missing the required member ${req}.`,
      });
    }
  }
}

function article(t: string | undefined): string {
  if (!t) return 'a value';
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
