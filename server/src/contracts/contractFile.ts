// Contract and registration files in the workspace (YAML or JSON — JSON is YAML): parsing them, checking
// them against the common schemas, and finding the line of a contract field for diagnostics.
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
import { Contract, RegisterObjectStoreRequest, describeProblems, problems } from '../../../common/src/api';
import { UserInputError } from '../util/serviceErrors';

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

/** The contract in a file: either the contract itself or `{contract: {...}}` (the request body). */
export function contractOf(file: ParsedFile): { contract: Contract; root: YamlNode | null } {
  const v = file.value as Record<string, unknown> | null;
  const wrapped = v && typeof v === 'object' && 'contract' in v;
  const contract = (wrapped ? v.contract : v) as Contract;
  const found = problems(Contract, contract);
  if (found.length) throw new UserInputError(`The file is not a contract: ${describeProblems(found)}`);
  const root =
    wrapped && isMap(file.doc.contents)
      ? (file.doc.contents.get('contract', true) as YamlNode)
      : (file.doc.contents as YamlNode | null);
  return { contract, root };
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

/** The element named `name` in a `fields`/`contractSchema` sequence, with its `name` value node. */
function element(seq: unknown, name: string): { el: YamlNode; nameNode: YamlNode } | undefined {
  if (!isSeq(seq)) return undefined;
  for (const item of seq.items) {
    if (!isMap(item)) continue;
    const n = item.get('name', true);
    if (isScalar(n) && n.value === name) return { el: item, nameNode: n };
  }
  return undefined;
}

/**
 * The line of a violating field: `a.b.c` is followed through contractSchema and nested `fields`;
 * when the path does not fit, the deepest element reached, else the first element named like the last
 * segment anywhere, else the contractSchema key.
 */
export function fieldRange(
  file: ParsedFile,
  root: YamlNode | null,
  field: string | undefined,
): Range | undefined {
  if (!isMap(root)) return undefined;
  const schemaPair = root.items.find((p) => isScalar(p.key) && p.key.value === 'contractSchema');
  const fallback = schemaPair && isScalar(schemaPair.key) ? toRange(file, schemaPair.key) : undefined;
  if (!field) return fallback;
  const segs = field.split('.').filter(Boolean);
  let seq: unknown = root.get('contractSchema', true);
  let best: YamlNode | undefined;
  for (const seg of segs) {
    const hit = element(seq, seg);
    if (!hit) break;
    best = hit.nameNode;
    seq = isMap(hit.el) ? hit.el.get('fields', true) : undefined;
  }
  if (!best) best = findAnywhere(root.get('contractSchema', true), segs[segs.length - 1] ?? field);
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
