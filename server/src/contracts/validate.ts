// Diagnostics of a contract document while it is written (and by `lineage-lens check`): YAML/JSON
// syntax, then the shape's schema walked over the tree so each problem sits on its member: missing
// required members, wrong types, a `type` outside the accepted set, unknown members, duplicate field
// names. Problems a JSON Schema validator also reports are marked, so they can be left to the YAML or
// JSON extension when one validates the file (no double squiggles).
import { isMap, isPair, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import leven from 'leven';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CONTRACT_FIELD_TYPES } from '../../../common/src/api';
import { enumValues, objectBranch, type SchemaNode } from '../util/schemaNav';
import { rangeOf, resolve, rootSchema, type ContractDocument } from './contractDocument';

export const CONTRACT_SOURCE = 'lineage-contract-file';
const MAX = 200;

/** Diagnostic codes; `schema: true` ones are those a JSON Schema validator reports as well. */
export const CONTRACT_CODES = {
  syntax: { code: 'contract-syntax', schema: true },
  missing: { code: 'contract-missing-member', schema: true },
  type: { code: 'contract-wrong-type', schema: true },
  fieldType: { code: 'contract-unknown-field-type', schema: true },
  value: { code: 'contract-invalid-value', schema: true },
  unknown: { code: 'contract-unknown-member', schema: false },
  duplicate: { code: 'contract-duplicate-field', schema: false },
} as const;
type Kind = keyof typeof CONTRACT_CODES;

/** `data` of an invalid-value diagnostic with a likely meant value: what the quick fix writes. */
export interface ReplacementData {
  replacement: string;
}

/**
 * The accepted value a typo most likely meant: the same but for case, else the nearest by edit
 * distance when it is near enough (at most 2 edits, and fewer than the word has letters).
 */
export function nearestValue(typed: string, values: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  const sameButCase = values.find((v) => v.toLowerCase() === lower);
  if (sameButCase) return sameButCase;
  let best: string | undefined;
  let bestDistance = Math.min(2, lower.length - 1);
  for (const v of values) {
    const d = leven(lower, v.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best === undefined)) [best, bestDistance] = [v, d];
  }
  return best;
}

/** `data` of a missing-member diagnostic: what the quick fix inserts, and where. */
export interface MissingMemberData {
  member: string;
  /** Offset of the map the member belongs in. */
  mapOffset: number;
}

interface Ext extends SchemaNode {
  pattern?: string;
  format?: string;
  minItems?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ValidateOptions {
  /** A YAML/JSON extension validates this file with the contributed schema: skip what it reports. */
  externallyValidated?: boolean;
}

export function validateContractDocument(cd: ContractDocument, opts: ValidateOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (
    kind: Kind,
    n: { range?: [number, number, number] | null },
    message: string,
    extra?: Partial<Diagnostic>,
  ) => {
    const c = CONTRACT_CODES[kind];
    if (opts.externallyValidated && c.schema) return;
    out.push({
      range: rangeOf(cd, n),
      severity: kind === 'unknown' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
      source: CONTRACT_SOURCE,
      code: c.code,
      message,
      ...extra,
    });
  };
  for (const e of cd.doc.errors) {
    add(
      'syntax',
      { range: [e.pos[0], Math.max(e.pos[1], e.pos[0] + 1), e.pos[1]] },
      `${cd.json ? 'JSON' : 'YAML'}: ${e.message.split('\n')[0]}`,
    );
  }
  const root = cd.doc.contents;
  if (cd.doc.errors.length === 0) {
    if (!root || (isScalar(root) && root.value === null)) {
      add(
        'missing',
        { range: [0, 0, 0] },
        'The contract is empty: add spec-version, id, name, namespace, dataAssetResourceName and schema.',
      );
    } else {
      walk(root, rootSchema(cd), 'contract', add, cd.shape === 'file');
    }
  }
  return out.slice(0, MAX);
}

type Add = (
  kind: Kind,
  n: { range?: [number, number, number] | null },
  message: string,
  extra?: Partial<Diagnostic>,
) => void;

function typeOf(n: unknown): string {
  if (isMap(n)) return 'object';
  if (isSeq(n)) return 'array';
  if (isScalar(n)) {
    const v = n.value;
    if (v === null) return 'null';
    if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
    return typeof v;
  }
  return 'unknown';
}

function article(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

function walk(n: unknown, schema: SchemaNode | undefined, name: string, add: Add, fileForm: boolean): void {
  const s: Ext | undefined = resolve(schema);
  if (!s || !n) return;
  const at = n as YamlNode;
  const values = enumValues(s);
  if (values) {
    const v = isScalar(n) ? n.value : undefined;
    if (typeof v !== 'string' || !values.includes(v)) {
      const isFieldType = fileForm && values.length === CONTRACT_FIELD_TYPES.length;
      const near = typeof v === 'string' ? nearestValue(v, values) : undefined;
      const hint = near ? ` Did you mean ${near}?` : '';
      add(
        isFieldType ? 'fieldType' : 'value',
        at,
        isFieldType
          ? `${String(v)} is not an accepted field type.${hint} Accepted: ${values.join(', ')}.`
          : `${name} must be one of ${values.join(', ')}.${hint}`,
        near ? { data: { replacement: near } satisfies ReplacementData } : undefined,
      );
    }
    return;
  }
  const actual = typeOf(n);
  const want = s.type;
  if (want && !(actual === want || (want === 'number' && actual === 'integer'))) {
    add('type', at, `${name} must be ${article(want)}, not ${article(actual)}.`);
    return;
  }
  if (isScalar(n) && typeof n.value === 'string') {
    const v = n.value;
    if (s.minLength && v.length < s.minLength) add('value', at, `${name} must not be empty.`);
    else if (s.pattern && !new RegExp(s.pattern).test(v))
      add('value', at, `${name} must look like 0.1.0 (major.minor.patch).`);
    else if (s.format === 'uuid' && !UUID.test(v)) add('value', at, `${name} must be a UUID.`);
  }
  if (isSeq(n)) {
    if (s.minItems && n.items.length < s.minItems)
      add('value', at, `${name} must list at least ${s.minItems} field.`);
    const fieldList = resolve(s.items)?.properties?.name !== undefined;
    const seen = new Map<string, YamlNode>();
    n.items.forEach((item, i) => {
      if (fieldList && isMap(item)) {
        const nm = item.get('name', true);
        if (isScalar(nm) && typeof nm.value === 'string') {
          if (seen.has(nm.value)) add('duplicate', nm, `Duplicate field name ${nm.value} in ${name}.`);
          else seen.set(nm.value, nm);
        }
      }
      const label =
        fieldList && isMap(item) && isScalar(item.get('name', true))
          ? String((item.get('name', true) as { value: unknown }).value)
          : `${name}[${i}]`;
      walk(item, s.items, label, add, fileForm);
    });
  }
  if (isMap(n)) walkMap(n, objectBranch(s), name, add, fileForm);
}

function walkMap(
  n: YamlNode & { items: unknown[] },
  s: SchemaNode | undefined,
  name: string,
  add: Add,
  fileForm: boolean,
): void {
  if (!s) return;
  const props = s.properties ?? {};
  const present = new Set<string>();
  for (const p of n.items) {
    if (!isPair(p) || !isScalar(p.key)) continue;
    const k = String(p.key.value);
    present.add(k);
    const member = props[k];
    if (!member) {
      if (s.additionalProperties !== true)
        add('unknown', p.key, `Unknown member ${k} in ${name}; the contract format does not know it.`);
      continue;
    }
    if (p.value === null || (isScalar(p.value) && p.value.value === null)) {
      // `key:` with nothing after it yet (no member of a contract takes null).
      add('type', p.key, `${k} has no value.`);
      continue;
    }
    walk(p.value, member, name === 'contract' ? k : `${name}.${k}`, add, fileForm);
  }
  const keyRange = n.range
    ? { range: [n.range[0], n.range[0] + 1, n.range[0] + 1] as [number, number, number] }
    : n;
  for (const req of s.required ?? []) {
    if (present.has(req)) continue;
    const data: MissingMemberData = { member: req, mapOffset: n.range?.[0] ?? 0 };
    add('missing', keyRange, `${name} is missing the required member ${req}.`, { data });
  }
}
