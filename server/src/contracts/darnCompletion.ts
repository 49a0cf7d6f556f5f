// Completion of a contract's data asset (`dataAssetResourceName`): the DARNs the workspace knows — its
// contract files' and the lineage's data stores' — each saying where it is known from. The whole value
// is replaced wherever the cursor is in it, so picking one never leaves half of the old DARN behind.
import { CompletionItemKind, type CompletionItem, type Position, type Range } from 'vscode-languageserver';
import type { KnownDarn } from '../../../common/src/protocol';
import { offsetAt, type ContractDocument } from './contractDocument';

/** The range of the `dataAssetResourceName` value the cursor is in (inside its quotes), if it is. */
export function darnValueRange(cd: ContractDocument, pos: Position): Range | undefined {
  const lineStart = offsetAt(cd, pos) - pos.character;
  const newline = cd.text.indexOf('\n', lineStart);
  const line = cd.text.slice(lineStart, newline < 0 ? undefined : newline).replace(/\r$/, '');
  const m = cd.json
    ? /^(.*"dataAssetResourceName"\s*:\s*")([^"]*)/.exec(line)
    : /^(\s*(?:- )?["']?dataAssetResourceName["']?\s*:\s*["']?)([^\s'"#]*)/.exec(line);
  if (!m) return undefined;
  const start = m[1]!.length;
  const end = start + m[2]!.length;
  if (pos.character < start || pos.character > end) return undefined;
  return { start: { line: pos.line, character: start }, end: { line: pos.line, character: end } };
}

export function completeDarn(range: Range, known: readonly KnownDarn[]): CompletionItem[] {
  return known.map((k, i) => ({
    label: k.darn,
    kind: CompletionItemKind.Reference,
    detail: k.sources
      .map((s) => `${s.kind === 'contract' ? 'contract' : 'data store'} ${s.name}`)
      .join(' · '),
    sortText: String(i).padStart(4, '0'),
    filterText: k.darn,
    textEdit: { range, newText: k.darn },
  }));
}
