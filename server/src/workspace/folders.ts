// The workspace folders the client reports, and the one test of "inside a folder" every reader uses.
import * as path from 'node:path';

export interface WorkspaceFolderInfo {
  uri: string;
  fsPath: string;
  /** The scanned project's root relative to the folder ('' = the folder itself); setting `lineageLens.projectRoot`. */
  projectRoot: string;
}

/** True when `child` is strictly below `parent` (both absolute, normalized paths). */
export function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel);
}
