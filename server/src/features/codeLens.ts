// A lens above each anchored range that tells anchors apart: one path reads "createOrder → insertOrder ·
// pii, phi" (its short label and the tags it carries); several read "3 lineage paths: createOrder →
// insertOrder, createOrder → chargeCard, …". Clicking reveals the path(s) in the Lineage tree.
import type { CodeLens } from 'vscode-languageserver';
import type { LineagePath } from '../../../common/src/api';
import { COMMANDS, type PathRef } from '../../../common/src/protocol';
import { iconLabelText } from '../../../common/src/untrustedText';
import type { AnchorReader, ComponentReader } from '../session/parts';
import { carriedTags, shortPathLabel } from '../domain/pathSummary';
import { firstLinePerPathSet } from './lensLines';

const MAX_TITLE = 100;
const LABELS_SHOWN = 2;

interface LineGroup {
  line: number;
  refs: PathRef[];
  keys: Set<string>;
  /** The first paths found in the cache (those the title shows), and how many were found in all. */
  paths: LineagePath[];
  found: number;
  /** Every anchor here was placed by its names only (its scanned commit is not in this clone). */
  unverified: boolean;
}

/** Before the title of a lens whose anchors are only probably there: quieter, and distinct. */
export const UNVERIFIED_MARK = '≈ ';

export function codeLenses(
  session: { index: AnchorReader; store: ComponentReader },
  uri: string,
  /** The document's lines, when it is open: a call inside a function repeats no lens of the function's. */
  lines?: readonly string[],
): CodeLens[] {
  const byLine = new Map<number, LineGroup>();
  for (const a of session.index.anchorsInFile(uri)) {
    if (a.state !== 'resolved' && a.state !== 'relocated') continue;
    // Read once: the index makes a range each time one is read.
    const range = a.range;
    if (!range) continue;
    const line = range.start.line;
    let g = byLine.get(line);
    if (!g)
      byLine.set(line, (g = { line, refs: [], keys: new Set(), paths: [], found: 0, unverified: true }));
    g.unverified &&= a.unverified === true;
    const key = `${a.entry.componentId}/${a.entry.pathId}`;
    if (g.keys.has(key)) continue;
    g.keys.add(key);
    g.refs.push({ componentId: a.entry.componentId, pathId: a.entry.pathId });
    const path = session.store.findPath(a.entry.componentId, a.entry.pathId);
    if (!path) continue;
    g.found++;
    // Thousands of paths can share a line: only those the title shows are kept (and labelled).
    if (g.paths.length < LABELS_SHOWN) g.paths.push(path);
  }
  return firstLinePerPathSet([...byLine.values()], lines).map((g) => ({
    range: { start: { line: g.line, character: 0 }, end: { line: g.line, character: 0 } },
    command: {
      title: (g.unverified ? UNVERIFIED_MARK : '') + lensTitle(g),
      command: COMMANDS.revealPath,
      arguments: g.refs,
    },
  }));
}

/** The title. Labels and tag names are service text; a lens title draws `$(icon)`: icon-label text. */
function lensTitle(g: LineGroup): string {
  const n = g.refs.length;
  if (n === 1 && g.found === 1) {
    const path = g.paths[0]!;
    const { tags } = carriedTags(path);
    const label = shortPathLabel(path);
    return iconLabelText(tags.length ? `${label} · ${tags.join(', ')}` : label, MAX_TITLE);
  }
  if (g.found === 0) return n === 1 ? '1 lineage path' : `${n} lineage paths`;
  const shown = g.paths.map(shortPathLabel).join(', ') + (g.found > LABELS_SHOWN ? ', …' : '');
  return iconLabelText(`${n} lineage paths: ${shown}`, MAX_TITLE);
}
