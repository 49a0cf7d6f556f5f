// Which code anchors a diff can touch, decided before any is placed: `lineage-lens impact` then
// reads and places only those, not every anchored file of the checkout. An anchor is touched only
// where it is placed in a file the diff changes, or (not placed) recorded in a file it deletes; one
// recorded in a file that exists where the anchor index looks first (under the project root, or as
// the exact path) and that the diff leaves alone is placed in that file, untouched. Every other
// anchor is kept: its file is changed or deleted, related by a path suffix to one that is (the index
// also resolves files by a unique suffix), missing (renamed since it was recorded, which the index
// follows through git), or not a usable path at all.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { normalizeAnchorFile } from '../anchors/fileResolver';
import type { AnchorEntry } from '../anchors/types';
import type { DiffRange } from './diffRange';

export interface AnchorsInDiff {
  (entry: AnchorEntry): boolean;
  /** Anchors left out so far. */
  readonly leftOut: number;
}

/** `root`: the analysed folder; `projectRoot`: the scanned project's root inside it ('' or a path). */
export function anchorsInDiff(range: DiffRange, root: string, projectRoot: string): AnchorsInDiff {
  const byName = new Map<string, string[]>();
  const add = (p: string) => {
    const name = path.posix.basename(p);
    const list = byName.get(name);
    if (list) list.push(p);
    else byName.set(name, [p]);
  };
  for (const f of range.files.values()) {
    add(f.file);
    if (f.baseFile) add(f.baseFile);
  }
  for (const d of range.deleted) add(d);
  const related = (rel: string) =>
    (byName.get(path.posix.basename(rel)) ?? []).some(
      (p) => p === rel || p.endsWith(`/${rel}`) || rel.endsWith(`/${p}`),
    );
  const under = projectRoot.replace(/\\/g, '/').replace(/^\.\/?|\/$/g, '');
  const kept = new Map<string, boolean>();
  const keep = (file: string | undefined): boolean => {
    const n = normalizeAnchorFile(file);
    if (!('rel' in n)) return true;
    const rel = n.rel;
    let k = kept.get(rel);
    if (k === undefined) {
      const first = under ? path.posix.join(under, rel) : rel;
      const exists = (p: string) => existsSync(path.join(root, ...p.split('/')));
      k = related(rel) || related(first) || !(exists(first) || (first !== rel && exists(rel)));
      kept.set(rel, k);
    }
    return k;
  };
  let leftOut = 0;
  const filter = ((entry: AnchorEntry) => {
    const k = keep(entry.anchor.file);
    if (!k) leftOut++;
    return k;
  }) as AnchorsInDiff;
  Object.defineProperty(filter, 'leftOut', { get: () => leftOut });
  return filter;
}
