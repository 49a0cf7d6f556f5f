// Path documents: reading one (PathDocumentRequest) and saving an edited one (SavePathRequest) with a
// conflict check against the revision the edit started from.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { ResponseError } from 'vscode-languageserver';
import { LineagePath, describeProblems, problems, stripReadOnly } from '../../../common/src/api';
import {
  SERVICE_ERROR_CODE,
  type PathDocument,
  type PathHistory,
  type SavePathParams,
  type SavePathResult,
  type ServiceErrorData,
} from '../../../common/src/protocol';
import { jsonNestsDeeperThan } from '../../../common/src/api/jsonDepth';
import type { LineageApi, RequestOptions } from '../api/apiClient';
import type { PathHistories } from '../pathDocs/history';
import { renderPathDocument } from '../pathDocs/render';
import { pathRevision } from '../pathDocs/revision';
import type { ComponentWriter, ServiceAccess } from '../session/parts';
import type { OnceLogger } from '../util/log';
import { findServicePath, type ViewSources } from './views';

export async function pathDocument(
  session: ViewSources,
  p: { componentId: string; pathId: string },
  opts: RequestOptions,
): Promise<PathDocument> {
  const path = await findServicePath(session, p.componentId, p.pathId, opts);
  if (!path) throw notFound(p.pathId, p.componentId);
  const { revision } = await inEffect(session.api(), p.componentId, path, opts);
  return { ...renderPathDocument(path), revision };
}

/** The versions of one path, newest first (pathDocs/history.ts). */
export function pathHistory(
  session: ServiceAccess,
  histories: PathHistories,
  p: { componentId: string; pathId: string },
  opts: RequestOptions,
): Promise<PathHistory> {
  return histories.history(session.api(), p.componentId, p.pathId, opts);
}

/** One version of a path as a read-only path document. */
export async function pathVersionDocument(
  session: ServiceAccess,
  histories: PathHistories,
  p: { componentId: string; pathId: string; versionPathId: string },
  opts: RequestOptions,
): Promise<{ text: string }> {
  return { text: renderPathDocument(await histories.version(session.api(), p, opts)).text };
}

/**
 * The revision a save compares against also says whether the path is still in effect: updating a scan
 * path leaves it unchanged on the service but adds an override replacing it, so an editor opened
 * before that must get a conflict rather than silently replace the other user's override. `current`
 * is what the service applies now (for Compare): the replacing override, matched by its boundaries.
 */
async function inEffect(
  api: LineageApi,
  componentId: string,
  path: LineagePath,
  opts: RequestOptions,
): Promise<{ revision: string; current: LineagePath }> {
  const { component } = await api.getComponent(componentId, { projection: 'collapsed' }, opts);
  const effective = component.paths ?? [];
  if (effective.some((x) => x.path_id === path.path_id))
    return { revision: pathRevision(path), current: path };
  const same = (a: LineagePath, b: LineagePath) =>
    a.ingress.signature_name === b.ingress.signature_name &&
    a.egress.signature_name === b.egress.signature_name;
  const replacement = effective.find((x) => x.path_type === 'USER_OVERRIDE' && same(x, path));
  return { revision: `${pathRevision(path)}:replaced`, current: replacement ?? path };
}

function notFound(pathId: string, componentId: string): ResponseError<ServiceErrorData> {
  return new ResponseError(
    SERVICE_ERROR_CODE,
    `Path ${pathId} no longer exists in component ${componentId}; reopen it from the Lineage tree.`,
    {
      kind: 'http',
      status: 404,
      operation: 4,
    },
  );
}

/** Parses and checks the document; the message says what is wrong and where. */
export function parseForSave(text: string): { value: LineagePath } | { message: string } {
  // Deeper than the service takes (it would refuse the body), and past what the recursive parser and
  // schema check can follow.
  if (jsonNestsDeeperThan(text)) return { message: 'The path nests values too deeply to be saved.' };
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: false, disallowComments: true }) as unknown;
  if (errors.length) {
    const e = errors[0]!;
    const line = text.slice(0, e.offset).split('\n').length;
    return { message: `The path is not valid JSON: ${printParseErrorCode(e.error)} at line ${line}.` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { message: 'The path must be a JSON object.' };
  const writable = stripReadOnly(LineagePath, value as LineagePath);
  const found = problems(LineagePath, writable);
  if (found.length) return { message: `The path does not match the schema: ${describeProblems(found)}` };
  return { value: writable };
}

export async function savePath(
  session: ComponentWriter,
  log: OnceLogger,
  p: SavePathParams,
  opts: RequestOptions,
): Promise<SavePathResult> {
  const api = session.api();
  const parsed = parseForSave(p.text);
  if ('message' in parsed) return { kind: 'invalid', message: parsed.message };

  // Conflict check against what the service holds now, not the cache.
  const { component } = await api.getComponent(p.componentId, { projection: 'all' }, opts);
  const current = component.paths?.find((x) => x.path_id === p.pathId);
  if (!current) throw notFound(p.pathId, p.componentId);
  if (!p.overwrite) {
    const now = await inEffect(api, p.componentId, current, opts);
    if (now.revision !== p.baseRevision)
      return { kind: 'conflict', current: renderPathDocument(now.current) };
  }

  const body: LineagePath = { ...parsed.value };
  if (p.reason !== undefined) body.reason = p.reason;
  if (p.effectiveSinceCommitSha !== undefined) body.effective_since_commit_sha = p.effectiveSinceCommitSha;
  const { path: saved } = await api.updatePath(p.componentId, p.pathId, body, opts);
  const newId = saved.path_id ?? p.pathId;

  // The document's revision must be the one the next save compares against: the path as read back.
  let readBack: LineagePath | undefined;
  try {
    await session.store.reloadOne(api, p.componentId, session.settings);
    await session.componentChanged(p.componentId);
    readBack = session.store.findPath(p.componentId, newId);
    readBack ??= (await api.getComponent(p.componentId, { projection: 'all' }, opts)).component.paths?.find(
      (x) => x.path_id === newId,
    );
  } catch (err) {
    log.warnOnce(
      `Saved path ${newId}, but re-reading component ${p.componentId} failed: ${(err as Error).message}`,
    );
  }
  return { kind: 'saved', pathId: newId, document: renderPathDocument(readBack ?? saved) };
}
