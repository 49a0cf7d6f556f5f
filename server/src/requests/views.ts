// Data for the client's views: the component tree, a component's detail, one path, versions.
import type { ComponentDetail, LineagePath, Projection } from '../../../common/src/api';
import type {
  ComponentDetailResult,
  ComponentSummary,
  NamespaceNode,
  PathView,
  ResolvedAnchor,
  ServiceStatus,
} from '../../../common/src/protocol';
import type { AnchorReader, ServiceAccess, SettingsSource, StatusSource, ViewStore } from '../session/parts';

/** What the views read: the cache, the anchors, the settings, the status, and the service when the cache has no answer. */
export type ViewSources = { index: AnchorReader; store: ViewStore } & ServiceAccess & SettingsSource;
import type { RequestOptions } from '../api/apiClient';
import { UserInputError } from '../api/serviceErrors';
import { compareText } from '../../../common/src/textOrder';
import { componentLabel, summaryLabel } from '../../../common/src/componentLabel';

export function componentTree(session: { store: ViewStore } & Pick<StatusSource, 'snapshot'>): {
  namespaces: NamespaceNode[];
  status: ServiceStatus;
} {
  const byNs = new Map<string, ComponentSummary[]>();
  for (const id of session.store.wantedIds()) {
    const c = session.store.get(id);
    const failure = session.store.failure(id);
    const summary: ComponentSummary = c
      ? {
          id: c.id,
          name: c.name,
          friendlyName: c.friendly_name,
          type: c.type,
          namespace: c.namespace ?? '',
          approvalStatus: c.approval?.status,
          pathCount: c.paths?.length ?? 0,
          error: failure,
        }
      : { id, name: id, type: 'unknown', namespace: '', pathCount: 0, error: failure ?? 'Not loaded.' };
    const list = byNs.get(summary.namespace) ?? [];
    list.push(summary);
    byNs.set(summary.namespace, list);
  }
  const namespaces = [...byNs.entries()]
    .sort(([a], [b]) => compareText(a, b))
    .map(([name, components]) => ({
      name,
      components: components.sort((x, y) => compareText(summaryLabel(x), summaryLabel(y))),
    }));
  return { namespaces, status: session.snapshot() };
}

export function resolvedAnchors(
  session: { index: AnchorReader },
  componentId: string,
  path: LineagePath,
): ResolvedAnchor[] {
  return (path.code_anchors ?? []).map((a) => {
    const t = path.path_id ? session.index.anchor(componentId, path.path_id, a.anchor_id) : undefined;
    return {
      anchorId: a.anchor_id,
      name: a.name,
      location: t?.uri && t.range ? { uri: t.uri, range: t.range } : undefined,
      state: t?.state ?? 'unresolved',
      ...(t?.unverified ? { unverified: true } : {}),
      ...(t?.state === 'ambiguous' && t.candidates ? { candidates: t.candidates } : {}),
      drifted:
        t && path.path_id
          ? session.index.drift(componentId, path.path_id, a.anchor_id) !== undefined
          : undefined,
      problem: t ? t.problem : 'This path is not in the loaded data, so its anchors are not resolved.',
      url: a.url,
    };
  });
}

function pathViews(session: { index: AnchorReader }, c: ComponentDetail): PathView[] {
  return (c.paths ?? []).map((path) => ({
    componentId: c.id,
    path,
    anchors: resolvedAnchors(session, c.id, path),
  }));
}

export async function componentDetail(
  session: ViewSources,
  p: { componentId: string; projection?: Projection },
  opts: RequestOptions,
): Promise<ComponentDetailResult> {
  const projection = p.projection ?? session.settings.projection;
  // The cache answers only in the projection it was loaded in: after the setting changes, and until
  // the reload is in, the settings already name the new one while the cache still holds the old.
  let c = projection === session.store.projection ? session.store.use(p.componentId) : undefined;
  // Not cached, or another projection: ask the service (not cached, so the views' data stays consistent).
  if (!c) c = (await session.api().getComponent(p.componentId, { projection }, opts)).component;
  return { component: c, paths: pathViews(session, c) };
}

export async function pathDetail(
  session: ViewSources,
  p: { componentId: string; pathId: string },
  opts: RequestOptions,
): Promise<PathView> {
  const { component, paths } = await componentDetail(session, { componentId: p.componentId }, opts);
  const view = paths.find((v) => v.path.path_id === p.pathId);
  if (!view) {
    // Overrides replace scan paths in the collapsed projection: look in all variants before giving up.
    const all = await componentDetail(session, { componentId: p.componentId, projection: 'all' }, opts);
    const v = all.paths.find((x) => x.path.path_id === p.pathId);
    if (v) return { ...v, componentName: componentLabel(all.component) };
    throw new UserInputError(`Path ${p.pathId} was not found in component ${p.componentId}.`);
  }
  return { ...view, componentName: componentLabel(component) };
}

/** The path as the service has it now: from the cache, else from the service in either projection. */
export async function findServicePath(
  session: ViewSources,
  componentId: string,
  pathId: string,
  opts: RequestOptions,
): Promise<LineagePath | undefined> {
  const cached = session.store.findPath(componentId, pathId);
  if (cached) return cached;
  try {
    return (await pathDetail(session, { componentId, pathId }, opts)).path;
  } catch (err) {
    if (err instanceof UserInputError) return undefined;
    throw err;
  }
}
