// One anchor's live state in the index, and how it is placed in a file's text and (re)verified.
import type { Position, Range } from 'vscode-languageserver';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
import type { AnchorEntry, AnchorState, SinceScan, TrackedAnchor, UnverifiedWhy } from './types';
import { LineTable } from './lineTable';
import { toLspRange } from './coordinates';
import { cleanNames, plainNameAt, plainlyAt, verify, type ParsedFile } from './verification';
import { ambiguousMessage, movedToFileMessage, relocatedMessage, staleMessage } from './messages';
import { mapLines, type FileLineMap, type MappedLines } from './git/lineMap';
import { definitionOfRange, identityOf, type AnchorIdentity } from './syntax/identity';
import type { DefinitionTable } from './syntax/definitions';

/** The file's definitions when its language is parsed, computed at most once per text and only if asked (see verify). */
export type Definitions = ParsedFile;

/**
 * The file as it was at a scanned commit, parsed (from git, or the file itself when git says it did not
 * change since); undefined when it cannot be had or its language is not parsed.
 */
export type ScannedFile = (
  commit: string,
) => { text: string; lines: LineTable; table(): DefinitionTable | undefined } | undefined;

/** The rarely set parts of a slot: one object only for the anchors that have any. */
class Rare {
  relocatedFrom: Range | undefined = undefined;
  otherDefinitions: Range[] | undefined = undefined;
  candidates: Range[] | undefined = undefined;
  problem: string | undefined = undefined;
  clamped: string | undefined = undefined;
  movedFrom: string | undefined = undefined;
}

const DELETED = 1;
const DIRTY = 2;
const HISTORY = 4;
const TRUST_MAPPED = 8;
const FIRST_LINE_KEPT = 16;
const UNVERIFIED = 32;
const NO_REPOSITORY = 64;

/**
 * One anchor's live state in one index build, and the object callers see as its TrackedAnchor (the
 * same for the anchor's lifetime in that build). One object per anchor: the flags share one number and
 * what few anchors have (a problem, a former place, candidates) lives in a second object made only for
 * those. A build of tens of thousands of anchors makes and keeps far fewer objects, and smaller ones.
 */
export class Slot implements TrackedAnchor {
  uri: string | undefined = undefined;
  state: AnchorState = 'unresolved';
  // The range as four small integers (start line -1: none) rather than three objects: most anchors keep
  // their range for as long as they are loaded, while few are read at a time (a hover, a file's lenses).
  private sl = -1;
  private sc = 0;
  private el = 0;
  private ec = 0;
  sinceScan: SinceScan | undefined = undefined;
  /** Normalized fsPath of the resolved file. */
  fileKey: string | undefined = undefined;
  /**
   * With history (git maps the file from the anchor's commit): the code the anchor was scanned on
   * (null: the recorded range was on no definition), computed when first needed.
   */
  identity: AnchorIdentity | null | undefined = undefined;
  private bits = 0;
  private rare: Rare | undefined = undefined;

  constructor(
    readonly entry: AnchorEntry,
    /**
     * The candidates users picked for ambiguous anchors (choiceKey → range; one map per index, shared):
     * taken whenever the pick is still one of the candidates.
     */
    readonly choices: ReadonlyMap<string, Range> | undefined,
  ) {}

  /** The names the anchored code may bear (AnchorEntry.expectedNames, trimmed, none twice). */
  /** LSP 0-based range, end exclusive; the current place. A fresh object each time it is read. */
  get range(): Range | undefined {
    return this.sl < 0
      ? undefined
      : { start: { line: this.sl, character: this.sc }, end: { line: this.el, character: this.ec } };
  }
  set range(r: Range | undefined) {
    if (r === undefined) {
      this.sl = -1;
      return;
    }
    this.sl = r.start.line;
    this.sc = r.start.character;
    this.el = r.end.line;
    this.ec = r.end.character;
  }

  /** Whether it has a range that holds `p` (ends inclusive), read without making the range. */
  covers(p: Position): boolean {
    if (this.sl < 0) return false;
    const afterStart = p.line > this.sl || (p.line === this.sl && p.character >= this.sc);
    return afterStart && (p.line < this.el || (p.line === this.el && p.character <= this.ec));
  }

  /** The range's first and last line; undefined without a range. Read without making the range. */
  get firstLine(): number | undefined {
    return this.sl < 0 ? undefined : this.sl;
  }
  get lastLine(): number | undefined {
    return this.sl < 0 ? undefined : this.el;
  }

  /** Moves the range by whole lines (a change entirely above it). */
  shiftLines(by: number): void {
    if (this.sl < 0) return;
    this.sl += by;
    this.el += by;
  }

  /** How large the range is, lines first then characters (narrowest first when sorted). */
  get span(): number {
    return (this.el - this.sl) * 1e6 + (this.ec - this.sc);
  }

  get names(): readonly string[] {
    // Cleaned when read (the entry's own array when clean, as it nearly always is): nothing kept per anchor.
    return cleanNames(this.entry.expectedNames ?? []);
  }

  /** Names only the path's other boundary bears (AnchorEntry.otherNames). */
  get other(): readonly string[] | undefined {
    const o = this.entry.otherNames;
    return o?.length ? o : undefined;
  }

  get relocatedFrom(): Range | undefined {
    return this.rare?.relocatedFrom;
  }
  set relocatedFrom(v: Range | undefined) {
    if (v !== undefined || this.rare) this.extra().relocatedFrom = v;
  }
  get otherDefinitions(): Range[] | undefined {
    return this.rare?.otherDefinitions;
  }
  set otherDefinitions(v: Range[] | undefined) {
    if (v !== undefined || this.rare) this.extra().otherDefinitions = v;
  }
  get candidates(): Range[] | undefined {
    return this.rare?.candidates;
  }
  set candidates(v: Range[] | undefined) {
    if (v !== undefined || this.rare) this.extra().candidates = v;
  }
  get problem(): string | undefined {
    return this.rare?.problem;
  }
  set problem(v: string | undefined) {
    if (v !== undefined || this.rare) this.extra().problem = v;
  }
  /** The recorded coordinates did not fit the file. */
  get clamped(): string | undefined {
    return this.rare?.clamped;
  }
  set clamped(v: string | undefined) {
    if (v !== undefined || this.rare) this.extra().clamped = v;
  }
  /**
   * Its definition left its recorded file for this one (git's diff added it here): placed by identity
   * alone, never through line maps of its record, which is another file's.
   */
  get movedFrom(): string | undefined {
    return this.rare?.movedFrom;
  }
  set movedFrom(v: string | undefined) {
    if (v !== undefined || this.rare) this.extra().movedFrom = v;
  }

  /**
   * Placed without the code it was scanned on (no git, or the scanned commit is not in this clone): by
   * its names only, so "probably here". True or absent, as TrackedAnchor says.
   */
  get unverified(): true | undefined {
    return this.bits & UNVERIFIED ? true : undefined;
  }
  set unverified(v: boolean | undefined) {
    this.flag(UNVERIFIED, v === true);
  }
  /** Why it is unverified, for the user: what would make it sure (see TrackedAnchor). */
  get unverifiedWhy(): UnverifiedWhy | undefined {
    if (!(this.bits & UNVERIFIED)) return undefined;
    if (this.bits & NO_REPOSITORY) return 'noRepository';
    return this.history ? 'notParsed' : 'commitMissing';
  }
  /** No git repository holds its file (or git is not there): no scanned code can be had. */
  set noRepository(v: boolean) {
    this.flag(NO_REPOSITORY, v);
  }
  /** The whole anchored text was deleted by an edit. */
  get deleted(): boolean {
    return (this.bits & DELETED) !== 0;
  }
  set deleted(v: boolean) {
    this.flag(DELETED, v);
  }
  /** Needs re-verification before it is next read. */
  get dirty(): boolean {
    return (this.bits & DIRTY) !== 0;
  }
  set dirty(v: boolean) {
    this.flag(DIRTY, v);
  }
  /** History knows the code the anchor was scanned on: git maps the file from the anchor's commit. */
  get history(): boolean {
    return (this.bits & HISTORY) !== 0;
  }
  set history(v: boolean) {
    this.flag(HISTORY, v);
  }
  /** Git carried the recorded lines through a file unchanged since the scan: nothing to check. */
  get trustMapped(): boolean {
    return (this.bits & TRUST_MAPPED) !== 0;
  }
  set trustMapped(v: boolean) {
    this.flag(TRUST_MAPPED, v);
  }
  /** Git (and unsaved edits) kept the recorded first line as it was: its text now is its text then. */
  get firstLineKept(): boolean {
    return (this.bits & FIRST_LINE_KEPT) !== 0;
  }
  set firstLineKept(v: boolean) {
    this.flag(FIRST_LINE_KEPT, v);
  }

  /**
   * What a caller outside the index sees (a TrackedAnchor's fields, the rare ones read through): the
   * slot's own fields are its bookkeeping, and the getters are not its own properties.
   */
  toJSON(): TrackedAnchor {
    const out: TrackedAnchor = { entry: this.entry, state: this.state };
    for (const k of TRACKED_OPTIONAL)
      if (this[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = this[k];
    return out;
  }

  private flag(bit: number, on: boolean): void {
    this.bits = on ? this.bits | bit : this.bits & ~bit;
  }

  private extra(): Rare {
    return (this.rare ??= new Rare());
  }
}

const TRACKED_OPTIONAL = [
  'uri',
  'range',
  'relocatedFrom',
  'otherDefinitions',
  'sinceScan',
  'unverified',
  'unverifiedWhy',
  'candidates',
  'problem',
] as const;

/** The key of an anchor in AnchorIndex's map of picked candidates. */
export function choiceKey(e: AnchorEntry): string {
  return `${e.componentId}\0${e.pathId}\0${e.anchor.anchor_id}`;
}

export function newSlot(entry: AnchorEntry, choices?: ReadonlyMap<string, Range>): Slot {
  return new Slot(entry, choices);
}

/**
 * Places the anchor from its recorded coordinates (fresh text: open, reopened, reloaded) and verifies
 * it. With `gitMap` (the file's changes since the anchor's scanned commit) the coordinates are first
 * carried through git's diff: step 1 of the pipeline in README.md. With `bufferMap` (an open document's
 * unsaved changes against the file on disk) they are then carried into the buffer.
 */
export function place(
  slot: Slot,
  uri: string,
  lines: LineTable,
  definitions?: Definitions,
  gitMap?: FileLineMap,
  bufferMap?: FileLineMap,
  scanned?: ScannedFile,
  /** Whole-line ranges made for this text so far (see toLspRange), when the caller places many anchors in it. */
  ranges?: Map<number, Range>,
): void {
  const t = slot;
  if (slot.movedFrom !== undefined) return placeMoved(slot, uri, lines, definitions, scanned);
  const commit = t.entry.commit;
  const git = gitMap && commit ? throughMap(t.entry.anchor, gitMap) : undefined;
  const sinceScan: SinceScan | undefined =
    git && commit
      ? {
          commit,
          change: git.lines.change,
          recordedLines: git.recordedLines,
          ...(gitMap?.renamedFrom ? { renamedFrom: gitMap.renamedFrom } : {}),
        }
      : undefined;
  const onDisk = git?.anchor ?? t.entry.anchor;
  const edits = bufferMap ? throughMap(onDisk, bufferMap) : undefined;
  const { range, clamped } = toLspRange(edits?.anchor ?? onDisk, lines, ranges);
  placedAt(slot, uri, range, clamped);
  t.sinceScan = sinceScan;
  slot.deleted = false;
  slot.history = Boolean(gitMap && commit);
  // A file git says did not change since the scan holds the scanned code at the mapped lines; so does
  // an open document whose unsaved edits left the anchored lines alone.
  slot.trustMapped =
    slot.history &&
    gitMap!.hunks.length === 0 &&
    !gitMap!.renamedFrom &&
    (edits === undefined || edits.lines.change === 'exact');
  slot.firstLineKept =
    slot.history &&
    git !== undefined &&
    git.lines.startKept &&
    (edits === undefined || edits.lines.startKept);
  if (sinceScan?.change === 'removed' || edits?.lines.change === 'removed') {
    // Nothing left where the anchor was: only its definition elsewhere can bring it back (else stale).
    t.range = emptyAt(range.start.line);
    slot.deleted = true;
    slot.clamped = undefined;
  }
  reverify(slot, lines, definitions, scanned);
}

/** A fresh placement at `range`, before verification says more. */
function placedAt(slot: Slot, uri: string, range: Range, clamped: string | undefined): void {
  const t = slot;
  t.uri = uri;
  t.range = range;
  t.state = 'resolved';
  t.relocatedFrom = undefined;
  t.otherDefinitions = undefined;
  t.problem = undefined;
  t.candidates = undefined;
  slot.clamped = clamped;
  slot.dirty = false;
}

/** History settled it where it is: the code it was scanned on (a relocation made before stands). */
function confirmedByHistory(t: TrackedAnchor): void {
  t.unverified = undefined;
  if (t.state !== 'relocated') t.state = 'resolved';
  if (t.state === 'resolved') t.problem = undefined;
  t.candidates = undefined;
}

/** An anchor whose definition moved to this file: found here by its identity, else stale. */
function placeMoved(
  slot: Slot,
  uri: string,
  lines: LineTable,
  definitions: Definitions | undefined,
  scanned: ScannedFile | undefined,
): void {
  placedAt(slot, uri, emptyAt(0), undefined);
  slot.history = true;
  slot.trustMapped = false;
  slot.firstLineKept = false;
  slot.deleted = true;
  reverify(slot, lines, definitions, scanned);
}

/**
 * The definition the anchor covered at its scanned commit (once per anchor: it never changes), or null
 * when its recorded range was on none; undefined when the scanned text cannot be had or parsed.
 */
function identityFor(slot: Slot, scanned: ScannedFile | undefined): AnchorIdentity | null | undefined {
  if (slot.identity !== undefined) return slot.identity;
  const a = slot.entry.anchor;
  const commit = slot.entry.commit;
  if (!commit) return undefined;
  if (typeof a.line_start !== 'number') return (slot.identity = null);
  const file = scanned?.(commit);
  const table = file?.table();
  if (!file || !table) return undefined;
  const start = a.line_start - 1;
  const end = Math.max(start, (typeof a.line_end === 'number' ? a.line_end : a.line_start) - 1);
  const at = definitionOfRange(table, { start, end });
  return (slot.identity = at ? identityOf(at.def, file.text, at.inner) : null);
}

function emptyAt(line: number): Range {
  return { start: { line, character: 0 }, end: { line, character: 0 } };
}

/**
 * The anchor's coordinates carried through one line map (the scanned commit's file → the working
 * tree's, or the file on disk → its open buffer). Undefined for a whole-file anchor (nothing to map)
 * and for a file the map calls added (it did not hold these lines).
 */
function throughMap(
  anchor: PathCodeAnchor,
  map: FileLineMap,
): { anchor: PathCodeAnchor; lines: MappedLines; recordedLines: { start: number; end: number } } | undefined {
  if (typeof anchor.line_start !== 'number' || map.added) return undefined;
  const start = anchor.line_start - 1;
  const end = Math.max(
    start,
    (typeof anchor.line_end === 'number' ? anchor.line_end : anchor.line_start) - 1,
  );
  const m = mapLines(map, start, end);
  const recordedLines = { start, end };
  if (m.start === start && m.end === end && m.startKept && m.endKept)
    return { anchor, lines: m, recordedLines };
  const moved: PathCodeAnchor = { ...anchor, line_start: m.start + 1, line_end: m.end + 1 };
  // Columns hold only on lines the map did not touch.
  if (!m.startKept) delete moved.column_start;
  if (!m.endKept) delete moved.column_end;
  return { anchor: moved, lines: m, recordedLines };
}

export function reverify(
  slot: Slot,
  lines: LineTable,
  definitions?: Definitions,
  scanned?: ScannedFile,
): void {
  slot.dirty = false;
  const t = slot;
  // Read once: each read of a slot's range, names or other names makes them afresh.
  const range = t.range;
  if (!range) return;
  if (slot.trustMapped && !slot.deleted) {
    return confirmedByHistory(t);
  }
  // Git carried it onto a plain definition of its own name (not the path's other end's): that is its
  // code, known without reading and parsing the scanned version of the file.
  if (
    slot.history &&
    definitions &&
    !slot.deleted &&
    plainlyAt(range, ownNames(slot.names, slot.other), lines, definitions)
  ) {
    return confirmedByHistory(t);
  }
  // The scanned version's recorded first line plainly defined a name, and git carried it onto a plain
  // definition of that same name: the same code, known without parsing either version.
  const commit = t.entry.commit;
  const recorded = t.entry.anchor.line_start;
  if (slot.history && definitions && !slot.deleted && commit && typeof recorded === 'number') {
    // A kept first line is the scanned one: no need to read the scanned version for it.
    const was = slot.firstLineKept
      ? plainNameAt(lines, range.start.line, definitions.language)
      : slot.identity === undefined
        ? plainNameAt(scanned?.(commit)?.lines ?? EMPTY_LINES, recorded - 1, definitions.language)
        : undefined;
    if (was && plainlyAt(range, [was], lines, definitions)) {
      return confirmedByHistory(t);
    }
  }
  // Only a parsed language can tell which definition the anchor was on.
  const identity = slot.history && definitions ? identityFor(slot, scanned) : undefined;
  t.unverified = identity === undefined ? true : undefined;
  const names = slot.names;
  const v = verify(
    range,
    { names, other: slot.other, identity },
    lines,
    !slot.deleted,
    definitions,
    recordedWidth(t.entry.anchor),
  );
  switch (v.kind) {
    case 'unchecked':
    case 'confirmed':
      if (t.state !== 'relocated') t.state = 'resolved';
      if (t.state === 'resolved') t.problem = undefined;
      t.candidates = undefined;
      if (v.kind === 'confirmed' && v.changed !== undefined) noteChange(t, v.changed);
      if (slot.deleted && v.kind === 'unchecked') markDeleted(slot);
      return;
    case 'moved':
      t.relocatedFrom = slot.movedFrom === undefined ? range : undefined;
      t.range = v.range;
      t.state = 'relocated';
      t.candidates = undefined;
      t.otherDefinitions = v.others?.length ? v.others : undefined;
      t.problem =
        slot.movedFrom === undefined
          ? relocatedMessage(t.entry, t.relocatedFrom!, v.range, v.name, v.others)
          : movedToFileMessage(t.entry, slot.movedFrom, v.range);
      if (v.changed !== undefined) noteChange(t, v.changed);
      slot.deleted = false;
      return;
    case 'ambiguous':
    case 'missing':
      if (v.kind === 'ambiguous' && v.candidates?.length) {
        const chosen = slot.choices?.get(choiceKey(t.entry));
        const picked = chosen && v.candidates.find((c) => sameRange(c, chosen));
        if (picked) {
          t.relocatedFrom = range;
          t.range = picked;
          t.state = 'relocated';
          t.candidates = undefined;
          t.otherDefinitions = undefined;
          t.problem = relocatedMessage(t.entry, t.relocatedFrom, picked, v.name);
          return;
        }
        t.state = 'ambiguous';
        t.otherDefinitions = undefined;
        t.candidates = v.candidates;
        t.problem = ambiguousMessage(t.entry, v.name, v.candidates);
        return;
      }
      // The text rules cannot offer candidates: stale.
      t.state = 'stale';
      t.otherDefinitions = undefined;
      t.candidates = undefined;
      t.problem = slot.deleted
        ? staleMessage(t.entry, deletedWhy(t), names)
        : staleMessage(t.entry, v, names);
      return;
  }
}

export function sameRange(a: Range, b: Range): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}

const EMPTY_LINES = new LineTable('');

/** The anchor's own names: all expected names but the path's other end's. */
function ownNames(names: readonly string[], other: readonly string[] | undefined): readonly string[] {
  return other ? names.filter((n) => !other.includes(n)) : names;
}

/** Whether the definition's text changed since the scan comes from its fingerprint, not from git's lines. */
function noteChange(t: TrackedAnchor, changed: boolean): void {
  if (t.sinceScan) t.sinceScan.change = changed ? 'changed' : 'exact';
}

/** The recorded width of a one-line column anchor (what clamping to a shorter line would hide), if any. */
function recordedWidth(a: PathCodeAnchor): number | undefined {
  const oneLine = a.line_end === undefined || a.line_end === a.line_start;
  return oneLine && typeof a.column_start === 'number' && typeof a.column_end === 'number'
    ? a.column_end - a.column_start + 1
    : undefined;
}

export function markDeleted(slot: Slot): void {
  slot.deleted = true;
  slot.state = 'stale';
  slot.relocatedFrom = undefined;
  slot.otherDefinitions = undefined;
  slot.problem = staleMessage(slot.entry, deletedWhy(slot), slot.names);
}

/** Removed since the scanned commit (git), or deleted by an edit in the editor. */
function deletedWhy(t: TrackedAnchor): { kind: 'deleted' } | { kind: 'removedSinceScan'; commit: string } {
  return t.sinceScan?.change === 'removed'
    ? { kind: 'removedSinceScan', commit: t.sinceScan.commit }
    : { kind: 'deleted' };
}
