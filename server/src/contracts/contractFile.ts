// Contract and registration files in the workspace (YAML or JSON — JSON is YAML): parsing them, telling
// the contract's shape by content, checking them against the common schemas, and finding the line a
// compliance violation belongs on.
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { Range } from 'vscode-languageserver';
import {
  Contract,
  ContractFile,
  RegisterObjectStoreRequest,
  SCHEMA_MEMBER,
  contractOfFile,
  contractShapeOf,
  describeProblems,
  problems,
  type ContractShape,
  type Violation,
} from '../../../common/src/api';
import { UserInputError } from '../api/serviceErrors';

export interface ParsedFile {
  doc: Document.Parsed;
  lines: LineCounter;
  value: unknown;
}

const MAX_FILE_BYTES = 1_048_576;

export function parseFile(text: string, what: string): ParsedFile {
  if (text.length > MAX_FILE_BYTES) throw new UserInputError(`The ${what} file is larger than 1 MiB.`);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) {
    const pos = lines.linePos(err.pos[0]);
    throw new UserInputError(
      `The ${what} file is not valid YAML/JSON at line ${pos.line}: ${err.message.split('\n')[0]}`,
    );
  }
  return { doc, lines, value: doc.toJS({ maxAliasCount: 100 }) as unknown };
}

export interface ContractInFile {
  contract: Contract;
  /** The map holding the contract's members (the file's root, or `contract` of a request body). */
  root: YamlNode | null;
  shape: ContractShape;
  /** The file form's `name`, when it has one. */
  name?: string;
}

/**
 * The contract in a file, recognised by content: the vendor file form (mapped to the API's contract
 * in one place, common/src/api/contractFile.ts), the request form's contract itself, or `{contract}`.
 */
export function contractOf(file: ParsedFile): ContractInFile {
  const v = file.value as Record<string, unknown> | null;
  const shape = contractShapeOf(v);
  if (!shape)
    throw new UserInputError(
      'The file is not a contract: it has neither `spec-version`/`schema` (contract file form) nor `contractSchema` (request form).',
    );
  if (shape === 'file') {
    const found = problems(ContractFile, v);
    if (found.length)
      throw new UserInputError(`The contract file has problems: ${describeProblems(found.slice(0, 3))}`);
    const cf = v as unknown as ContractFile;
    return { contract: contractOfFile(cf), root: file.doc.contents, shape, name: cf.name };
  }
  const wrapped = v !== null && !('contractSchema' in v);
  const contract = (wrapped ? v.contract : v) as Contract;
  const found = problems(Contract, contract);
  if (found.length) throw new UserInputError(`The file is not a contract: ${describeProblems(found)}`);
  const root =
    wrapped && isMap(file.doc.contents)
      ? (file.doc.contents.get('contract', true) as YamlNode)
      : (file.doc.contents as YamlNode | null);
  return { contract, root, shape };
}

export function registrationOf(
  file: ParsedFile,
  dryRun: boolean,
  prLink: string | undefined,
): RegisterObjectStoreRequest {
  const v = file.value as Record<string, unknown> | null;
  if (!v || typeof v !== 'object' || !Array.isArray(v.assets))
    throw new UserInputError('The file must hold an object with an `assets` list.');
  const body: RegisterObjectStoreRequest = {
    assets: v.assets as RegisterObjectStoreRequest['assets'],
    dry_run: dryRun,
  };
  const link = prLink ?? (typeof v.prLink === 'string' ? v.prLink : undefined);
  if (link) body.prLink = link;
  const found = problems(RegisterObjectStoreRequest, body);
  if (found.length)
    throw new UserInputError(
      `The registration file does not match the request schema: ${describeProblems(found)}`,
    );
  return body;
}

function toRange(file: ParsedFile, node: YamlNode): Range | undefined {
  const r = node.range;
  if (!r) return undefined;
  const s = file.lines.linePos(r[0]);
  const e = file.lines.linePos(r[1]);
  return {
    start: { line: s.line - 1, character: s.col - 1 },
    end: { line: e.line - 1, character: e.col - 1 },
  };
}

/** The element named `name` in a `fields`/schema sequence, with its `name` value node. */
function element(seq: unknown, name: string): { el: YamlNode; nameNode: YamlNode } | undefined {
  if (!isSeq(seq)) return undefined;
  for (const item of seq.items) {
    if (!isMap(item)) continue;
    const n = item.get('name', true);
    if (isScalar(n) && n.value === name) return { el: item, nameNode: n };
  }
  return undefined;
}

function memberKeyRange(file: ParsedFile, root: YamlNode, member: string): Range | undefined {
  if (!isMap(root)) return undefined;
  const pair = root.items.find((p) => isScalar(p.key) && p.key.value === member);
  return pair && isScalar(pair.key) ? toRange(file, pair.key) : undefined;
}

/**
 * Where a violation belongs: MISSING_DATA_ASSET on the `dataAssetResourceName` line; a field's
 * violation on that field's `name` (`a.b.c` followed through the schema and nested `fields`; when the
 * path does not fit, the deepest element reached, else the first element named like the last segment
 * anywhere, else the schema key).
 */
export function violationRange(
  file: ParsedFile,
  found: Pick<ContractInFile, 'root' | 'shape'>,
  violation: Pick<Violation, 'field' | 'violationType'>,
): Range | undefined {
  const { root, shape } = found;
  if (!isMap(root)) return undefined;
  if (violation.violationType === 'MISSING_DATA_ASSET') {
    const darn = root.get('dataAssetResourceName', true);
    return (
      (isScalar(darn) ? toRange(file, darn) : undefined) ??
      memberKeyRange(file, root, 'dataAssetResourceName')
    );
  }
  const member = SCHEMA_MEMBER[shape];
  const fallback = memberKeyRange(file, root, member);
  const field = violation.field;
  if (!field) return fallback;
  const segs = field.split('.').filter(Boolean);
  let seq: unknown = root.get(member, true);
  let best: YamlNode | undefined;
  for (const seg of segs) {
    const hit = element(seq, seg);
    if (!hit) break;
    best = hit.nameNode;
    seq = isMap(hit.el) ? hit.el.get('fields', true) : undefined;
  }
  if (!best) best = findAnywhere(root.get(member, true), segs[segs.length - 1] ?? field);
  return (best && toRange(file, best)) ?? fallback;
}

function findAnywhere(seq: unknown, name: string): YamlNode | undefined {
  if (!isSeq(seq)) return undefined;
  for (const item of seq.items) {
    if (!isMap(item)) continue;
    const n = item.get('name', true);
    if (isScalar(n) && n.value === name) return n;
    const deeper = findAnywhere(item.get('fields', true), name);
    if (deeper) return deeper;
  }
  return undefined;
}
