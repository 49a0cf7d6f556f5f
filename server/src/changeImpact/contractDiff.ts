// A contract file compared field by field with its base version: what a consumer of the data asset
// loses (a field removed or renamed, a type narrowed, values no longer allowed) and what the data must
// now carry (a field made required or non-nullable, stricter PII handling). Both shapes of contract
// file (contracts/contractDocument.ts) are read the same way: the field list is `schema` or
// `contractSchema`, nested `fields` give dotted names.
import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import type { ContractFieldChange } from '../../../common/src/changeImpact';
import { contractMember, readContractDocument, type ContractDocument } from '../contracts/contractDocument';

export interface ContractFieldInfo {
  name: string;
  /** Dotted path of the parent ('' at the top). */
  parent: string;
  type: string;
  required: boolean;
  nullable: boolean;
  enumValues?: string[];
  /** 0 none … 3 the strictest handling (see piiLevel). */
  pii: number;
  /** 1-based line of the field in its text. */
  line?: number;
}

export interface ContractVersion {
  name?: string;
  id?: string;
  owner?: string;
  darn: string;
  fields: Map<string, ContractFieldInfo>;
  /** 1-based line of the field list's member (for results about removed fields). */
  schemaLine?: number;
}

/** The same type under its canonical name (Avro-style and sized names alike). */
const CANONICAL: Record<string, string> = {
  int: 'int32',
  long: 'int64',
  bool: 'boolean',
  float: 'float32',
  double: 'float64',
  array: 'list',
};

/** Safe widenings (from → to): every value of `from` is a value of `to`. */
const WIDENS: Record<string, readonly string[]> = {
  int8: ['int16', 'int32', 'int64', 'float32', 'float64', 'decimal'],
  int16: ['int32', 'int64', 'float32', 'float64', 'decimal'],
  int32: ['int64', 'float64', 'decimal'],
  int64: ['decimal'],
  uint8: ['uint16', 'uint32', 'uint64', 'int16', 'int32', 'int64', 'float32', 'float64', 'decimal'],
  uint16: ['uint32', 'uint64', 'int32', 'int64', 'float32', 'float64', 'decimal'],
  uint32: ['uint64', 'int64', 'float64', 'decimal'],
  uint64: ['decimal'],
  float16: ['float32', 'float64'],
  float32: ['float64'],
  date: ['timestamp'],
  uuid: ['string'],
  enum: ['string'],
  null: ['union'],
};

export function canonicalType(t: string): string {
  const l = t.trim().toLowerCase();
  return CANONICAL[l] ?? l;
}

/** Whether a field's type may change from `from` to `to` without breaking its consumers or its data. */
export function typeChangeIsSafe(from: string, to: string): boolean {
  const a = canonicalType(from);
  const b = canonicalType(to);
  return a === b || (WIDENS[a]?.includes(b) ?? false);
}

const PII_LEVELS: Record<string, number> = {
  public: 0,
  none: 0,
  internal: 1,
  pii: 2,
  confidential: 2,
  sensitive: 2,
  restricted: 3,
  secret: 3,
  phi: 3,
};

/** How strictly a field's data is handled: `constraints.pii` / `classification`, or `pii` among its tags. */
function piiLevel(f: Record<string, unknown>, c: Record<string, unknown>): number {
  let level = 0;
  const take = (v: unknown) => {
    if (v === true) level = Math.max(level, 2);
    else if (typeof v === 'string') level = Math.max(level, PII_LEVELS[v.toLowerCase()] ?? 0);
  };
  take(c.pii);
  take(c.classification);
  take(f.classification);
  take(f.pii);
  for (const list of [f.tags, c.tags])
    if (Array.isArray(list)) for (const t of list) if (typeof t === 'string') take(t.toLowerCase());
  return level;
}

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The contract a text holds (either shape), or undefined when it is none. */
export function readContractVersion(text: string, byName: boolean): ContractVersion | undefined {
  const cd = readContractDocument(text, byName);
  if (!cd) return undefined;
  const root = asObject(cd.value);
  const body = cd.wrapped ? asObject(root.contract) : root;
  const member = cd.shape === 'file' ? 'schema' : 'contractSchema';
  const lines = fieldLines(cd, member);
  const fields = new Map<string, ContractFieldInfo>();
  const visit = (list: unknown, parent: string) => {
    if (!Array.isArray(list)) return;
    for (const raw of list) {
      const f = asObject(raw);
      if (typeof f.name !== 'string' || !f.name) continue;
      const key = parent ? `${parent}.${f.name}` : f.name;
      const c = asObject(f.constraints);
      const en = Array.isArray(c.enum) ? c.enum : Array.isArray(f.symbols) ? f.symbols : undefined;
      const info: ContractFieldInfo = {
        name: f.name,
        parent,
        type: typeof f.type === 'string' ? f.type : 'unknown',
        required: f.optional !== true,
        nullable: f.nullable === true || c.nullable === true,
        pii: piiLevel(f, c),
      };
      if (en) info.enumValues = en.map((v) => String(v));
      const line = lines.get(key);
      if (line !== undefined) info.line = line;
      if (!fields.has(key)) fields.set(key, info);
      visit(f.fields, key);
    }
  };
  visit(body[member], '');
  const out: ContractVersion = {
    darn: typeof body.dataAssetResourceName === 'string' ? body.dataAssetResourceName : '',
    fields,
  };
  if (typeof body.name === 'string') out.name = body.name;
  if (typeof body.id === 'string') out.id = body.id;
  if (typeof body.owner === 'string') out.owner = body.owner;
  const schemaLine = lines.get('');
  if (schemaLine !== undefined) out.schemaLine = schemaLine;
  return out;
}

/** 1-based line of each field's item (dotted name → line); '' → the field list's member. */
function fieldLines(cd: ContractDocument, member: string): Map<string, number> {
  const out = new Map<string, number>();
  const lineOf = (n: { range?: [number, number, number] | null } | null | undefined) =>
    n?.range ? cd.lines.positionAt(n.range[0]).line + 1 : undefined;
  const pair = contractMember(cd, member);
  const l = lineOf(pair?.key as YamlNode | undefined);
  if (l !== undefined) out.set('', l);
  const walk = (seq: unknown, parent: string) => {
    if (!isSeq(seq)) return;
    for (const item of seq.items) {
      if (!isMap(item)) continue;
      const name = item.get('name', true);
      if (!isScalar(name) || typeof name.value !== 'string') continue;
      const key = parent ? `${parent}.${name.value}` : name.value;
      const line = lineOf(item);
      if (line !== undefined && !out.has(key)) out.set(key, line);
      walk(item.get('fields', true), key);
    }
  };
  walk(pair?.value, '');
  return out;
}

/**
 * The changes from `base` to `head`, breaking or not. A field removed while one of the same type was
 * added beside it (same parent) is taken as renamed. Changes are listed in the head's field order,
 * removals (which have no line there) at their parent's line or the field list's.
 */
export function compareContracts(base: ContractVersion, head: ContractVersion): ContractFieldChange[] {
  const out: ContractFieldChange[] = [];
  const at = (line: number | undefined) => (line !== undefined ? { line } : {});
  const lineNear = (f: ContractFieldInfo) => head.fields.get(f.parent)?.line ?? head.schemaLine;
  if (base.darn && head.darn && base.darn !== head.darn)
    out.push({
      field: '',
      kind: 'assetChanged',
      breaking: true,
      detail: `The contract moved from data asset ${base.darn} to ${head.darn}.`,
      ...at(head.schemaLine),
    });
  const removed = [...base.fields].filter(([k]) => !head.fields.has(k));
  const added = [...head.fields].filter(([k]) => !base.fields.has(k));
  const renamedTo = new Map<string, string>();
  const taken = new Set<string>();
  for (const [k, f] of removed) {
    const match = added.find(
      ([k2, g]) => !taken.has(k2) && g.parent === f.parent && canonicalType(g.type) === canonicalType(f.type),
    );
    if (match) {
      renamedTo.set(k, match[0]);
      taken.add(match[0]);
    }
  }
  // Only the top of a removed or renamed subtree is reported.
  const under = (k: string, set: Iterable<string>) => [...set].some((p) => k.startsWith(`${p}.`));
  for (const [k, f] of removed) {
    if (
      under(
        k,
        removed.map(([x]) => x),
      )
    )
      continue;
    const to = renamedTo.get(k);
    if (to)
      out.push({
        field: k,
        kind: 'renamed',
        breaking: true,
        detail: `${k} was renamed to ${to} (${f.type}): consumers reading ${k} find nothing.`,
        ...at(head.fields.get(to)?.line),
      });
    else
      out.push({
        field: k,
        kind: 'removed',
        breaking: true,
        detail: `${k} (${f.type}) was removed: consumers can no longer rely on it.`,
        ...at(lineNear(f)),
      });
  }
  for (const [k, g] of added) {
    if (
      taken.has(k) ||
      under(
        k,
        added.map(([x]) => x),
      )
    )
      continue;
    out.push({
      field: k,
      kind: 'added',
      breaking: false,
      detail: g.required
        ? `${k} (${g.type}) was added as required: the data asset must carry it.`
        : `${k} (${g.type}) was added as optional.`,
      ...at(g.line),
    });
  }
  for (const [k, g] of head.fields) {
    const f = base.fields.get(k);
    if (!f) continue;
    if (canonicalType(f.type) !== canonicalType(g.type)) {
      const safe = typeChangeIsSafe(f.type, g.type);
      out.push({
        field: k,
        kind: 'typeChanged',
        breaking: !safe,
        detail: safe
          ? `${k} widened from ${f.type} to ${g.type}: every old value still fits.`
          : `${k} changed from ${f.type} to ${g.type}: ${narrowing(f.type, g.type)}.`,
        ...at(g.line),
      });
    }
    if (!f.required && g.required)
      out.push({
        field: k,
        kind: 'madeRequired',
        breaking: true,
        detail: `${k} is now required: data without it violates the contract.`,
        ...at(g.line),
      });
    if (f.required && !g.required)
      out.push({
        field: k,
        kind: 'madeOptional',
        breaking: false,
        detail: `${k} is now optional: consumers must handle its absence.`,
        ...at(g.line),
      });
    if (f.nullable && !g.nullable)
      out.push({
        field: k,
        kind: 'madeNonNullable',
        breaking: true,
        detail: `${k} may no longer be null: data holding nulls violates the contract.`,
        ...at(g.line),
      });
    if (f.enumValues && g.enumValues) {
      const gone = f.enumValues.filter((v) => !g.enumValues!.includes(v));
      if (gone.length)
        out.push({
          field: k,
          kind: 'enumValuesRemoved',
          breaking: true,
          detail: `${k} no longer allows ${gone.map((v) => JSON.stringify(v)).join(', ')}.`,
          ...at(g.line),
        });
    }
    if (g.pii > f.pii)
      out.push({
        field: k,
        kind: 'piiTightened',
        breaking: true,
        detail: `${k} is handled more strictly as personal data: consumers without that clearance lose it.`,
        ...at(g.line),
      });
  }
  return out.sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.field < b.field ? -1 : a.field > b.field ? 1 : 0),
  );
}

function narrowing(from: string, to: string): string {
  const num = /^(u?int\d*|long|float\d*|double|decimal)$/;
  const a = canonicalType(from);
  const b = canonicalType(to);
  if ((a === 'string' && num.test(b)) || (num.test(a) && b === 'string'))
    return 'string and number values do not convert';
  if (typeChangeIsSafe(to, from)) return 'a narrowing: larger values no longer fit';
  return 'the types are not compatible';
}
