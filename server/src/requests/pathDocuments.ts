// Path documents: reading one (PathDocumentRequest) and saving an edited one (SavePathRequest) with a
// conflict check against the revision the edit started from.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { ResponseError } from 'vscode-languageserver';
import { LineagePath, describeProblems, problems, stripReadOnly } from '../../../common/src/api';
import { SERVICE_ERROR_CODE, type PathDocument, type SavePathParams, type SavePathResult, type ServiceErrorData } from '../../../common/src/protocol';
import type { RequestOptions } from '../api/apiClient';
import { renderPathDocument } from '../pathDocs/render';
import { pathRevision } from '../session/componentStore';
import type { Session } from '../session/session';
import type { OnceLogger } from '../util/log';
import { UserInputError } from '../util/serviceErrors';
import { findServicePath } from './views';

export async function pathDocument(session: Session, p: { componentId: string; pathId: string }, opts: RequestOptions): Promise<PathDocument> {
  if (!p?.componentId || !p.pathId) throw new UserInputError('componentId and pathId are required.');
  const path = await findServicePath(session, p.componentId, p.pathId, opts);
  if (!path) throw notFound(p.pathId, p.componentId);
  return renderPathDocument(path);
}

function notFound(pathId: string, componentId: string): ResponseError<ServiceErrorData> {
  return new ResponseError(SERVICE_ERROR_CODE, `Path ${pathId} no longer exists in component ${componentId}; reopen it from the Lineage tree.`, {
    kind: 'http',
    status: 404,
    operation: 4,
  });
}

/** Parses and checks the document; the message says what is wrong and where. */
export function parseForSave(text: string): { value: LineagePath } | { message: string } {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: false, disallowComments: true }) as unknown;
  if (errors.length) {
    const e = errors[0]!;
    const line = text.slice(0, e.offset).split('\n').length;
    return { message: `The path is not valid JSON: ${printParseErrorCode(e.error)} at line ${line}.` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { message: 'The path must be a JSON object.' };
  const writable = stripReadOnly(LineagePath, value as LineagePath);
  const found = problems(LineagePath, writable);
  if (found.length) return { message: `The path does not match the schema: ${describeProblems(found)}` };
  return { value: writable };
}

export async function savePath(session: Session, log: OnceLogger, p: SavePathParams, opts: RequestOptions): Promise<SavePathResult> {
  if (!p?.componentId || !p.pathId || typeof p.text !== 'string') throw new UserInputError('componentId, pathId and text are required.');
  const api = session.api();
  const parsed = parseForSave(p.text);
  if ('message' in parsed) return { kind: 'invalid', message: parsed.message };

  // Conflict check against what the service holds now, not the cache.
  const { component } = await api.getComponent(p.componentId, { projection: 'all' }, opts);
  const current = component.paths?.find((x) => x.path_id === p.pathId);
  if (!current) throw notFound(p.pathId, p.componentId);
  if (!p.overwrite && pathRevision(current) !== p.baseRevision) return { kind: 'conflict', current: renderPathDocument(current) };

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
    readBack ??= (await api.getComponent(p.componentId, { projection: 'all' }, opts)).component.paths?.find((x) => x.path_id === newId);
  } catch (err) {
    log.warnOnce(`Saved path ${newId}, but re-reading component ${p.componentId} failed: ${(err as Error).message}`);
  }
  return { kind: 'saved', pathId: newId, document: renderPathDocument(readBack ?? saved) };
}
