// What VS Code sends when it reloads an open, unmodified document whose file changed on disk: one edit
// replacing the lines between the longest common first and last lines (ModelService._computeEdits in
// VS Code 1.100, src/vs/editor/common/services/modelService.ts), as the language client forwards it.
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';

function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** The didChange content changes of VS Code's reload from `before` (the model) to `after` (the disk). */
export function vscodeReloadEdit(before: string, after: string): TextDocumentContentChangeEvent[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const n = a.length;
  const m = b.length;
  let prefix = 0;
  while (prefix < Math.min(n, m) && a[prefix] === b[prefix]) prefix++;
  if (n === m && prefix === n) return [];
  let suffix = 0;
  while (suffix < Math.min(n - prefix, m - prefix) && a[n - 1 - suffix] === b[m - 1 - suffix]) suffix++;
  // 0-based LSP positions of VS Code's 1-based ranges.
  let range: { start: { line: number; character: number }; end: { line: number; character: number } };
  let text: string;
  if (suffix > 0) {
    range = { start: { line: prefix, character: 0 }, end: { line: n - suffix, character: 0 } };
    text = b
      .slice(prefix, m - suffix)
      .map((l) => l + '\n')
      .join('');
  } else if (prefix > 0) {
    range = {
      start: { line: prefix - 1, character: a[prefix - 1]!.length },
      end: { line: n - 1, character: a[n - 1]!.length },
    };
    text = b
      .slice(prefix)
      .map((l) => '\n' + l)
      .join('');
  } else {
    range = { start: { line: 0, character: 0 }, end: { line: n - 1, character: a[n - 1]!.length } };
    text = b.join('\n');
  }
  return [{ range, text }];
}
