// A file named by an agent (relative to a workspace folder, absolute, or a file: URI), resolved inside
// the workspace folders or refused: a tool never reads or reports on anything outside them.
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileUri } from '../../workspace/uris';
import { isInside, type WorkspaceFolderInfo } from '../../workspace/folders';
import { UserInputError } from '../../api/serviceErrors';

export interface WorkspaceFile {
  fsPath: string;
  uri: string;
  /** Relative to its workspace folder, with forward slashes. */
  rel: string;
}

/** A file strictly inside the folder, lexically and once links are followed. */
const inside = (root: string, p: string) => isInside(root, p) && isInside(real(root), real(p));

/** Where a real path lies; the path itself when it does not exist (yet). */
function real(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return p;
  }
}

export function workspaceFile(folders: readonly WorkspaceFolderInfo[], file: string): WorkspaceFile {
  if (folders.length === 0) throw new UserInputError('No workspace folder is open.');
  let given = file.trim();
  if (/^file:/i.test(given)) {
    try {
      given = fileURLToPath(given);
    } catch {
      throw new UserInputError('The file URI is not a local file.');
    }
  }
  const candidates = isAbsolute(given) ? [given] : folders.map((f) => resolve(f.fsPath, given));
  // Relative to several folders: the folder where it exists wins.
  candidates.sort((a, b) => Number(existsSync(b)) - Number(existsSync(a)));
  for (const fsPath of candidates) {
    const folder = folders.find((f) => inside(f.fsPath, fsPath));
    if (!folder) continue;
    const rel = relative(folder.fsPath, fsPath).split(sep).join('/');
    return { fsPath, uri: fileUri(fsPath), rel };
  }
  throw new UserInputError('The file is not inside the workspace folder; only workspace files are read.');
}
