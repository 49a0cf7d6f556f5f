// Diagnostics of an open path document: JSON syntax errors at their position, then the LineagePath
// schema walked over the document so each problem points at its member: missing required members,
// wrong types, enum values, the exact shape of boundary_coordinates (error), unknown members (warning)
// and read-only members, which a save ignores (a faded hint).
import { printParseErrorCode, type Node } from 'jsonc-parser';
import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Diagnostic,
  type Position,
  type Range,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parsedPathDocument } from './parsedDocument';
import { jsonNestsDeeperThan } from '../../../common/src/api/jsonDepth';
import { LineagePath } from '../../../common/src/api';
import { enumValues, node, type SchemaNode } from '../util/schemaNav';

const ROOT = node(LineagePath);
const MAX = 200;
export const SOURCE = 'lineage-path';
export const TOO_DEEP =
  'The document nests values too deeply to be read: a path is a JSON object a few levels deep.';

/**
 * Diagnostics of a path document. Valid JSON (what is open nearly always) is checked on the value
 * JSON.parse gives, and the text is then scanned once for the places of the problems found (and for
 * duplicate members, which a parsed value hides): far cheaper than building the syntax tree of a
 * large document first. Anything else (syntax errors, member names JSON.parse would reorder,
 * duplicates) goes through the tree as parsed for this version (parsedDocument.ts), with the same rules.
 */
export function validatePathDocument(doc: TextDocument): Diagnostic[] {
  return validateFromValue(doc) ?? validateFromTree(doc);
}

/** The same diagnostics, always from the syntax tree (for tests: both ways must agree). */
export function validateFromTree(doc: TextDocument): Diagnostic[] {
  const issues: Array<Issue<Node>> = [];
  const { root, errors, tooDeep } = parsedPathDocument(doc);
  if (tooDeep)
    return [
      {
        range: { start: doc.positionAt(0), end: doc.positionAt(1) },
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        message: TOO_DEEP,
      },
    ];
  const syntax: Diagnostic[] = errors.map((e) => ({
    range: { start: doc.positionAt(e.offset), end: doc.positionAt(e.offset + Math.max(1, e.length)) },
    severity: DiagnosticSeverity.Error,
    source: SOURCE,
    message: `JSON: ${printParseErrorCode(e.error)}`,
  }));
  if (!root)
    return [
      ...syntax,
      {
        range: { start: doc.positionAt(0), end: doc.positionAt(1) },
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        message: 'The document is empty: a path is a JSON object.',
      },
    ].slice(0, MAX);
  if (errors.length === 0) check(TREE, root, ROOT, issues, 'path');
  return [...syntax, ...issues.map((i) => diagnostic(doc, i.at.offset, i.whole ? i.at.length : 1, i))].slice(
    0,
    MAX,
  );
}

function diagnostic(doc: TextDocument, offset: number, length: number, i: Issue<unknown>): Diagnostic {
  return {
    range: { start: doc.positionAt(offset), end: doc.positionAt(offset + length) },
    severity: i.severity,
    source: SOURCE,
    message: i.message,
    ...(i.tags ? { tags: i.tags } : {}),
  };
}

/** The fast way (see validatePathDocument); undefined when the text needs the tree. */
function validateFromValue(doc: TextDocument): Diagnostic[] | undefined {
  const text = doc.getText();
  // Deeper than the service takes: the tree's answer says so (parsedDocument.ts).
  if (jsonNestsDeeperThan(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const issues: Array<Issue<ValueRef>> = [];
  try {
    check(VALUES, { v: value }, ROOT, issues, 'path');
  } catch (err) {
    if (err instanceof RangeError) return undefined; // nested too deep for the walk: the tree says so
    throw err;
  }
  const shown = issues.slice(0, MAX);
  const places = locate(
    text,
    shown.map((i) => i.at),
  );
  if (!places) return undefined;
  // Positions from the scan's own line count: TextDocument.positionAt would first index every line.
  return shown.map((i, k) => {
    const { start, end } = places[k]!;
    return {
      range: { start, end: i.whole ? end : { line: start.line, character: start.character + 1 } },
      severity: i.severity,
      source: SOURCE,
      message: i.message,
      ...(i.tags ? { tags: i.tags } : {}),
    };
  });
}

interface Issue<N> {
  at: N;
  /** The whole node (else its first character: a missing member is reported on the object's brace). */
  whole: boolean;
  severity: DiagnosticSeverity;
  message: string;
  tags?: DiagnosticTag[];
}

type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** A JSON value as the schema walk reads it: a syntax-tree node, or a parsed value and where it sits. */
interface JsonView<N> {
  type(n: N): JsonType;
  value(n: N): unknown;
  items(n: N): N[];
  /** Members in document order: the key's node, the member's name, its value (absent after a syntax error). */
  members(n: N): Array<{ key: N; name: string; value: N | undefined }>;
}

const TREE: JsonView<Node> = {
  type: (n) => n.type as JsonType,
  value: (n) => n.value as unknown,
  items: (n) => n.children ?? [],
  members: (n) => {
    const out: Array<{ key: Node; name: string; value: Node | undefined }> = [];
    for (const prop of n.children ?? []) {
      const key = prop.children?.[0];
      if (!key || typeof key.value !== 'string') continue;
      out.push({ key, name: key.value, value: prop.children?.[1] });
    }
    return out;
  },
};

/** A parsed value, with the way to it from the root (its place in the text is found afterwards). */
interface ValueRef {
  v: unknown;
  parent?: ValueRef;
  step?: string | number;
  /** The member's name rather than its value. */
  key?: boolean;
}

const VALUES: JsonView<ValueRef> = {
  type: (n) => {
    const v = n.v;
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'array';
    return typeof v as JsonType;
  },
  value: (n) => n.v,
  items: (n) => (n.v as unknown[]).map((v, i) => ({ v, parent: n, step: i })),
  members: (n) =>
    Object.keys(n.v as object).map((name) => ({
      key: { v: name, parent: n, step: name, key: true },
      name,
      value: { v: (n.v as Record<string, unknown>)[name], parent: n, step: name },
    })),
};

function jsonType<N>(view: JsonView<N>, n: N): string {
  const t = view.type(n);
  if (t === 'number') return Number.isInteger(view.value(n)) ? 'integer' : 'number';
  return t;
}

function typeMatches<N>(view: JsonView<N>, n: N, type: string | undefined): boolean {
  if (!type) return true;
  const t = jsonType(view, n);
  return t === type || (type === 'number' && t === 'integer');
}

function check<N>(view: JsonView<N>, n: N, s: SchemaNode, out: Array<Issue<N>>, name: string): void {
  const at = (severity: DiagnosticSeverity, message: string) =>
    out.push({ at: n, whole: true, severity, message });

  const values = enumOf(s);
  if (values) {
    if (view.type(n) !== 'string' || !values.includes(view.value(n) as string)) {
      at(DiagnosticSeverity.Error, `${name} must be one of ${values.join(', ')}.`);
    }
    return;
  }
  if (s.anyOf) {
    // e.g. string or null: accept the first branch whose type matches.
    const branch = s.anyOf.find((b) => typeMatches(view, n, b.type));
    if (!branch) at(DiagnosticSeverity.Error, `${name} must be ${s.anyOf.map((b) => b.type).join(' or ')}.`);
    else check(view, n, branch, out, name);
    return;
  }
  if (!typeMatches(view, n, s.type)) {
    at(DiagnosticSeverity.Error, `${name} must be ${article(s.type)}, not ${article(jsonType(view, n))}.`);
    return;
  }
  if (s.type === 'string' && s.minLength && String(view.value(n)).length < s.minLength)
    at(DiagnosticSeverity.Error, `${name} must not be empty.`);
  if (
    (s.type === 'integer' || s.type === 'number') &&
    s.minimum !== undefined &&
    (view.value(n) as number) < s.minimum
  ) {
    at(DiagnosticSeverity.Error, `${name} must be at least ${s.minimum}.`);
  }
  if (s.type === 'array' && s.items) {
    view.items(n).forEach((child, i) => check(view, child, s.items!, out, `${name}[${i}]`));
  }
  if (s.type === 'object') checkObject(view, n, s, out, name);
}

function checkObject<N>(view: JsonView<N>, n: N, s: SchemaNode, out: Array<Issue<N>>, name: string): void {
  const props = s.properties ?? {};
  const present = new Set<string>();
  const atKey = (key: N, severity: DiagnosticSeverity, message: string, tags?: DiagnosticTag[]) =>
    out.push({ at: key, whole: true, severity, message, ...(tags ? { tags } : {}) });
  for (const { key, name: k, value } of view.members(n)) {
    if (present.has(k)) atKey(key, DiagnosticSeverity.Error, `Duplicate member ${k}.`);
    present.add(k);
    const member = props[k];
    if (!member) {
      if (s.additionalProperties === false) {
        atKey(
          key,
          DiagnosticSeverity.Error,
          `${name} allows only ${Object.keys(props).join(' and ')}; ${k} is not allowed.`,
        );
      } else if (s.additionalProperties !== true) {
        atKey(
          key,
          DiagnosticSeverity.Warning,
          `Unknown member ${k} in ${name}; the service does not know it.`,
        );
      }
      continue;
    }
    if (member.readOnly) {
      // A hint, faded: the editor shows it on the member, the Problems panel is not filled with it.
      atKey(key, DiagnosticSeverity.Hint, `${k} is read-only: it is ignored when the path is saved.`, [
        DiagnosticTag.Unnecessary,
      ]);
      // Read-only boundary_coordinates still has an exact shape worth keeping right (it is copied into writes).
      if (k !== 'boundary_coordinates') continue;
    }
    if (value) check(view, value, member, out, `${name}.${k}`);
  }
  for (const req of s.required ?? []) {
    if (!present.has(req)) {
      out.push({
        at: n,
        whole: false,
        severity: DiagnosticSeverity.Error,
        message: `${name} is missing the required member ${req}.`,
      });
    }
  }
}

/** enumValues, once per schema node (the walk asks at every value). */
const enums = new WeakMap<SchemaNode, string[] | null>();
function enumOf(s: SchemaNode): string[] | undefined {
  let v = enums.get(s);
  if (v === undefined) enums.set(s, (v = enumValues(s) ?? null));
  return v ?? undefined;
}

function article(t: string | undefined): string {
  if (!t) return 'a value';
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

/** Where each wanted value (or member name) is wanted, by the steps to it from the root. */
interface Wanted {
  next: Map<string | number, Wanted>;
  /** Indexes (in the caller's list) of the refs to this value, and to its member name. */
  value: number[];
  key: number[];
}

/**
 * One pass over valid JSON text: [offset, length] of each ref's node (as jsonc-parser's tree has them),
 * or undefined when the value JSON.parse gave is not the document's as written: a member twice, or
 * member names that are array indexes (JavaScript lists those first, whatever their order).
 */
function locate(text: string, refs: ValueRef[]): Range[] | undefined {
  const root: Wanted = { next: new Map(), value: [], key: [] };
  refs.forEach((ref, i) => {
    const steps: Array<string | number> = [];
    for (let r: ValueRef | undefined = ref; r?.parent; r = r.parent) steps.push(r.step!);
    let w = root;
    for (let k = steps.length - 1; k >= 0; k--) {
      let next = w.next.get(steps[k]!);
      if (!next) w.next.set(steps[k]!, (next = { next: new Map(), value: [], key: [] }));
      w = next;
    }
    (ref.key ? w.key : w.value).push(i);
  });
  const places: Range[] = new Array<Range>(refs.length);
  // Line breaks: JSON has them only between tokens (never inside a string), as TextDocument counts them.
  let line = 0;
  let lineStart = 0;
  let i = 0;
  const n = text.length;
  const space = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09) i++;
      else if (c === 0x0a || c === 0x0d) {
        i += c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
        line++;
        lineStart = i;
      } else return;
    }
  };
  /** Past the string starting at i (its opening quote). */
  const string = () => {
    let j = i;
    for (;;) {
      j = text.indexOf('"', j + 1);
      let b = j - 1;
      while (text.charCodeAt(b) === 0x5c) b--;
      if ((j - 1 - b) % 2 === 0) break;
    }
    i = j + 1;
  };
  const put = (list: number[], start: Position) => {
    const end = { line, character: i - lineStart };
    for (const k of list) places[k] = { start, end };
  };
  const here = (offset: number): Position => ({ line, character: offset - lineStart });
  // Recursive, as the schema walk: a document nested past the call stack goes to the tree instead.
  const value = (w: Wanted | undefined): boolean => {
    space();
    const start = here(i);
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      i++;
      const seen = new Set<string>();
      space();
      if (text.charCodeAt(i) === 0x7d) i++;
      else
        for (;;) {
          space();
          const keyStart = i;
          string();
          const raw = text.slice(keyStart + 1, i - 1);
          const name = raw.includes('\\') ? (JSON.parse(text.slice(keyStart, i)) as string) : raw;
          if (seen.has(name) || INDEX_LIKE.test(name)) return false;
          seen.add(name);
          const child = w?.next.get(name);
          if (child?.key.length) put(child.key, here(keyStart));
          space();
          i++; // the colon
          if (!value(child)) return false;
          space();
          if (text.charCodeAt(i++) === 0x7d) break; // else a comma
        }
    } else if (c === 0x5b /* [ */) {
      i++;
      space();
      if (text.charCodeAt(i) === 0x5d) i++;
      else
        for (let k = 0; ; k++) {
          if (!value(w?.next.get(k))) return false;
          space();
          if (text.charCodeAt(i++) === 0x5d) break;
        }
    } else if (c === 0x22) string();
    else {
      // A number, true, false or null: up to the next delimiter.
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x2c || d === 0x7d || d === 0x5d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09)
          break;
        i++;
      }
    }
    if (w?.value.length) put(w.value, start);
    return true;
  };
  try {
    if (!value(root)) return undefined;
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
  return places;
}

/** Member names JavaScript orders as array indexes, before all others. */
const INDEX_LIKE = /^(?:0|[1-9]\d{0,9})$/;
