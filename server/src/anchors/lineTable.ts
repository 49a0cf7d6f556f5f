// Line starts of a text, for converting between offsets and LSP positions (UTF-16 code units).
import type { Position } from 'vscode-languageserver';

export class LineTable {
  private readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    // Most files end their lines with \n alone: found by indexOf (a native search), not char by char.
    if (text.indexOf('\r') === -1) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.starts = starts;
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (c === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))]!;
  }

  /** Length of a line without its line break. */
  lineLength(line: number): number {
    if (line < 0 || line >= this.starts.length) return 0;
    const start = this.starts[line]!;
    let end = line + 1 < this.starts.length ? this.starts[line + 1]! : this.text.length;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return end - start;
  }

  offsetAt(pos: Position): number {
    if (pos.line >= this.starts.length) return this.text.length;
    const line = Math.max(0, pos.line);
    return this.starts[line]! + Math.max(0, Math.min(pos.character, this.lineLength(line)));
  }

  positionAt(offset: number): Position {
    // Binary search for the last line start <= offset.
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - this.starts[lo]! };
  }
}
