// Which anchors a diff touches, and how (touchKind.ts): the anchors of every changed file as the index
// places them in the head, plus the anchors left without a file by a deletion. An anchor placed in the
// head is the definition its lines are on there, looked up with tree-sitter in the base version of its
// file by kind, container and name; one no longer placed is looked up by its names (its own, the
// callee's, the handler's, in that order) at the base and on the lines the diff added elsewhere (a
// function moved to another file).
import * as path from 'node:path';
import type { TouchKind } from '../../../common/src/changeImpact';
import type { AnchorIndex } from '../anchors';
import { fileUri } from '../workspace/uris';
import { invertMap, mapLines } from '../anchors/git/lineMap';
import type { DefinitionSource } from '../anchors/syntax/definitionSource';
import type { DefinitionTable } from '../anchors/syntax/definitions';
import { definitionOfRange, definitionsOf, nearestDefinition } from '../anchors/syntax/identity';
import type { TrackedAnchor } from '../anchors/types';
import type { ChangedFile, DiffRange } from './diffRange';
import { baseLinesChanged, headLinesAdded, headLinesChanged } from './lineChanges';
import { touchKind, type TouchEvidence } from './touchKind';

export interface TouchedAnchor {
  anchor: TrackedAnchor;
  change: TouchKind;
  /** Where it is in the head (modified, moved within a file) or was at the base (deleted): 1-based. */
  file: string;
  lineStart: number;
  lineEnd: number;
  movedTo?: { file: string; lineStart: number; lineEnd: number };
}

export interface TouchInputs {
  /** The analysed folder. */
  root: string;
  range: DiffRange;
  index: Pick<AnchorIndex, 'anchorsInFile' | 'problems'>;
  definitions: DefinitionSource | undefined;
  /** The head's and the base's text of a file (relative to root). */
  headText(file: string): Promise<string | undefined>;
  baseText(file: string): Promise<string | undefined>;
}

const abs = (root: string, file: string) => path.join(root, ...file.split('/'));

/** 0-based LSP range → 1-based inclusive lines (an end at column 0 of a later line ends on the line before). */
function linesOf(t: TrackedAnchor): { s: number; e: number } | undefined {
  const r = t.range;
  if (!r) return undefined;
  const endLine = r.end.line > r.start.line && r.end.character === 0 ? r.end.line - 1 : r.end.line;
  return { s: r.start.line + 1, e: Math.max(endLine, r.start.line) + 1 };
}

export async function touchedAnchors(inp: TouchInputs): Promise<TouchedAnchor[]> {
  const { root, range } = inp;
  const changed = [...range.files.values()];
  await inp.definitions?.prepare([
    ...changed.map((f) => abs(root, f.file)),
    ...[...range.deleted].map((f) => abs(root, f)),
  ]);
  const defsCache = new Map<string, Promise<DefinitionTable | undefined>>();
  const defsOf = (side: 'base' | 'head', file: string) => {
    const key = `${side}\0${file}`;
    let p = defsCache.get(key);
    if (!p) {
      p = (side === 'base' ? inp.baseText(file) : inp.headText(file)).then((text) => {
        if (text === undefined || !inp.definitions) return undefined;
        // The base is another version of the file: parsed beside the working tree's, not over it.
        return inp.definitions.definitions(
          abs(root, file),
          text,
          side === 'base' ? `base:${range.base.commit}` : undefined,
        );
      });
      defsCache.set(key, p);
    }
    return p;
  };
  /** A definition of a name on lines all added by the diff, in any changed file but `except`. */
  const newDefinitionOf = async (names: readonly string[], except?: string) => {
    for (const name of names) {
      for (const f of changed) {
        if (f.file === except) continue;
        const defs = (await defsOf('head', f.file))?.get(name);
        for (const d of defs ?? []) {
          if (headLinesAdded(f.map, d.startLine + 1, d.endLine + 1).all)
            return { file: f.file, lineStart: d.startLine + 1, lineEnd: d.endLine + 1 };
        }
      }
    }
    return undefined;
  };
  /**
   * By its names, in the anchor's order (its own name, the callee, the handler): the first name defined
   * in the file wins, nearest to `line` among its definitions. Looking at every name at once took a
   * callee defined beside the handler for the anchored code.
   */
  const byNames = (defs: DefinitionTable | undefined, names: string[], line: number) => {
    for (const n of names) {
      const best = nearestDefinition(defs?.get(n) ?? [], line);
      if (best) return best;
    }
    return undefined;
  };
  /**
   * The base definition of an anchor placed in the head: the definition its placed lines are on there
   * (what the anchor is, since anchors keep their identity), found at the base by kind, container and
   * name, nearest to where git maps its lines back; by its names only when the head's lines are on no
   * definition (a language parsed by text rules).
   */
  const baseDefinition = async (
    head: ChangedFile,
    lines: { s: number; e: number },
    back: { start: number } | undefined,
    names: string[],
    baseDefs: DefinitionTable | undefined,
  ) => {
    const headDefs = await defsOf('head', head.file);
    const on = headDefs && definitionOfRange(headDefs, { start: lines.s - 1, end: lines.e - 1 });
    if (!on) return back ? byNames(baseDefs, names, back.start) : undefined;
    return baseDefs && nearestDefinition(definitionsOf(on.def, baseDefs), back?.start ?? lines.s - 1);
  };

  const out: TouchedAnchor[] = [];
  const seen = new Set<TrackedAnchor>();
  const consider = async (t: TrackedAnchor, head: ChangedFile | undefined, baseFile: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    const names = t.entry.expectedNames;
    const lines = t.state === 'stale' ? undefined : linesOf(t);
    const baseDefs = await defsOf('base', baseFile);
    if (head && lines && head.map.added) {
      // Placed in a file this diff adds: the index followed its definition there from the file it was
      // recorded in, if the diff removed it from that one.
      const moved = await movedHere(t, names, head, lines);
      if (moved) return void out.push(moved);
    }
    if (head && lines) {
      // Placed in the head: where its lines were at the base, and the definition there.
      const back = head.map.added ? undefined : mapLines(invertMap(head.map), lines.s - 1, lines.e - 1);
      const def = head.map.added ? undefined : await baseDefinition(head, lines, back, names, baseDefs);
      const base = def ? baseLinesChanged(head.map, def.startLine + 1, def.endLine + 1) : undefined;
      const added = headLinesAdded(head.map, lines.s, lines.e);
      const e: TouchEvidence = {
        placed: true,
        headChanged: headLinesChanged(head.map, lines.s, lines.e),
        headAllAdded: added.all && base !== undefined && base.hunk !== added.hunk,
        baseChanged: base?.changed ?? false,
        baseRemoved: base?.removed ?? false,
        foundElsewhere: false,
      };
      const change = touchKind(e);
      if (change)
        out.push({
          anchor: t,
          change,
          file: head.file,
          lineStart: lines.s,
          lineEnd: lines.e,
          ...(change === 'moved' && def
            ? { movedTo: { file: head.file, lineStart: lines.s, lineEnd: lines.e } }
            : {}),
        });
      return;
    }
    // Not placed (stale, or its file deleted): its definition at the base, else its recorded lines.
    const rec = t.entry.anchor;
    const recStart = Math.max(1, rec.line_start ?? 1);
    const def = byNames(baseDefs, names, recStart - 1);
    const s = def ? def.startLine + 1 : recStart;
    const e2 = def ? def.endLine + 1 : Math.max(recStart, rec.line_end ?? recStart);
    const base = baseLinesChanged(head?.map, s, e2);
    const elsewhere = base.changed ? await newDefinitionOf(names) : undefined;
    const change = touchKind({
      placed: false,
      headChanged: false,
      headAllAdded: false,
      baseChanged: base.changed,
      baseRemoved: base.removed,
      foundElsewhere: elsewhere !== undefined,
    });
    if (change)
      out.push({
        anchor: t,
        change,
        file: baseFile,
        lineStart: s,
        lineEnd: e2,
        ...(elsewhere ? { movedTo: elsewhere } : {}),
      });
  };

  /** The recorded file's definition at the base, removed by this diff: the anchor moved to `head`. */
  const movedHere = async (
    t: TrackedAnchor,
    names: string[],
    head: ChangedFile,
    lines: { s: number; e: number },
  ): Promise<TouchedAnchor | undefined> => {
    const rec = (t.entry.anchor.file ?? '').replace(/\\/g, '/').replace(/^\.\//, '');
    if (!rec) return undefined;
    const is = (p: string) => p === rec || p.endsWith(`/${rec}`);
    const from =
      changed.find((f) => f !== head && is(f.baseFile ?? f.file)) ??
      [...range.deleted].filter(is).map((file) => ({ file, map: undefined }))[0];
    if (!from) return undefined;
    const baseFile = 'baseFile' in from && from.baseFile ? from.baseFile : from.file;
    const def = byNames(
      await defsOf('base', baseFile),
      names,
      Math.max(0, (t.entry.anchor.line_start ?? 1) - 1),
    );
    if (!def) return undefined;
    const base = baseLinesChanged(from.map, def.startLine + 1, def.endLine + 1);
    if (!base.removed) return undefined;
    return {
      anchor: t,
      change: 'moved',
      file: baseFile,
      lineStart: def.startLine + 1,
      lineEnd: def.endLine + 1,
      movedTo: { file: head.file, lineStart: lines.s, lineEnd: lines.e },
    };
  };

  // Both sides of every anchored changed file are asked for at once: git reads the next file while
  // the last is parsed (file by file, the analysis sat waiting on git for each in turn).
  const anchored = changed.map((f) => ({ f, anchors: inp.index.anchorsInFile(fileUri(abs(root, f.file))) }));
  for (const { f, anchors } of anchored)
    if (anchors.length > 0) {
      defsOf('head', f.file).catch(() => undefined);
      defsOf('base', f.baseFile ?? f.file).catch(() => undefined);
    }
  for (const { f, anchors } of anchored) for (const t of anchors) await consider(t, f, f.baseFile ?? f.file);
  if (range.deleted.size > 0) {
    for (const t of inp.index.problems()) {
      const file = (t.entry.anchor.file ?? '').replace(/\\/g, '/').replace(/^\.\//, '');
      const gone = [...range.deleted].find((d) => d === file || d.endsWith(`/${file}`));
      if (file && gone) await consider(t, undefined, gone);
    }
  }
  return out;
}
