// Operations 4 (component detail), 9 (versions) and 1 (path update).
import { randomUUID } from 'node:crypto';
import type {
  ComponentDetailResponse,
  Projection,
  VersionsResponse,
} from '../../../../common/src/api/components';
import type { LineagePath, PathBoundary, PathUpdateResponse } from '../../../../common/src/api/paths';
import { QUERY, VERSIONS_PAGE } from '../../../../common/src/api/choices';
import type { Store } from '../../model/store';
import type { Boundary, Component, PathEvent, Scan, StoredPath } from '../../model/types';
import { overrideOf } from '../../lineage/projection';
import type { Renderer } from '../../lineage/render';
import { badRequest, notFound } from '../errors';
import { integerParam, optionalString, type Request } from './request';

function findComponent(store: Store, id: string | undefined): Component {
  const c = store.components.get(id ?? '');
  if (!c) throw notFound(`no component ${JSON.stringify(id ?? '')}`);
  return c;
}

/** What a component-detail request asks for, defaults applied: equal asks get equal answers. */
export interface ComponentAsk {
  id: string;
  mode: Projection;
  namespace?: string;
}

export function componentAsk(req: Request): ComponentAsk {
  const mode = optionalString(req, QUERY.projection) ?? 'collapsed';
  if (mode !== 'collapsed' && mode !== 'all') {
    throw badRequest(
      `query parameter ${QUERY.projection} must be "collapsed" or "all", not ${JSON.stringify(mode.slice(0, 40))}`,
    );
  }
  const namespace = optionalString(req, QUERY.namespace);
  return { id: req.params.id ?? '', mode, ...(namespace === undefined ? {} : { namespace }) };
}

export function getComponent(store: Store, render: Renderer, ask: ComponentAsk): ComponentDetailResponse {
  const c = findComponent(store, ask.id);
  // The guard answers as if the component did not exist, so it reveals nothing across namespaces.
  if (ask.namespace !== undefined && ask.namespace !== c.namespace)
    throw notFound(`no component ${JSON.stringify(c.id)} in namespace ${JSON.stringify(ask.namespace)}`);
  return { component: render.component(c, ask.mode) };
}

/** What a versions request asks for, defaults applied. */
export interface VersionsAsk {
  id: string;
  limit: number;
  offset: number;
}

export function versionsAsk(req: Request): VersionsAsk {
  return {
    id: req.params.id ?? '',
    limit: integerParam(req, QUERY.versionsLimit, 1, VERSIONS_PAGE.max, VERSIONS_PAGE.default),
    offset: integerParam(req, QUERY.versionsOffset, 0, Number.MAX_SAFE_INTEGER, 0),
  };
}

export function getVersions(store: Store, ask: VersionsAsk): VersionsResponse {
  const c = findComponent(store, ask.id);
  const { limit, offset } = ask;
  const { versions, total } = store.versions(c.id, limit, offset);
  // A SCAN_OUTPUT path without a recorded commit belongs to the latest scan (c.scans is newest first).
  const scanPaths = new Map<string, string[]>();
  for (const p of c.paths) {
    if (p.type !== 'SCAN_OUTPUT') continue;
    const sha = p.commit_sha ?? c.scans[0]?.commit_sha;
    if (sha === undefined) continue;
    const list = scanPaths.get(sha);
    if (list) list.push(p.id);
    else scanPaths.set(sha, [p.id]);
  }
  for (const v of versions) if (v.kind === 'SCAN') v.path_ids = scanPaths.get(v.commit_sha) ?? [];
  return { versions, totalCount: total, limit, offset };
}

/** A full SHA or a unique prefix (at least 7 characters) of one of the component's scanned commits. */
function resolveCommit(c: Component, sha: string | undefined): Scan {
  if (sha === undefined) {
    const latest = c.scans[0];
    if (!latest) throw badRequest(`component ${c.id} has no scanned commit to take effect from`);
    return latest;
  }
  const wanted = sha.toLowerCase();
  const matches =
    wanted.length >= 7 ? c.scans.filter((s) => s.commit_sha.toLowerCase().startsWith(wanted)) : [];
  const exact = c.scans.find((s) => s.commit_sha.toLowerCase() === wanted);
  if (exact) return exact;
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw badRequest(
      `effective_since_commit_sha ${JSON.stringify(sha)} matches several scanned commits; give more of it`,
    );
  throw badRequest(
    `effective_since_commit_sha ${JSON.stringify(sha.slice(0, 64))} is not a scanned commit of component ${c.id}`,
  );
}

export function updatePath(store: Store, render: Renderer, req: Request): PathUpdateResponse {
  const c = findComponent(store, req.params.id);
  if (c.type !== 'CODE')
    throw badRequest(`component ${c.id} is a ${c.type}; only CODE components have paths`);
  const old = c.paths.find((p) => p.id === req.params.pathId);
  if (!old) throw notFound(`no path ${JSON.stringify(req.params.pathId ?? '')} in component ${c.id}`);
  // The body was validated against LineagePath with read-only members already dropped.
  const body = req.body as LineagePath;
  const scan = resolveCommit(c, body.effective_since_commit_sha);

  const newBoundaries: Boundary[] = [];
  const side = (given: PathBoundary, previousId: string): string => {
    const b = boundaryFor(store, c, given, store.boundaries.get(previousId));
    if (!store.boundaries.has(b.id)) newBoundaries.push(b);
    return b.id;
  };
  const next: StoredPath = {
    id: randomUUID(),
    componentId: c.id,
    // The place of the path it stands in for, so the component's list keeps its order.
    seq: old.seq,
    type: 'USER_OVERRIDE',
    replaces: old.type === 'SCAN_OUTPUT' ? old.id : old.replaces,
    suppressed: old.suppressed,
    ingressId: side(body.ingress, old.ingressId),
    egressId: side(body.egress, old.egressId),
    field_mappings: body.field_mappings,
    code_anchors: body.code_anchors,
    transformation_summary: body.transformation_summary,
    payload_name: body.payload_name,
    completeness: body.completeness,
    commit_sha: scan.commit_sha,
    reason: body.reason,
  };
  // The override this one supersedes: the old path itself, or the override standing in for it.
  const superseded =
    old.type === 'USER_OVERRIDE'
      ? [old.id]
      : [overrideOf(c, old.id)?.id].filter((x): x is string => x !== undefined);
  const now = new Date().toISOString();
  const event = (kind: PathEvent['kind'], path_id: string): PathEvent => ({
    kind,
    path_id,
    commit_sha: scan.commit_sha,
    committed_at: scan.committed_at,
    recorded_at: now,
    reason: body.reason,
    recorded_by: req.caller,
  });
  // Exactly the two events of the spec. BYO_PATH_DELETED names the path actually replaced: the
  // override standing in for the scan path when there is one (that is the path deleted), else the
  // path the request names. It keeps that path as it was (our choice: a path's history can then be
  // read after the path is gone); BYO_PATH_ADDED names the path it replaced.
  const retiredId = superseded[0] ?? old.id;
  const retired = c.paths.find((p) => p.id === retiredId);
  const events = [
    { ...event('BYO_PATH_DELETED', retiredId), ...(retired ? { path: render.path(retired) } : {}) },
    { ...event('BYO_PATH_ADDED', next.id), replaces_path_id: retiredId },
  ];
  store.replacePath(c, superseded, next, newBoundaries, events);
  return { path: render.path(next) };
}

/**
 * The stored boundary for one side of an updated path. An unchanged boundary (same id, same content)
 * is reused; otherwise a new one is made that keeps the durable coordinates, so its field tags stay:
 * those of the boundary the body names by id, else the old path's boundary when the signature is
 * the same, else the body's own payload and signature names.
 */
function boundaryFor(
  store: Store,
  c: Component,
  given: PathBoundary,
  previous: Boundary | undefined,
): Boundary {
  const named = given.id !== undefined ? store.boundaries.get(given.id) : undefined;
  const base =
    named && named.componentId === c.id
      ? named
      : previous && previous.signature_name === given.signature_name
        ? previous
        : undefined;
  const candidate: Boundary = {
    id: randomUUID(),
    componentId: c.id,
    kind: given.kind,
    signature_name: given.signature_name,
    payload_name: given.payload_name,
    description: given.description,
    schema: given.schema,
    coords: base
      ? { ...base.coords }
      : { payload_name: given.payload_name ?? null, signature_name: given.signature_name },
    data_store_id: base?.data_store_id,
  };
  if (named && named.componentId === c.id && sameContent(named, candidate)) return named;
  return candidate;
}

function sameContent(a: Boundary, b: Boundary): boolean {
  return (
    a.kind === b.kind &&
    a.signature_name === b.signature_name &&
    a.payload_name === b.payload_name &&
    a.description === b.description &&
    JSON.stringify(a.schema) === JSON.stringify(b.schema)
  );
}
