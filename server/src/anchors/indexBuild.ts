// Building the index from the anchor entries: each recorded file resolved once, git and the grammars
// prepared beside it, files read and their anchors placed in time slices, scanned versions read for
// identities, definitions followed into the files they moved to, open documents placed last. A newer
// build makes a running one moot.
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FileResolver, normalizeAnchorFile, type Resolution } from './fileResolver';
import { LineTable } from './lineTable';
import { SlotsById } from './slotsById';
import { newSlot, place, type Slot } from './slot';
import { unresolvedMessage } from './messages';
import { definitionsOf, unchanged as unchangedDefinition } from './syntax/identity';
import { fileUri } from '../workspace/uris';
import { mapLimit } from '../util/concurrency';
import { TimeSlicer } from '../util/timeSlices';
import { commitsOf, newFileAnchors, type FileAnchors, type IndexState } from './indexState';
import type { Placement } from './placement';
import type { IndexEvents } from './indexEvents';
import type { OpenDocumentSync } from './openDocumentSync';
import type { ClosedFileSync } from './closedFileSync';

/** Files a build left for later (AnchorIndexOptions.placeInBackground), once placed: how many, in how long. */
export interface PlacedLater {
  files: number;
  ms: number;
}

/**
 * A file left for later is placed in one go when a query asks for it first: one with more anchors than
 * this is placed by the build, in slices, as before (a file can hold 100,000).
 */
const LATER_MAX_ANCHORS = 256;

/** How many files are resolved or read at once while building. */
const IO_CONCURRENCY = 32;

export class IndexBuild {
  private generation = 0;
  /** The files the last build left for later, being placed (see placeLater). */
  private placing: Promise<PlacedLater | undefined> | undefined;
  /** How many files the last completed build left for later (placed or not by now). */
  leftForLater = 0;

  constructor(
    private readonly state: IndexState,
    private readonly placement: Placement,
    private readonly events: IndexEvents,
    private readonly openDocs: OpenDocumentSync,
    private readonly closed: ClosedFileSync,
  ) {}

  /** Builds the index from `state.entries`; resolves when done or when a newer build superseded it. */
  async rebuild(): Promise<void> {
    const state = this.state;
    const placement = this.placement;
    const generation = ++this.generation;
    const entries = state.entries;
    const git = state.opts.git;
    // The scanned commits first (neighbouring entries share them: looked at once per run), so git
    // starts before the slots are made; it runs beside them and file resolution (another process,
    // another core) and is awaited before placing.
    const commits = new Set<string>();
    const scans = new Set<string>();
    const latest = new Set<string>();
    let lastScans: readonly string[] | undefined;
    let lastCommit: string | undefined;
    for (const e of entries) {
      if (e.commit && e.commit !== lastCommit) commits.add((lastCommit = e.commit));
      if (e.scans && e.scans !== lastScans) {
        lastScans = e.scans;
        for (const c of e.scans) scans.add(c);
        if (e.scans[0]) latest.add(e.scans[0]);
      }
    }
    const gitReady =
      git && commits.size > 0
        ? git.prepare(state.folders, commits, scans, latest).catch((err) => state.report(err))
        : undefined;
    if (gitReady) {
      // One turn, so git's preparation reaches its spawn before the slots' first slice holds the thread.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (generation !== this.generation) return;
    }
    // Resolve each distinct `file` once. In slices: a component can have 100,000 anchors.
    const slicer = new TimeSlicer();
    const slots: Slot[] = [];
    const byName = new Map<string, Slot[]>();
    // A run of entries often shares its file: looked up once per run, not once per anchor.
    let lastFile: string | undefined;
    let lastList: Slot[] | undefined;
    for (const e of entries) {
      const s = newSlot(e, state.choices);
      slots.push(s);
      const f = e.anchor.file ?? '';
      if (f !== lastFile || !lastList) {
        lastFile = f;
        lastList = byName.get(f);
        if (!lastList) byName.set(f, (lastList = []));
      }
      lastList.push(s);
      if (slicer.tick()) {
        await slicer.pause();
        if (generation !== this.generation) return;
      }
    }
    // The grammars of the anchors' languages (by the recorded file names) start loading now, beside
    // git and file resolution: compiling them is most of a cold build's relocation cost.
    const syntaxReady = state.syntax?.prepare(byName.keys());
    const resolver = new FileResolver(state.folders, {
      fileExists: state.opts.fileExists,
      // Nothing open (a load at start-up): no path normalized per candidate.
      isOpen: (p) => state.open.size > 0 && state.open.has(path.normalize(p)),
      listFiles: state.opts.listFiles,
    });
    const byFile = new Map<string, FileAnchors>();
    const addToFile = (key: string, group: Slot[]) => {
      let fa = byFile.get(key);
      if (!fa) byFile.set(key, (fa = newFileAnchors(fileUri(key))));
      for (const s of group) {
        s.fileKey = key;
        fa.slots.push(s);
      }
    };
    const missing: Array<[string, Slot[], Exclude<Resolution, { kind: 'file' }>]> = [];
    const resolved = (file: string, group: Slot[], r: Resolution) => {
      if (r.kind === 'file') return addToFile(path.normalize(r.fsPath), group);
      if (r.kind === 'missing' && git && group.some((s) => s.entry.commit)) missing.push([file, group, r]);
      else refuse(group, r);
    };
    // The directories first, then each file from them without waiting where that settles it; the rest
    // (links, names the listings lack, searches by suffix) asked of the file system.
    await resolver.prefetch(byName.keys(), slicer);
    if (generation !== this.generation) return;
    const slow: Array<[string, Slot[]]> = [];
    for (const [file, group] of byName) {
      const r = resolver.resolveNow(file || undefined);
      if (r) resolved(file, group, r);
      else slow.push([file, group]);
      if (slicer.tick()) {
        await slicer.pause();
        if (generation !== this.generation) return;
      }
    }
    await mapLimit(slow, IO_CONCURRENCY, async ([file, group]) =>
      resolved(file, group, await resolver.resolve(file || undefined)),
    );
    await gitReady;
    if (generation !== this.generation) return;
    // Repositories nested inside folders that are in none: found per file's directory, diffed once.
    if (git?.prepareNested && commits.size > 0)
      await git.prepareNested(byFile.keys(), resolver.listed).catch((err) => state.report(err));
    if (generation !== this.generation) return;
    // Files git saw renamed since the scanned commit live under their new name.
    await mapLimit(missing, IO_CONCURRENCY, async ([file, group, r]) => {
      const renamed = this.renamedFile(file, group);
      const again = renamed === undefined ? r : await resolver.resolve(renamed);
      if (again.kind === 'file') addToFile(path.normalize(again.fsPath), group);
      else refuse(group, r);
    });
    if (git && commits.size > 0) {
      const stale: Array<{ fsPath: string; commit: string }> = [];
      for (const [key, fa] of byFile) {
        if (state.open.has(key)) continue;
        for (const commit of commitsOf(fa)) stale.push({ fsPath: key, commit });
      }
      await git.refreshFiles(stale).catch((err) => state.report(err));
    }
    if (generation !== this.generation) return;
    // Grammars load once (those of files found under other names too); parsing waits until a name
    // check needs it.
    await syntaxReady;
    await state.syntax?.prepare(byFile.keys());
    if (generation !== this.generation) return;
    // Files whose anchors need their scanned version (an identity no plain definition line settles):
    // read from git's object store after this pass, then those files placed again.
    const wanted = new Map<string, string>();
    placement.wantScanned = wanted;
    // Files not open are read from disk, placed and verified; their text is not kept.
    const skipped = new Set<string>();
    const load = (key: string, fa: FileAnchors, text: string | undefined, readAt: number) => {
      fa.readAt = readAt;
      if (text === undefined) placement.unreadable(fa);
      else placement.placeAll(key, fa, new LineTable(text));
    };
    const readSync = state.opts.readFileSync;
    // Files placed after the build resolves (see AnchorIndexOptions.placeInBackground).
    const later: Array<[string, FileAnchors]> = [];
    const deferring = state.opts.placeInBackground === true;
    if (readSync) {
      for (const [key, fa] of byFile) {
        if (state.open.has(key)) {
          skipped.add(key);
          continue;
        }
        fa.pending = { next: 0 };
        if (deferring && fa.slots.length <= LATER_MAX_ANCHORS && this.selfContained(key, fa)) {
          later.push([key, fa]);
          continue;
        }
        if (!(await this.placeInSlices(key, fa, generation, slicer))) return;
        if (slicer.due()) {
          await slicer.pause();
          if (generation !== this.generation) return;
        }
      }
    } else {
      await mapLimit([...byFile], IO_CONCURRENCY, async ([key, fa]) => {
        if (state.open.has(key)) return void skipped.add(key);
        const readAt = Date.now();
        load(key, fa, await state.read(key), readAt);
      });
    }
    if (placement.wantScanned === wanted) placement.wantScanned = undefined;
    if (generation !== this.generation) return;
    if (wanted.size > 0) {
      await placement.fetchScanned([...wanted.keys()].map((key) => [key, byFile.get(key)!]));
      if (generation !== this.generation) return;
      for (const [key, text] of wanted) {
        // An open document is placed last, against its own text, below.
        if (!state.open.has(key)) placement.placeAll(key, byFile.get(key)!, new LineTable(text));
        if (slicer.due()) {
          await slicer.pause();
          if (generation !== this.generation) return;
        }
      }
    }
    // Definitions that left their file since the scan, for a file the diff added them to.
    await this.followMovedDefinitions(byFile);
    if (generation !== this.generation) return;
    // Open documents are placed last, synchronously, against their current text.
    for (const [key, fa] of byFile) {
      const doc = state.open.get(key);
      if (doc) this.openDocs.placeFile(key, fa, doc.uri);
      else if (skipped.has(key)) void this.closed.reloadFromDisk(key, fa); // closed while we were reading
    }
    const changed = new Set<string>([...state.byFile.values()].map((f) => f.uri));
    for (const fa of byFile.values()) changed.add(fa.uri);
    state.slots = slots;
    state.byFile = byFile;
    // Made after the build, in slices (see slotsById.ts): no hover or lens looks anchors up by id.
    state.byId.stop();
    const byId = (state.byId = new SlotsById(slots));
    void byId.fillInBackground().catch((err) => state.report(err));
    // One name per recorded file (byName's keys), not per anchor: 100,000 anchors name 1,000 files.
    state.fileNames = new Set([
      ...[...byName.keys()].map((f) => path.posix.basename(f.replace(/\\/g, '/'))).filter(Boolean),
      ...[...byFile.keys()].map((k) => path.basename(k)),
    ]);
    this.events.emitChanged([...changed]);
    this.leftForLater = later.length;
    if (later.length === 0) {
      this.placing = undefined;
      this.events.emitRebuilt();
      return;
    }
    this.placing = this.placeLater(later, generation, slicer).catch((err) => {
      state.report(err);
      return undefined;
    });
  }

  /**
   * Resolves once the files the last build left for later are placed: how many and how long it took;
   * undefined when it left none, or a newer build began meanwhile.
   */
  whenPlaced(): Promise<PlacedLater | undefined> {
    return this.placing ?? Promise.resolve(undefined);
  }

  /**
   * The files the build left for later, placed in slices (a query places a file at once: Placement.settle);
   * then the build is complete.
   */
  private async placeLater(
    later: ReadonlyArray<[string, FileAnchors]>,
    generation: number,
    slicer: TimeSlicer,
  ): Promise<PlacedLater | undefined> {
    const t0 = performance.now();
    await slicer.pause();
    for (const [key, fa] of later) {
      // A file a query, a document or a reload placed meanwhile is no longer pending: nothing to do.
      if (!(await this.placeInSlices(key, fa, generation, slicer))) return undefined;
      if (slicer.due()) await slicer.pause();
    }
    if (generation !== this.generation) return undefined;
    const done = { files: later.length, ms: performance.now() - t0 };
    this.events.emitRebuilt();
    return done;
  }

  /**
   * Reads a pending closed file and places its anchors one by one (Placement.placePendingStep), serving
   * requests between slices, by time and within a file too (one file can hold 100,000 anchors). False
   * when a newer build began meanwhile (this one is moot).
   */
  private async placeInSlices(
    key: string,
    fa: FileAnchors,
    generation: number,
    slicer: TimeSlicer,
  ): Promise<boolean> {
    while (this.placement.placePendingStep(key, fa)) {
      if (slicer.tick()) {
        await slicer.pause();
        if (generation !== this.generation) return false;
      }
    }
    return generation === this.generation;
  }

  /**
   * Whether a file's anchors need nothing but its own text: for each of their scanned commits git maps
   * the file unchanged (its text is the scanned one: no scanned version to read, no definition that can
   * have left it), or has no mapping (no history to follow).
   */
  private selfContained(key: string, fa: FileAnchors): boolean {
    const git = this.state.opts.git;
    if (!git) return true;
    for (const commit of commitsOf(fa)) {
      const map = git.fileMap(key, commit);
      if (map && (map.added || map.hunks.length > 0 || map.renamedFrom)) return false;
    }
    return true;
  }

  /**
   * Anchors whose definition is gone from their file (stale, with an identity from history): looked for
   * in the files git says were added to or changed since their scanned commit, in the same language.
   * Exactly one definition of that identity among them (an unchanged one preferred) takes the anchor,
   * which from then on is placed in that file by its identity alone.
   */
  private async followMovedDefinitions(byFile: Map<string, FileAnchors>): Promise<void> {
    const state = this.state;
    const git = state.opts.git;
    const syntax = state.syntax;
    if (!git?.changedFiles || !syntax) return;
    const lost: Array<{ key: string; fa: FileAnchors; slot: Slot }> = [];
    for (const [key, fa] of byFile)
      for (const slot of fa.slots)
        if (slot.history && slot.identity && slot.state === 'stale' && slot.movedFrom === undefined)
          lost.push({ key, fa, slot });
    if (lost.length === 0) return;
    const texts = new Map<string, string | undefined>();
    const textOf = async (f: string) => {
      if (!texts.has(f)) texts.set(f, state.open.get(f)?.text ?? (await state.read(f)));
      return texts.get(f);
    };
    // Per file, not per anchor: a file can lose thousands of anchors to one file their definition
    // moved to (each then taken out of its list once, and the new file's lines made once).
    const leaving = new Map<FileAnchors, Set<Slot>>();
    const linesOf = new Map<string, LineTable>();
    for (const { key, fa, slot } of lost) {
      const id = slot.identity!;
      const language = syntax.languageOf(key);
      const found: Array<{ file: string; unchanged: boolean }> = [];
      for (const f of git.changedFiles(key, slot.entry.commit!)) {
        if (f === key || syntax.languageOf(f) !== language) continue;
        const text = await textOf(f);
        const table = text === undefined ? undefined : syntax.definitions(f, text);
        for (const d of table ? definitionsOf(id, table) : [])
          found.push({ file: f, unchanged: unchangedDefinition(id, d, text!) });
      }
      const best = found.filter((x) => x.unchanged);
      const pick = best.length === 1 ? best[0] : found.length === 1 ? found[0] : undefined;
      if (!pick) continue;
      let out = leaving.get(fa);
      if (!out) leaving.set(fa, (out = new Set()));
      out.add(slot);
      let target = byFile.get(pick.file);
      if (!target) byFile.set(pick.file, (target = newFileAnchors(fileUri(pick.file))));
      target.slots.push(slot);
      slot.fileKey = pick.file;
      slot.movedFrom = slot.entry.anchor.file ?? path.basename(key);
      let lines = linesOf.get(pick.file);
      if (!lines) linesOf.set(pick.file, (lines = new LineTable((await textOf(pick.file))!)));
      place(slot, target.uri, lines, this.placement.definitionsOf(pick.file, lines));
    }
    for (const [fa, out] of leaving) fa.slots = fa.slots.filter((s) => !out.has(s));
  }

  /** The anchor's file under the name git says it was renamed to since the scanned commit. */
  private renamedFile(file: string, group: Slot[]): string | undefined {
    const norm = normalizeAnchorFile(file);
    if (!('rel' in norm)) return undefined;
    for (const commit of new Set(group.map((s) => s.entry.commit))) {
      if (!commit) continue;
      const to = this.state.opts.git?.renamedTo(this.state.folders, norm.rel, commit);
      if (to !== undefined) return to;
    }
    return undefined;
  }
}

/** Anchors whose file was not found, or lies outside the workspace: no place, and why. */
function refuse(group: Slot[], r: Exclude<Resolution, { kind: 'file' }>): void {
  for (const s of group) {
    s.state = r.kind === 'outside' ? 'outsideWorkspace' : 'unresolved';
    s.problem = unresolvedMessage(s.entry, r);
  }
}
