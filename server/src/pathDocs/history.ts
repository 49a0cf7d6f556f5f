// A path's history, like a file's history in a git client: the chain of edits that replaced it back to
// the scan it came from, read from a component's versions (operation 9, newest first). An edit gives
// the path a new id and records BYO_PATH_DELETED (the retired path, as it was) and BYO_PATH_ADDED (the
// new id, naming the one it replaced): one row per edit, never two. Versions are kept by id: a retired
// version never changes, so its text is cached.
import type { LineagePath, VersionEntry } from '../../../common/src/api';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import type { PathHistory, PathHistoryEntry } from '../../../common/src/protocol';
import type { LineageApi, RequestOptions } from '../api/apiClient';
import { UserInputError } from '../api/serviceErrors';
import { componentLabel } from '../../../common/src/componentLabel';

/** How many events one history reads at most (pages of the service's default size). */
const MAX_EVENTS = 5_000;
/** Retired versions kept in memory, by component and path id. */
const MAX_CACHED_VERSIONS = 200;

export class PathHistories {
  private readonly retired = new Map<string, LineagePath>();

  /** The history of `pathId`, newest first; `current` is the path as the service applies it now. */
  async history(
    api: LineageApi,
    componentId: string,
    pathId: string,
    opts: RequestOptions,
  ): Promise<PathHistory> {
    const { component } = await api.getComponent(componentId, { projection: 'all' }, opts);
    const paths = new Map((component.paths ?? []).map((p) => [p.path_id ?? '', p]));
    const current = paths.get(pathId);
    if (!current) throw new UserInputError(`Path ${pathId} is not in component ${componentId}.`);
    const { entries, complete } = await this.walk(api, componentId, pathId, opts);
    const readable = (id: string) => paths.has(id) || this.retired.has(key(componentId, id));
    return {
      label: pathDocumentLabel(current),
      componentName: componentLabel(component),
      entries: entries.map((e) => ({ ...e, readable: readable(e.versionPathId) })),
      complete,
    };
  }

  /** One version's path: a path still on the service (the current one, a scanned one) or a retired one. */
  async version(
    api: LineageApi,
    p: { componentId: string; pathId: string; versionPathId: string },
    opts: RequestOptions,
  ): Promise<LineagePath> {
    const cached = this.retired.get(key(p.componentId, p.versionPathId));
    if (cached) return cached;
    const { component } = await api.getComponent(p.componentId, { projection: 'all' }, opts);
    const live = component.paths?.find((x) => x.path_id === p.versionPathId);
    if (live) return live;
    await this.walk(api, p.componentId, p.pathId, opts);
    const found = this.retired.get(key(p.componentId, p.versionPathId));
    if (!found)
      throw new UserInputError(
        `The service does not keep version ${p.versionPathId} of this path; only its current version can be opened.`,
      );
    return found;
  }

  private async walk(
    api: LineageApi,
    componentId: string,
    pathId: string,
    opts: RequestOptions,
  ): Promise<{ entries: Omit<PathHistoryEntry, 'readable'>[]; complete: boolean }> {
    const entries: Omit<PathHistoryEntry, 'readable'>[] = [];
    let wanted: string | undefined = pathId;
    let offset = 0;
    let complete = true;
    while (wanted !== undefined) {
      const page = await api.getVersions(componentId, { offset }, opts);
      for (const v of page.versions) {
        this.keepRetired(componentId, v);
        if (wanted === undefined) continue;
        if (v.kind === 'BYO_PATH_ADDED' && v.path_id === wanted) {
          entries.push(row('edit', wanted, v, v.replaces_path_id));
          // Without the replaced id the chain cannot go on (a service that does not say it).
          wanted = v.replaces_path_id;
          if (wanted === undefined) complete = false;
        } else if (v.kind === 'SCAN' && v.path_ids?.includes(wanted)) {
          entries.push(row('scan', wanted, v, undefined));
          wanted = undefined;
        }
      }
      offset += page.versions.length;
      const total = page.totalCount;
      if (wanted === undefined || page.versions.length === 0 || total === undefined || offset >= total) break;
      if (offset >= MAX_EVENTS) {
        complete = false;
        break;
      }
    }
    return { entries, complete };
  }

  private keepRetired(componentId: string, v: VersionEntry): void {
    if (v.kind !== 'BYO_PATH_DELETED' || !v.path_id || !v.path) return;
    const k = key(componentId, v.path_id);
    this.retired.delete(k);
    this.retired.set(k, v.path);
    if (this.retired.size > MAX_CACHED_VERSIONS) {
      const oldest = this.retired.keys().next().value;
      if (oldest !== undefined) this.retired.delete(oldest);
    }
  }
}

function key(componentId: string, pathId: string): string {
  return `${componentId}\u0000${pathId}`;
}

function row(
  kind: PathHistoryEntry['kind'],
  versionPathId: string,
  v: VersionEntry,
  previousVersionPathId: string | undefined,
): Omit<PathHistoryEntry, 'readable'> {
  const e: Omit<PathHistoryEntry, 'readable'> = {
    kind,
    versionPathId,
    commitSha: v.commit_sha,
    committedAt: v.committed_at,
    recordedAt: v.recorded_at,
  };
  if (previousVersionPathId !== undefined) e.previousVersionPathId = previousVersionPathId;
  if (v.reason !== undefined) e.reason = v.reason;
  if (v.recorded_by !== undefined) e.recordedBy = v.recorded_by;
  if (v.branch !== undefined) e.branch = v.branch;
  if (v.job_trigger !== undefined) e.jobTrigger = v.job_trigger;
  return e;
}
