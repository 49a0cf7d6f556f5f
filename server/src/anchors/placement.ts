// Placing a file's anchors in a text: git's mapping, unsaved edits, identities read at the scanned
// commits, the name check and relocation (slot.ts), with what a file's anchors share found once; and the
// lazy re-verification of anchors that edits touched.
import { LRUCache } from 'lru-cache';
import type { Range } from 'vscode-languageserver';
import { LineTable } from './lineTable';
import { place, reverify, type Definitions, type ScannedFile, type Slot } from './slot';
import { unresolvedMessage } from './messages';
import { bufferLineMap } from './bufferDiff';
import type { FileLineMap } from './git/lineMap';
import { mapLimit } from '../util/concurrency';
import { commitsOf, type FileAnchors, type IndexState } from './indexState';
import type { WrittenFromBuffer } from './writtenFromBuffer';

/** Reads of files at their scanned commits in flight (one `git cat-file` per repository answers them in turn). */
const SCANNED_CONCURRENCY = 64;
/** Characters of files at their scanned commits kept for identities (the files changed since the scan). */
const SCANNED_CACHE_CHARS = 32_000_000;
/** Anchors in a file from which its whole-line ranges are made once per lines (toLspRange's `shared`). */
const SHARED_RANGES_FROM = 64;

export class Placement {
  /**
   * Files as they were at a scanned commit (file and commit → text, or none), read for the anchors'
   * identities: only files git says changed since that commit (the others are their own scanned text).
   */
  private readonly scannedTexts = new LRUCache<string, { text?: string }>({
    maxSize: SCANNED_CACHE_CHARS,
    sizeCalculation: (v) => (v.text?.length ?? 0) + 1,
  });
  /** During a build: files whose scanned version an anchor asked for and the cache lacks (file → disk text). */
  wantScanned: Map<string, string> | undefined;

  constructor(
    private readonly state: IndexState,
    private readonly written: WrittenFromBuffer,
  ) {}

  placeAll(
    key: string,
    fa: FileAnchors,
    lines: LineTable,
    bufferMap?: FileLineMap,
    diskText: string | undefined = bufferMap ? undefined : lines.text,
  ): void {
    const placeOne = this.placer(key, fa, lines, bufferMap, diskText);
    for (const s of fa.slots) placeOne(s);
  }

  /** Places (and verifies) one slot of the file at a time, what they share found once per file. */
  placer(
    key: string,
    fa: FileAnchors,
    lines: LineTable,
    bufferMap?: FileLineMap,
    diskText: string | undefined = bufferMap ? undefined : lines.text,
  ): (s: Slot) => void {
    // Any placement supersedes one the build left for later.
    fa.pending = undefined;
    fa.version++;
    fa.dirty = false;
    fa.positions = undefined;
    const definitions = this.definitionsOf(key, lines);
    const scanned = this.scannedFor(key, diskText);
    const git = this.state.opts.git;
    // Unknown (a mapping that cannot tell) counts as a repository: the note then names the commit.
    const noRepository = git === undefined || git.inRepository?.(key) === false;
    // One lookup per commit for the file, not per anchor (a file's anchors mostly share a commit).
    let lastCommit: string | undefined;
    let lastMap: FileLineMap | undefined;
    const notes = this.written.forFile(key);
    const text = notes && this.state.open.get(key)?.text;
    const fromNote = new Map<string, FileLineMap | undefined>();
    // Anchors on the same whole lines take one range made once, not one each, while placing (a file of
    // few anchors gains nothing from it).
    const ranges = fa.slots.length > SHARED_RANGES_FROM ? new Map<number, Range>() : undefined;
    return (s) => {
      const commit = s.entry.commit;
      if (git && commit && commit !== lastCommit) {
        lastCommit = commit;
        lastMap = git.fileMap(key, commit);
      }
      const gitMap = git && commit ? lastMap : undefined;
      let edits = bufferMap;
      // Written from the buffer (WrittenFromBuffer): through the edits since that text only.
      const then = text !== undefined && !gitMap ? notes!(s.entry) : undefined;
      if (then !== undefined) {
        if (!fromNote.has(then)) fromNote.set(then, then === text ? undefined : bufferLineMap(then, text!));
        edits = fromNote.get(then);
      }
      s.noRepository = noRepository;
      place(s, fa.uri, lines, definitions, gitMap, edits, scanned, ranges);
    };
  }

  /** The file could not be read: its anchors have no place. */
  unreadable(fa: FileAnchors): void {
    fa.pending = undefined;
    fa.positions = undefined;
    for (const s of fa.slots) {
      s.uri = undefined;
      s.range = undefined;
      s.state = 'unresolved';
      s.problem = unresolvedMessage(s.entry, { kind: 'unreadable' });
    }
  }

  /**
   * Readies a file's anchors for a query: those the build left for later are placed now, and those that
   * edits touched are re-verified.
   */
  settle(key: string, fa: FileAnchors): void {
    if (fa.pending) this.finishPending(key, fa);
    if (!fa.dirty) return;
    fa.dirty = false;
    fa.positions = undefined;
    const lines = this.state.linesOf(key);
    if (!lines) return;
    const definitions = this.definitionsOf(key, lines);
    const scanned = this.scannedFor(key, this.state.open.get(key)?.disk?.diskText);
    for (const s of fa.slots) if (s.dirty) reverify(s, lines, definitions, scanned);
  }

  /**
   * Places one more anchor of a file the build left for later (reading the file first); false once none
   * is left, or something else placed the file meanwhile.
   */
  placePendingStep(key: string, fa: FileAnchors): boolean {
    const p = fa.pending;
    if (!p) return false;
    if (!p.placeOne) {
      const readSync = this.state.opts.readFileSync;
      fa.readAt = Date.now();
      const text = readSync && this.state.readNow(readSync, key);
      if (text === undefined) {
        this.unreadable(fa);
        return false;
      }
      p.placeOne = this.placer(key, fa, new LineTable(text));
      fa.pending = p;
    }
    if (p.next < fa.slots.length) p.placeOne(fa.slots[p.next++]!);
    if (p.next < fa.slots.length) return true;
    fa.pending = undefined;
    return false;
  }

  /** Places what is left of a file the build left for later, at once. */
  finishPending(key: string, fa: FileAnchors): void {
    while (this.placePendingStep(key, fa));
  }

  /**
   * Reads the files of these anchors as they were at their scanned commits, where git says they changed
   * since (an unchanged file is its own scanned text) and their language is parsed. Cached.
   */
  async fetchScanned(files: ReadonlyArray<[string, FileAnchors]>): Promise<boolean> {
    const git = this.state.opts.git;
    const syntax = this.state.syntax;
    if (!git?.readAtCommit || !syntax) return false;
    const wanted: Array<{ key: string; commit: string; at: string }> = [];
    for (const [key, fa] of files) {
      if (!syntax.languageOf(key)) continue;
      for (const commit of commitsOf(fa)) {
        const at = `${key}\0${commit}`;
        if (this.scannedTexts.has(at)) continue;
        const map = git.fileMap(key, commit);
        if (map && !map.added && (map.hunks.length > 0 || map.renamedFrom)) wanted.push({ key, commit, at });
      }
    }
    await mapLimit(wanted, SCANNED_CONCURRENCY, async ({ key, commit, at }) => {
      const text = await git.readAtCommit!(key, commit).catch(() => undefined);
      this.scannedTexts.set(at, text === undefined ? {} : { text });
    });
    return wanted.length > 0;
  }

  /** A file at its anchors' scanned commits, parsed: from git when it changed since, else `diskText`. */
  private scannedFor(key: string, diskText: string | undefined): ScannedFile | undefined {
    const git = this.state.opts.git;
    const syntax = this.state.syntax;
    if (!git || !syntax) return undefined;
    // One line table per commit asked for (a file's anchors mostly share one), parsed only if asked.
    const made = new Map<string, ReturnType<ScannedFile>>();
    return (commit) => {
      if (made.has(commit)) return made.get(commit);
      const map = git.fileMap(key, commit);
      const unchanged = map !== undefined && map.hunks.length === 0 && !map.renamedFrom;
      const cached = !map || map.added || unchanged ? undefined : this.scannedTexts.get(`${key}\0${commit}`);
      // Not read yet, during a build: asked for, and this file placed again once it is.
      if (map && !map.added && !unchanged && !cached && diskText !== undefined)
        this.wantScanned?.set(key, diskText);
      const text = !map || map.added ? undefined : unchanged ? diskText : cached?.text;
      const file =
        text === undefined
          ? undefined
          : {
              text,
              lines: new LineTable(text),
              table: () => syntax.definitions(key, text, unchanged ? undefined : commit),
            };
      made.set(commit, file);
      return file;
    };
  }

  /** The file's definitions for the name check and relocation: parsed on first use, at most once per text. */
  definitionsOf(key: string, lines: LineTable): Definitions | undefined {
    const syntax = this.state.syntax;
    const language = syntax?.languageOf(key);
    if (!syntax || !language) return undefined;
    let table: ReturnType<Definitions['table']> | null = null;
    return {
      language,
      table: () => (table === null ? (table = syntax.definitions(key, lines.text)) : table),
    };
  }
}
