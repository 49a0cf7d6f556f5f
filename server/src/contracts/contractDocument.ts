// An open (or on-disk) contract document for authoring: parsed leniently (YAML, and JSON as YAML) so a
// half-typed file still has a tree, its shape told by content, and the schema each node is checked
// against. Validation, completion, hovers, the outline and quick fixes all start here.
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  type Document,
  type Node as YamlNode,
  type Pair,
} from 'yaml';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver';
import {
  ComplianceRequest,
  Contract,
  ContractFile,
  CONTRACT_TEXT_HINT,
  contractShapeOf,
  type ContractShape,
} from '../../../common/src/api';
import { node, objectBranch, type SchemaNode } from '../util/schemaNav';

const MAX_TEXT = 1_048_576;

export interface ContractDocument {
  text: string;
  /** Positions of offsets in `text`. */
  lines: TextDocument;
  doc: Document.Parsed;
  /** The document's value (as far as it parsed). */
  value: unknown;
  shape: ContractShape;
  /** The request form wrapped in `{contract: …}`. */
  wrapped: boolean;
  /** JSON syntax (the document starts with `{`). */
  json: boolean;
}

/** Schemas by the `$id` TypeBox gives recursive definitions (`fields` items refer to them). */
const RECURSIVE = new Map<string, SchemaNode>();
function collect(s: unknown): void {
  if (!s || typeof s !== 'object') return;
  const n = s as Record<string, unknown>;
  if (typeof n.$id === 'string' && !RECURSIVE.has(n.$id)) RECURSIVE.set(n.$id, n);
  for (const v of Object.values(n)) {
    if (Array.isArray(v)) v.forEach(collect);
    else collect(v);
  }
}
[ContractFile, Contract, ComplianceRequest].forEach(collect);

/** A schema with `$ref` followed and `allOf` merged into one object schema. */
export function resolve(s: SchemaNode | undefined): SchemaNode | undefined {
  if (!s) return undefined;
  const ref = (s as { $ref?: string }).$ref;
  if (ref) return resolve(RECURSIVE.get(ref));
  if (s.allOf) {
    const parts = s.allOf.map(resolve).filter((p): p is SchemaNode => !!p);
    return {
      ...s,
      allOf: undefined,
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})) as SchemaNode['properties'],
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  return s;
}

export function rootSchema(cd: Pick<ContractDocument, 'shape' | 'wrapped'>): SchemaNode {
  if (cd.shape === 'file') return node(ContractFile);
  return node(cd.wrapped ? ComplianceRequest : Contract);
}

/**
 * The document as a contract, or undefined when it is not one. Recognised by content; `byName`
 * (a `*.contract.*` file or one under `contracts/`) also takes a document that is still being written.
 */
export function readContractDocument(text: string, byName: boolean): ContractDocument | undefined {
  if (text.length > MAX_TEXT) return undefined;
  if (!byName && !CONTRACT_TEXT_HINT.test(text)) return undefined;
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, keepSourceTokens: false });
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch {
    value = undefined;
  }
  let shape = contractShapeOf(value);
  if (!shape && byName && (doc.contents === null || isMap(doc.contents))) shape = 'file';
  if (!shape) return undefined;
  const wrapped = shape === 'request' && !!value && typeof value === 'object' && !('contractSchema' in value);
  return {
    text,
    lines: TextDocument.create('contract:/', 'yaml', 0, text),
    doc,
    value,
    shape,
    wrapped,
    json: /^\s*\{/.test(text),
  };
}

export function rangeOf(cd: ContractDocument, n: { range?: [number, number, number] | null }): Range {
  const r = n.range ?? [0, 0, 0];
  return { start: cd.lines.positionAt(r[0]), end: cd.lines.positionAt(r[1]) };
}

/** Where a map member, a sequence item or a scalar sits, with the schema that describes it. */
export interface Located {
  /** Property names and indexes from the root. */
  path: Array<string | number>;
  /** The innermost map around the position, and its schema. */
  map?: YamlNode;
  mapSchema?: SchemaNode;
  /** The member whose key or value holds the position. */
  key?: string;
  onKey: boolean;
  value?: YamlNode | null;
}

/** The node path at an offset (innermost first), following the schema alongside. */
export function locate(cd: ContractDocument, offset: number): Located {
  const out: Located = { path: [], onKey: false };
  let n: unknown = cd.doc.contents;
  let schema: SchemaNode | undefined = rootSchema(cd);
  const within = (x: unknown) => {
    const r = (x as { range?: [number, number, number] } | null)?.range;
    return !!r && offset >= r[0] && offset <= r[2];
  };
  for (let depth = 0; depth < 64 && n; depth++) {
    const s = resolve(schema);
    if (isMap(n)) {
      out.map = n;
      out.mapSchema = objectBranch(s);
      out.key = undefined;
      out.value = undefined;
      out.onKey = false;
      const pair = n.items.find((p) => isPair(p) && (within(p.key) || within(p.value)));
      if (!pair || !isScalar(pair.key)) return out;
      const key = String(pair.key.value);
      out.path.push(key);
      out.key = key;
      out.onKey = within(pair.key);
      out.value = pair.value as YamlNode | null;
      if (out.onKey) return out;
      schema = out.mapSchema?.properties?.[key];
      n = pair.value;
    } else if (isSeq(n)) {
      const i = n.items.findIndex(within);
      if (i < 0) return out;
      out.path.push(i);
      schema = s?.items;
      n = n.items[i];
    } else return out;
  }
  return out;
}

/** The map holding the contract's members: the document's root, or its `contract` (a wrapped request). */
export function contractRoot(cd: ContractDocument): unknown {
  const top: unknown = cd.doc.contents;
  return cd.wrapped && isMap(top) ? top.get('contract', true) : top;
}

/** One member of the contract's map (its key and value nodes), if the map has it. */
export function contractMember(cd: ContractDocument, name: string): Pair | undefined {
  const root = contractRoot(cd);
  return isMap(root) ? root.items.find((p) => isScalar(p.key) && p.key.value === name) : undefined;
}

export function offsetAt(cd: ContractDocument, pos: Position): number {
  return cd.lines.offsetAt(pos);
}
