// Which kind of document a URI names, decided in one place for every handler that routes on it: a
// path document (lineage: scheme, with the path it shows), a file of the workspace (file: scheme;
// its content may make it a contract file too), or anything else an editor opens.
import { parsePathDocumentUri } from '../../../common/src/protocol';

export type DocumentKind =
  { kind: 'pathDocument'; componentId: string; pathId: string } | { kind: 'file' } | { kind: 'other' };

export function documentKind(uri: string): DocumentKind {
  const ref = parsePathDocumentUri(uri);
  if (ref) return { kind: 'pathDocument', ...ref };
  return uri.startsWith('file:') ? { kind: 'file' } : { kind: 'other' };
}

/** A file of the workspace (file: scheme): what the anchor index and the file features look at. */
export function isWorkspaceFile(uri: string): boolean {
  return uri.startsWith('file:');
}
