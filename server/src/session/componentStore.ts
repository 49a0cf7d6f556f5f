// The bounded cache of component details and the load that fills it: ids from the settings plus
// discovery through edges (operation 12, both endpoints), details through operation 4 with bounded
// concurrency. A failed component is remembered with its reason and skipped; the rest still load.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ComponentDetail, Edge, LineagePath } from '../../../common/src/api';
import type { LineageSettings } from '../../../common/src/protocol';
import type { LineageApi } from '../api/apiClient';
import { mapSettled } from '../api/concurrency';
import { DetailCompactor } from './compactDetail';
import { isConnectivityError, isKeyRejected } from '../util/serviceErrors';
import type { OnceLogger } from '../util/log';

export type LoadResult =
  | { kind: 'loaded'; changedIds: string[] }
  | { kind: 'unreachable'; error: unknown }
  | { kind: 'keyRejected'; error: unknown };

export interface StoreLimits {
  /** Upper bound on the paths held in memory across all components (each component counts paths + 1). */
  maxPaths: number;
}

export const DEFAULT_LIMITS: StoreLimits = { maxPaths: 200_000 };

/** Opaque revision of a path as the service sent it: the hash of its JSON. */
export function pathRevision(path: LineagePath): string {
  return createHash('sha256').update(JSON.stringify(path)).digest('hex').slice(0, 24);
}

export class ComponentStore {
  private readonly cache: LRUCache<string, ComponentDetail>;
  private readonly failures = new Map<string, string>();
  private readonly compactor = new DetailCompactor();
  private wanted: string[] = [];
  private evicted = false;
  private edgeList: Edge[] = [];
  private changes = 0;

  constructor(
    private readonly log: OnceLogger,
    limits: StoreLimits = DEFAULT_LIMITS,
  ) {
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
    this.compactor.clear();
    this.wanted = [];
    this.edgeList = [];
    this.changes++;
  }

  findPath(componentId: string, pathId: string): LineagePath | undefined {
    return this.get(componentId)?.paths?.find((p) => p.path_id === pathId);
  }

  async load(api: LineageApi, settings: LineageSettings, signal?: AbortSignal): Promise<LoadResult> {
    const ids = new Set(settings.components);
    try {
      const { edges } = await api.getEdges(settings.namespace || undefined, { signal });
      const kept: Edge[] = [];
      for (const e of edges) {
        if (settings.namespace && e.namespace !== settings.namespace) continue;
        kept.push(e);
        ids.add(e.sourceComponentId);
        ids.add(e.destinationComponentId);
      }
      if (JSON.stringify(kept) !== JSON.stringify(this.edgeList)) this.changes++;
      this.edgeList = kept;
    } catch (err) {
      if (isConnectivityError(err)) return { kind: 'unreachable', error: err };
      if (isKeyRejected(err)) return { kind: 'keyRejected', error: err };
      // Discovery failing is not fatal: the configured ids still load.
      this.log.warnOnce(`Edge discovery failed: ${(err as Error).message}`);
    }

    // Each detail is compacted as it arrives (not after all have), so the load's peak memory stays
    // near the cache's own size.
    const query = { projection: settings.projection };
    const results = await mapSettled([...ids], settings.maxConcurrency, async (id) => {
      const r = await api.getComponent(id, query, signal ? { signal } : undefined);
      this.compactor.compact(r.component);
      return r;
    });
    const unreachable = results.filter((r) => r.error && isConnectivityError(r.error));
    if (results.length > 0 && unreachable.length === results.length)
      return { kind: 'unreachable', error: unreachable[0]!.error };
    const rejected = results.find((r) => r.error && isKeyRejected(r.error));
    if (rejected) return { kind: 'keyRejected', error: rejected.error };

    const changed: string[] = [];
    this.failures.clear();
    for (const r of results) {
      if (r.error || !r.result) {
        const reason = r.error?.message ?? 'no component in the response';
        // A component we could not reach this time keeps its last data (marked by the failure).
        this.failures.set(r.item, reason);
        this.log.warnOnce(`Component ${r.item} skipped: ${reason}`, `component:${r.item}:${reason}`);
        continue;
      }
      const detail = r.result.component;
      const before = this.cache.peek(r.item);
      if (!before || JSON.stringify(before) !== JSON.stringify(detail)) changed.push(r.item);
      this.cache.set(r.item, detail);
    }
    for (const id of this.cache.keys()) {
      if (!ids.has(id)) {
        this.cache.delete(id);
        changed.push(id);
      }
    }
    this.wanted = [...ids];
    if (changed.length > 0) this.changes++;
    return { kind: 'loaded', changedIds: changed };
  }

  /** Re-reads one component (after a save). */
  async reloadOne(api: LineageApi, id: string, settings: LineageSettings): Promise<ComponentDetail> {
    const { component } = await api.getComponent(id, { projection: settings.projection });
    this.cache.set(id, this.compactor.compact(component));
    this.changes++;
    this.failures.delete(id);
    if (!this.wanted.includes(id)) this.wanted.push(id);
    return component;
  }
}
