// The bounded cache of component details and the load that fills it: ids from the settings plus
// discovery through edges (operation 12, both endpoints), details through operation 4 with bounded
// concurrency. A failed component is remembered with its reason and skipped; the rest still load.
import { LRUCache } from 'lru-cache';
import type { ComponentDetail, Edge, LineagePath, Projection } from '../../../common/src/api';
import type { LineageSettings } from '../../../common/src/protocol';
import type { LineageApi } from '../api/apiClient';
import { limiter, mapSettled, settle, type Settled } from '../util/concurrency';
import { isOneUrlSegment } from '../../../common/src/api/ids';
import { DetailCompactor } from './compactDetail';
import { readScanCommits, type ScanCommits } from './scanCommits';
import { isConnectivityError, isKeyRejected } from '../api/serviceErrors';
import type { OnceLogger } from '../util/log';
import { LOAD_SLICE_MS, TimeSlicer } from '../util/timeSlices';

export type LoadResult =
  /** `problems`: what makes the data incomplete (discovery failed, capped, failed components). */
  | { kind: 'loaded'; changedIds: string[]; problems: string[] }
  | { kind: 'unreachable'; error: unknown }
  | { kind: 'keyRejected'; error: unknown };

export interface StoreLimits {
  /** Upper bound on the paths held in memory across all components (each component counts paths + 1). */
  maxPaths: number;
  /**
   * Share identical tag references and field paths (compactDetail.ts): worth its CPU for the server's
   * long-lived cache, not for a one-shot run such as `lineage-lens check` (default true).
   */
  compact?: boolean;
  /** Told of each component's detail as it arrives in a load, before the load ends. */
  arrived?(component: ComponentDetail): void;
}

/** A component's detail as a load read it, before the load keeps it. */
interface Arrived {
  component: ComponentDetail;
  /** Whether it differs from the cached detail (or none was cached). */
  changed: boolean;
  /** Its versions, when they were read. */
  commits: { result?: ScanCommits; error?: Error } | undefined;
  /** The digest of the answer's bytes, to know them again in the next load (none: streamed). */
  digest: string | undefined;
}

/** Components whose failure is logged one by one in a load; the rest are counted in one line. */
const MAX_FAILURE_LINES = 20;

export const DEFAULT_LIMITS: StoreLimits = { maxPaths: 200_000 };

// Paths by id per cached detail (details are read-only once cached): hovers and lenses look paths up
// by id, which was a linear search through every path of a component with 100,000 of them. The map is
// built in slices as the detail is loaded (mapPaths), so the first hover does not build it.
const pathMaps = new WeakMap<ComponentDetail, Map<string, LineagePath>>();
function pathsById(c: ComponentDetail): Map<string, LineagePath> {
  let m = pathMaps.get(c);
  if (!m) {
    m = new Map();
    for (const p of c.paths ?? []) if (p.path_id && !m.has(p.path_id)) m.set(p.path_id, p);
    pathMaps.set(c, m);
  }
  return m;
}

async function mapPaths(c: ComponentDetail, slicer: TimeSlicer): Promise<Map<string, LineagePath>> {
  const known = pathMaps.get(c);
  if (known) return known;
  const m = new Map<string, LineagePath>();
  for (const p of c.paths ?? []) {
    if (p.path_id && !m.has(p.path_id)) m.set(p.path_id, p);
    if (slicer.tick()) await slicer.pause();
  }
  pathMaps.set(c, m);
  return m;
}

/** Whether two details serialise alike, compared path by path in slices (a whole 29 MB detail at once blocked). */
async function sameDetail(a: ComponentDetail, b: ComponentDetail, slicer: TimeSlicer): Promise<boolean> {
  const pa = a.paths ?? [];
  const pb = b.paths ?? [];
  if (Array.isArray(a.paths) !== Array.isArray(b.paths) || pa.length !== pb.length) return false;
  if (JSON.stringify({ ...a, paths: [] }) !== JSON.stringify({ ...b, paths: [] })) return false;
  for (let i = 0; i < pa.length; i++) {
    if (JSON.stringify(pa[i]) !== JSON.stringify(pb[i])) return false;
    if (slicer.tick()) await slicer.pause();
  }
  return true;
}

/**
 * Whether two edge lists serialise alike, edge by edge: stringifying both (an edge list can be megabytes)
 * made a large string per load only to compare it, and the first load compares against none.
 */
export function sameEdges(a: readonly Edge[], b: readonly Edge[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameFlatObject(a[i]!, b[i]!)) return false;
  return true;
}

/** Same own keys in the same order with identical primitive values; nested values by their JSON. */
function sameFlatObject(a: object, b: object): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  const other = Object.keys(rb);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k !== other[i]) return false;
    const va = ra[k];
    const vb = rb[k];
    if (va === vb) continue;
    if (va === null || vb === null || typeof va !== 'object' || typeof vb !== 'object') return false;
    if (JSON.stringify(va) !== JSON.stringify(vb)) return false;
  }
  return true;
}

export class ComponentStore {
  private readonly cache: LRUCache<string, ComponentDetail>;
  private readonly failures = new Map<string, string>();
  /** Shares the repeated parts of what is cached (compactDetail.ts); none when limits.compact is false. */
  private readonly compactor: DetailCompactor | undefined;
  /** Per CODE component: the commit each path's anchors were recorded at (operation 9). */
  private readonly commits = new Map<string, ScanCommits>();
  /**
   * Per cached component read whole by a later load: the digest of its answer's bytes. A refresh whose
   * answer has the same bytes keeps the cached detail without parsing or comparing it again.
   */
  private readonly digests = new Map<string, string>();
  private wanted: string[] = [];
  private evicted = false;
  private edgeList: Edge[] = [];
  private changes = 0;
  /** The projection the cached details were loaded in (the settings may already name another). */
  private loadedIn: Projection | undefined;

  private readonly arrived: ((c: ComponentDetail) => void) | undefined;

  constructor(
    private readonly log: OnceLogger,
    limits: StoreLimits = DEFAULT_LIMITS,
  ) {
    this.arrived = limits.arrived;
    this.compactor = limits.compact === false ? undefined : new DetailCompactor();
    this.cache = new LRUCache<string, ComponentDetail>({
      maxSize: limits.maxPaths,
      sizeCalculation: (c) => Math.max(1, (c.paths?.length ?? 0) + 1),
      dispose: (_v, key, reason) => {
        if (reason === 'evict') {
          this.evicted = true;
          this.changes++;
          this.log.warnOnce(
            `Component ${key} dropped from the cache (memory limit of paths reached).`,
            `evict:${key}`,
          );
        }
      },
    });
  }

  get(id: string): ComponentDetail | undefined {
    return this.cache.peek(id);
  }

  /** Touches the entry (LRU order) and returns it. */
  use(id: string): ComponentDetail | undefined {
    return this.cache.get(id);
  }

  /** Loaded components, in the order they were asked for. */
  all(): ComponentDetail[] {
    const out: ComponentDetail[] = [];
    for (const id of this.wanted) {
      const c = this.cache.peek(id);
      if (c) out.push(c);
    }
    return out;
  }

  /** The edges of operation 12 seen by the last load (the lineage graph's component links). */
  edges(): readonly Edge[] {
    return this.edgeList;
  }

  /** Grows whenever the cached data changes, so models derived from it know when to rebuild. */
  get version(): number {
    return this.changes;
  }

  wantedIds(): readonly string[] {
    return this.wanted;
  }

  /** The projection of the cached details; undefined before the first load. */
  get projection(): Projection | undefined {
    return this.loadedIn;
  }

  failure(id: string): string | undefined {
    return this.failures.get(id);
  }

  get size(): number {
    return this.cache.size;
  }

  /** Whether anything was evicted since the last call (the anchor index then needs a rebuild). */
  takeEvicted(): boolean {
    const e = this.evicted;
    this.evicted = false;
    return e;
  }

  clear(): void {
    this.cache.clear();
    this.failures.clear();
    this.compactor?.clear();
    this.commits.clear();
    this.digests.clear();
    this.wanted = [];
    this.edgeList = [];
    this.loadedIn = undefined;
    this.changes++;
  }

  /** The commit a path's anchor coordinates refer to; undefined when the versions could not be read. */
  commitOf(componentId: string, pathId: string): string | undefined {
    const c = this.commits.get(componentId);
    return c && (c.byPath.get(pathId) ?? c.latest);
  }

  /** The component's scanned commits, newest first (those read with its versions). */
  scansOf(componentId: string): readonly string[] | undefined {
    return this.commits.get(componentId)?.scans;
  }

  /** Reads the versions of CODE components (operation 9); a failure only loses git mapping for it. */
  private async loadCommits(api: LineageApi, ids: string[], concurrency: number, signal?: AbortSignal) {
    const results = await mapSettled(ids, concurrency, (id) =>
      this.readCommits(api, id, this.cache.peek(id), signal),
    );
    for (const { item: id, result, error } of results) this.keepCommits(id, result, error);
  }

  private async readCommits(
    api: LineageApi,
    id: string,
    c: ComponentDetail | undefined,
    signal?: AbortSignal,
  ): Promise<ScanCommits> {
    const pathIds = c ? await mapPaths(c, new TimeSlicer()) : new Map<string, LineagePath>();
    return readScanCommits((page) => api.getVersions(id, page, signal ? { signal } : undefined), pathIds);
  }

  private keepCommits(id: string, result: ScanCommits | undefined, error: Error | undefined): void {
    if (result) {
      this.commits.set(id, result);
      return;
    }
    this.commits.delete(id);
    this.log.warnOnce(
      `Component ${id}: versions not read (${error?.message ?? 'no answer'}); its anchors are placed at their recorded lines without git mapping.`,
      `versions:${id}`,
    );
  }

  findPath(componentId: string, pathId: string): LineagePath | undefined {
    const c = this.get(componentId);
    return c ? pathsById(c).get(pathId) : undefined;
  }

  async load(api: LineageApi, settings: LineageSettings, signal?: AbortSignal): Promise<LoadResult> {
    // Configured ids first, then both endpoints of each edge in order; a Set keeps each id once.
    const ids = new Set(settings.components);
    const problems: string[] = [];
    // Each detail is compacted as it arrives (not after all have), so the load's peak memory stays
    // near the cache's own size; whether it changed is known then too. At most maxConcurrency at once.
    const query = { projection: settings.projection };
    const limit = limiter(settings.maxConcurrency);
    const started = new Map<string, Promise<Settled<string, Arrived>>>();
    const start = (id: string) => {
      let p = started.get(id);
      if (!p) started.set(id, (p = settle(id, () => limit(() => this.arrive(api, id, query, signal)))));
      return p;
    };
    // The configured components need no discovery: asked for at once, beside the edge list (which can
    // take a while to come: it names every edge). Nothing is cached until the load ends.
    for (const id of ids) {
      if (started.size >= settings.maxComponents) break;
      void start(id);
    }
    const settled = () => Promise.all(started.values());
    try {
      const { edges } = await api.getEdges(settings.namespace || undefined, { signal });
      const kept: Edge[] = [];
      let refused = 0;
      for (const e of edges) {
        if (settings.namespace && e.namespace !== settings.namespace) continue;
        kept.push(e);
        // Each id is checked once: a component is the end of many edges.
        for (const id of [e.sourceComponentId, e.destinationComponentId]) {
          if (ids.has(id)) continue;
          if (isOneUrlSegment(id)) ids.add(id);
          else refused++;
        }
      }
      if (refused) problems.push(`${refused} edge endpoint ids were not valid ids and were ignored.`);
      this.compactor?.compactEdges(kept);
      if (!sameEdges(kept, this.edgeList)) this.changes++;
      this.edgeList = kept;
    } catch (err) {
      if (isConnectivityError(err)) return settled().then(() => ({ kind: 'unreachable', error: err }));
      if (isKeyRejected(err)) return settled().then(() => ({ kind: 'keyRejected', error: err }));
      // Discovery failing is not fatal: the configured ids still load. The status says so.
      problems.push(`Edge discovery failed: ${(err as Error).message}`);
      this.log.warnOnce(`Edge discovery failed: ${(err as Error).message}`);
    }
    let wanted = [...ids];
    if (wanted.length > settings.maxComponents) {
      problems.push(
        `Loaded the first ${settings.maxComponents.toLocaleString('en')} of ${wanted.length.toLocaleString('en')} components (lineageLens.maxComponents); set lineageLens.namespace or lineageLens.components to narrow them.`,
      );
      wanted = wanted.slice(0, settings.maxComponents);
    }

    // Every component started above is among these: the configured ones come first.
    const results = await Promise.all(wanted.map(start));
    const unreachable = results.filter((r) => r.error && isConnectivityError(r.error));
    if (results.length > 0 && unreachable.length === results.length)
      return { kind: 'unreachable', error: unreachable[0]!.error };
    const rejected = results.find((r) => r.error && isKeyRejected(r.error));
    if (rejected) return { kind: 'keyRejected', error: rejected.error };

    const changed: string[] = [];
    const commitsRead = new Set<string>();
    this.failures.clear();
    let failed = 0;
    for (const r of results) {
      if (r.error || !r.result) {
        const reason = r.error?.message ?? 'no component in the response';
        // A component we could not reach this time keeps its last data (marked by the failure).
        this.failures.set(r.item, reason);
        // A few lines say what went wrong; thousands of failures would drown the log.
        if (failed++ < MAX_FAILURE_LINES)
          this.log.warnOnce(`Component ${r.item} skipped: ${reason}`, `component:${r.item}:${reason}`);
        continue;
      }
      if (r.result.changed) changed.push(r.item);
      this.cache.set(r.item, r.result.component);
      if (r.result.digest === undefined) this.digests.delete(r.item);
      else this.digests.set(r.item, r.result.digest);
      const commits = r.result.commits;
      if (commits) {
        this.keepCommits(r.item, commits.result, commits.error);
        commitsRead.add(r.item);
      }
    }
    if (failed > MAX_FAILURE_LINES)
      this.log.warnOnce(
        `… and ${failed - MAX_FAILURE_LINES} more components skipped (each shows its reason in the Components view).`,
        `component-failures:${failed}`,
      );
    if (failed) problems.push(`${failed} of ${results.length} components could not be loaded.`);
    const keep = new Set(wanted);
    for (const id of this.cache.keys()) {
      if (!keep.has(id)) {
        this.cache.delete(id);
        this.commits.delete(id);
        this.digests.delete(id);
        changed.push(id);
      }
    }
    // Versions change with the paths (a scan, an override), so they are re-read for changed components only.
    const changedSet = new Set(changed);
    const needCommits = [...this.cache.entries()]
      .filter(
        ([id, c]) =>
          c.type === 'CODE' && !commitsRead.has(id) && (changedSet.has(id) || !this.commits.has(id)),
      )
      .map(([id]) => id);
    await this.loadCommits(api, needCommits, settings.maxConcurrency, signal);
    this.wanted = wanted;
    this.loadedIn = settings.projection;
    if (changed.length > 0) this.changes++;
    return { kind: 'loaded', changedIds: changed, problems };
  }

  /**
   * One component's detail read, compacted and compared with the cached one, and its versions read when
   * they may have changed.
   */
  private async arrive(
    api: LineageApi,
    id: string,
    query: { projection: Projection },
    signal: AbortSignal | undefined,
  ): Promise<Arrived> {
    const opts = signal ? { signal } : undefined;
    // A component read before is asked for unless its answer's bytes are the same (the periodic
    // refresh: most components have not changed); a first read takes no digest, which would cost
    // the load's own time.
    const before = this.cache.peek(id);
    const r = before
      ? await api.getComponentUnlessSame(id, query, this.digests.get(id), opts)
      : await api.getComponent(id, query, opts);
    // Without a component in the answer the service said "the same bytes": the cached one stands.
    const fresh = 'component' in r ? r.component : undefined;
    const component = fresh ?? before!;
    let changed = false;
    if (fresh) {
      // Compacted and mapped as the cache keeps them, in slices: a component can have 100,000 paths.
      const slicer = new TimeSlicer(LOAD_SLICE_MS);
      await this.compactor?.compact(fresh, slicer);
      this.arrived?.(fresh);
      await mapPaths(fresh, slicer);
      changed = !before || !(await sameDetail(before, fresh, slicer));
    }
    // Versions are read beside the other components' details rather than after all of them: the
    // wait for the service then overlaps with parsing. They change with the paths, so an
    // unchanged component keeps the versions it has.
    let commits: Arrived['commits'];
    if (component.type === 'CODE' && (changed || !this.commits.has(id))) {
      try {
        commits = { result: await this.readCommits(api, id, component, signal) };
      } catch (err) {
        commits = { error: err as Error };
      }
    }
    return { component, changed, commits, digest: 'digest' in r ? r.digest : undefined };
  }

  /** Re-reads one component (after a save). */
  async reloadOne(api: LineageApi, id: string, settings: LineageSettings): Promise<ComponentDetail> {
    const { component } = await api.getComponent(id, { projection: settings.projection });
    const slicer = new TimeSlicer();
    await this.compactor?.compact(component, slicer);
    this.cache.set(id, component);
    // Read without a digest: bytes equal to those of the last load must not keep this detail's place.
    this.digests.delete(id);
    await mapPaths(component, slicer);
    this.changes++;
    if (component.type === 'CODE') await this.loadCommits(api, [id], 1);
    this.failures.delete(id);
    if (!this.wanted.includes(id)) this.wanted.push(id);
    return component;
  }
}
