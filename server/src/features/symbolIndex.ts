// The workspace-symbol index: the names of every component, path, boundary signature and field in the
// cache, kept per component detail object. A detail is indexed once, when the index first needs it (the
// first workspace/symbol request, then after each change of data; in slices of a few milliseconds that
// yield to the event loop), so a query scans a flat list of
// names instead of walking every path's fields; each distinct name is matched at most once per query
// (a path's name, "ingress → egress", once per path, across its two signatures).
import type { CancellationToken } from 'vscode-languageserver';
import { SymbolKind } from 'vscode-languageserver';
import type { ComponentDetail, LineagePath } from '../../../common/src/api';
import { forEachFieldEntry } from '../domain/pathFields';
import { SLICE_MS, TimeSlicer, yieldToEventLoop } from '../util/timeSlices';
import { componentLabel } from '../../../common/src/componentLabel';

export interface SymbolEntry {
  kind: SymbolKind;
  /** The path the symbol belongs to (undefined for the component itself). */
  path?: LineagePath;
  containerName?: string;
}

export interface SymbolHit {
  name: string;
  entry: SymbolEntry;
  component: ComponentDetail;
}

/** Distinct names kept before the tables are rebuilt from the live components only. */
const MAX_NAMES = 2_000_000;

/** Which side of its path an entry names (its container is "ingress of …" / "egress of …"). */
const SIDES = [undefined, 'ingress', 'egress'] as const;
const INGRESS = 1;
const EGRESS = 2;

/**
 * One component's entries, packed: entry i is the name `names[i]` of kind `kinds[i]`, belonging to
 * path `paths[i]` of the detail (-1: the component itself) on side `SIDES[sides[i]]`. A path's own
 * entry names "ingress → egress" by its two signatures, `names[i]` and `egress[i]`, never as a string
 * of its own (a string per path and its lower-case copy would double the index). A component has about
 * three entries per path, so they are packed in arrays rather than objects with container names.
 */
interface Indexed {
  readonly detail: ComponentDetail;
  readonly names: Int32Array;
  /** For a path's own entry: the name id of its egress signature (-1 for other entries). */
  readonly egress: Int32Array;
  readonly kinds: Uint8Array;
  readonly paths: Int32Array;
  readonly sides: Uint8Array;
}

export class SymbolCancelled extends Error {}

export class SymbolIndex {
  private names: string[] = [];
  /** Each name in lower case, made when a query first needs it (undefined until then): not during a load. */
  private lower: Array<string | undefined> = [];
  private readonly ids = new Map<string, number>();
  private readonly byComponent = new Map<string, Indexed>();
  private syncing: Promise<void> | undefined;
  private again = false;

  /** `sliceMs`: work between two yields to the event loop. */
  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether nothing is indexed (no workspace/symbol request yet, or no components). */
  isEmpty(): boolean {
    return this.byComponent.size === 0 && this.syncing === undefined;
  }

  /**
   * Brings the index up to `components` (the store's, in order): new or changed details are indexed,
   * dropped ones forgotten. Concurrent calls share one run (and one more when asked meanwhile).
   */
  sync(components: () => readonly ComponentDetail[]): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      // A turn of its own: a load asks right after the anchor index's build, whose last slice ends the
      // caller's turn.
      await yieldToEventLoop();
      do {
        this.again = false;
        await this.syncOnce(components());
      } while (this.again);
    })().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async syncOnce(components: readonly ComponentDetail[]): Promise<void> {
    const live = new Set(components.map((c) => c.id));
    for (const id of this.byComponent.keys()) if (!live.has(id)) this.byComponent.delete(id);
    if (this.names.length > MAX_NAMES) this.reset();
    for (const c of components) {
      if (this.byComponent.get(c.id)?.detail === c) continue;
      this.byComponent.set(c.id, await this.entriesOf(c));
    }
  }

  private reset(): void {
    this.names = [];
    this.lower = [];
    this.ids.clear();
    this.byComponent.clear();
  }

  private nameId(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
      this.lower.push(undefined);
    }
    return id;
  }

  private lowerOf(id: number): string {
    let lower = this.lower[id];
    if (lower === undefined) {
      const name = this.names[id]!;
      lower = name.toLowerCase();
      this.lower[id] = lower = lower === name ? name : lower;
    }
    return lower;
  }

  private async entriesOf(c: ComponentDetail): Promise<Indexed> {
    const list = c.paths ?? [];
    // Typed arrays from the start, grown by doubling: plain arrays grown by push left ~3 times their
    // size in large arrays for the collector (tens of MB at 100,000 paths).
    let t = packed(1 + 4 * list.length);
    let n = 0;
    const add = (name: string, kind: SymbolKind, path: number, side: number, second = -1) => {
      if (n === t.names.length) t = packed(2 * n, t);
      t.names[n] = this.nameId(name);
      t.egress[n] = second;
      t.kinds[n] = kind;
      t.paths[n] = path;
      t.sides[n++] = side;
    };
    add(componentLabel(c), SymbolKind.Module, -1, 0);
    const slicer = new TimeSlicer(this.sliceMs);
    for (let i = 0; i < list.length; i++) {
      const p = list[i]!;
      if (!p.path_id) continue;
      const [ing, egr] = pathSignatures(p);
      add(ing, SymbolKind.Function, i, 0, this.nameId(egr));
      const ingress = p.ingress?.signature_name;
      if (ingress) add(ingress, SymbolKind.Interface, i, INGRESS);
      const egress = p.egress?.signature_name;
      if (egress) add(egress, SymbolKind.Interface, i, EGRESS);
      forEachFieldName(p, (side, name) => add(name, SymbolKind.Field, i, side));
      if (slicer.tick()) await slicer.pause();
    }
    const trimmed = packed(n, t);
    return { detail: c, ...trimmed };
  }

  /**
   * Entries whose name contains the query's characters in order (case-insensitive), in the order of
   * `components`, at most `max`. Yields between slices; throws SymbolCancelled when cancelled.
   */
  async search(
    components: readonly ComponentDetail[],
    query: string,
    max: number,
    token?: CancellationToken,
  ): Promise<SymbolHit[]> {
    const q = query.toLowerCase();
    // 0: not checked yet, 1: matches, 2: does not.
    const verdict = new Uint8Array(this.names.length);
    const out: SymbolHit[] = [];
    const slicer = new TimeSlicer(this.sliceMs);
    for (const c of components) {
      const indexed = this.byComponent.get(c.id);
      if (indexed?.detail !== c) continue;
      const { names, egress } = indexed;
      for (let i = 0; i < names.length; i++) {
        if (slicer.tick()) {
          await slicer.pause();
          if (token?.isCancellationRequested) throw new SymbolCancelled();
        }
        const nameId = names[i]!;
        const second = egress[i]!;
        let name: string;
        if (second >= 0) {
          // A path: "ingress → egress", matched across its parts as one name would be.
          let k = matched(q, 0, this.lowerOf(nameId));
          if (k < q.length) k = matched(q, k, ARROW);
          if (k < q.length) k = matched(q, k, this.lowerOf(second));
          if (k < q.length) continue;
          name = this.names[nameId]! + ARROW + this.names[second]!;
        } else {
          let v = verdict[nameId];
          if (v === 0) v = verdict[nameId] = matched(q, 0, this.lowerOf(nameId)) === q.length ? 1 : 2;
          if (v !== 1) continue;
          name = this.names[nameId]!;
        }
        out.push({ name, entry: entryAt(indexed, i), component: c });
        if (out.length >= max) return out;
      }
    }
    return out;
  }
}

type Packed = Omit<Indexed, 'detail'>;

/** Entry arrays of `size`, holding the first entries of `from`. */
function packed(size: number, from?: Packed): Packed {
  const t: Packed = {
    names: new Int32Array(size),
    egress: new Int32Array(size),
    kinds: new Uint8Array(size),
    paths: new Int32Array(size),
    sides: new Uint8Array(size),
  };
  if (from) {
    const k = Math.min(size, from.names.length);
    t.names.set(from.names.subarray(0, k));
    t.egress.set(from.egress.subarray(0, k));
    t.kinds.set(from.kinds.subarray(0, k));
    t.paths.set(from.paths.subarray(0, k));
    t.sides.set(from.sides.subarray(0, k));
  }
  return t;
}

const ARROW = ' → ';

/** The names of a path's fields, ingress then egress, each once per side, as pathFields lists them. */
function forEachFieldName(p: LineagePath, visit: (side: number, fieldPath: string) => void): void {
  for (const side of ['ingress', 'egress'] as const) {
    const code = side === 'ingress' ? INGRESS : EGRESS;
    let seen: Set<string> | undefined;
    forEachFieldEntry(p, side, (name) => {
      if (seen?.has(name)) return;
      (seen ??= new Set()).add(name);
      visit(code, name);
    });
  }
}

function pathSignatures(p: LineagePath): [string, string] {
  return [p.ingress?.signature_name ?? '?', p.egress?.signature_name ?? '?'];
}

/** The name of a path as a symbol (and the container of its boundaries and fields). */
function pathName(p: LineagePath): string {
  return pathSignatures(p).join(ARROW);
}

/** Entry i of a component, as the symbols feature takes it (made only for results). */
function entryAt(indexed: Indexed, i: number): SymbolEntry {
  const c = indexed.detail;
  const kind = indexed.kinds[i] as SymbolKind;
  const p = indexed.paths[i]!;
  if (p < 0) return { kind, ...(c.namespace !== undefined ? { containerName: c.namespace } : {}) };
  const path = c.paths![p]!;
  const side = SIDES[indexed.sides[i]!];
  return { kind, path, containerName: side ? `${side} of ${pathName(path)}` : c.name };
}

/** How many characters of `q`, from the k-th on, appear in `name` in order (all: q.length). */
function matched(q: string, k: number, name: string): number {
  let i = 0;
  for (; k < q.length; k++) {
    i = name.indexOf(q[k]!, i);
    if (i < 0) return k;
    i++;
  }
  return k;
}
