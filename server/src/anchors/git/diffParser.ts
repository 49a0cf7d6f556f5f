// Reads the output of `git diff -U0 --find-renames` incrementally and keeps only what line mapping
// needs: per file (by its working-tree path) the hunk headers, where it was renamed from, and whether
// it was added. Content lines are counted past, never kept, so a large diff costs little memory.
import type { FileLineMap, Hunk } from './lineMap';

export interface ParsedDiff {
  /** Working-tree path (repository-relative, posix) → its changes. Deleted files are absent. */
  files: Map<string, FileLineMap>;
  /** Path at the commit → working-tree path, for renamed files. */
  renames: Map<string, string>;
  /** Paths at the commit that were deleted since. */
  deleted: Set<string>;
}

/**
 * The `git diff` options whose output DiffParser reads (before the commits and pathspecs): hunk headers
 * only, renames found, fixed prefixes, nothing the user's configuration could change.
 */
export const PARSED_DIFF_ARGS: readonly string[] = [
  '--literal-pathspecs',
  'diff',
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '--no-relative',
  '--ignore-submodules',
  '--src-prefix=a/',
  '--dst-prefix=b/',
  '--histogram',
  '--find-renames',
  '-U0',
];

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Undoes git's C-style quoting of unusual path names ("a/t\303\251st\tx"). */
export function unquotePath(raw: string): string {
  if (!raw.startsWith('"') || !raw.endsWith('"') || raw.length < 2) return raw;
  const bytes: number[] = [];
  const body = raw.slice(1, -1);
  const simple: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
      continue;
    }
    const n = body[i + 1] ?? '';
    if (/[0-7]/.test(n)) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(simple[n] ?? n.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `a/path` or `b/path` (quoted or not) → path; `/dev/null` → undefined. */
function sidePath(raw: string): string | undefined {
  const p = unquotePath(raw.replace(/\t$/, ''));
  if (p === '/dev/null') return undefined;
  return p.slice(2);
}

export class DiffParser {
  readonly result: ParsedDiff = { files: new Map(), renames: new Map(), deleted: new Set() };
  private rest = '';
  /** Content lines still to skip in the current hunk. */
  private skip = 0;
  private oldPath: string | undefined;
  private newPath: string | undefined;
  private renameFrom: string | undefined;
  private renameTo: string | undefined;
  private hunks: Hunk[] = [];
  private inFile = false;

  push(chunk: string): void {
    const text = this.rest + chunk;
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl === -1) break;
      this.line(text.slice(start, nl));
      start = nl + 1;
    }
    this.rest = text.slice(start);
  }

  end(): ParsedDiff {
    if (this.rest) this.line(this.rest);
    this.rest = '';
    this.flush();
    return this.result;
  }

  private line(l: string): void {
    if (this.skip > 0) {
      // "\ No newline at end of file" follows a content line without being one.
      if (!l.startsWith('\\')) this.skip--;
      return;
    }
    if (l.startsWith('diff --git ')) {
      this.flush();
      this.inFile = true;
      return;
    }
    if (!this.inFile) return;
    if (l.startsWith('@@')) {
      const m = HUNK.exec(l);
      if (!m) return;
      const h: Hunk = {
        oldStart: Number(m[1]),
        oldCount: m[2] === undefined ? 1 : Number(m[2]),
        newStart: Number(m[3]),
        newCount: m[4] === undefined ? 1 : Number(m[4]),
      };
      this.hunks.push(h);
      this.skip = h.oldCount + h.newCount;
    } else if (l.startsWith('--- ')) this.oldPath = sidePath(l.slice(4)) ?? '';
    else if (l.startsWith('+++ ')) this.newPath = sidePath(l.slice(4)) ?? '';
    else if (l.startsWith('rename from ')) this.renameFrom = unquotePath(l.slice(12));
    else if (l.startsWith('rename to ')) this.renameTo = unquotePath(l.slice(10));
  }

  private flush(): void {
    if (!this.inFile) return;
    const from = this.renameFrom ?? this.oldPath;
    const to = this.renameTo ?? this.newPath;
    const r = this.result;
    if (to === '' && from) r.deleted.add(from);
    else if (to) {
      const map: FileLineMap = { hunks: this.hunks };
      if (from === '') map.added = true;
      else if (from && from !== to) {
        map.renamedFrom = from;
        r.renames.set(from, to);
      }
      if (map.hunks.length > 0 || map.added || map.renamedFrom) r.files.set(to, map);
    }
    this.inFile = false;
    this.oldPath = this.newPath = this.renameFrom = this.renameTo = undefined;
    this.hunks = [];
    this.skip = 0;
  }
}
