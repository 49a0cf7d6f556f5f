// The identifier under a position (letters, digits, `_` and `$`), for field-tag hovers.
import type { Position, Range } from 'vscode-languageserver';

const ID_CHAR = /[\p{L}\p{N}_$]/u;

export function lineAt(text: string, line: number): string | undefined {
  let start = 0;
  for (let i = 0; i < line; i++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return undefined;
    start = nl + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
}

export function identifierAt(text: string, pos: Position): { text: string; range: Range } | undefined {
  const line = lineAt(text, pos.line);
  if (line === undefined) return undefined;
  let s = Math.min(pos.character, line.length);
  let e = s;
  while (s > 0 && ID_CHAR.test(line[s - 1]!)) s--;
  while (e < line.length && ID_CHAR.test(line[e]!)) e++;
  if (s === e || /^\p{N}/u.test(line.slice(s, e))) return undefined;
  return {
    text: line.slice(s, e),
    range: { start: { line: pos.line, character: s }, end: { line: pos.line, character: e } },
  };
}
