// The anchor index as the editor runs it, for the language server and `lineage-lens check` alike:
// disk reads of regular files only, with a size limit (and a synchronous form for index builds, see
// AnchorIndexOptions; regularFiles.ts says why a FIFO must never be opened blocking), git-aware
// mapping from the scanned commit and syntax-aware relocation with tree-sitter. One place, so the
// CLI checks with the editor's rules.
import type { AnchorIndexOptions } from './types';
import { AnchorIndex } from './anchorIndex';
import { TreeSitterDefinitions } from './syntax/definitionSource';
import { readRegularFile, readRegularFileSync } from '../workspace/regularFiles';
import { GitMapper } from './git/gitMapping';

export const diskReads: Pick<AnchorIndexOptions, 'readFile' | 'readFileSync'> = {
  readFile: (fsPath) => readRegularFile(fsPath),
  readFileSync: (fsPath) => readRegularFileSync(fsPath),
};

export function createEditorAnchorIndex(
  log: {
    info(message: string): void;
    warnOnce(message: string): void;
    errorOnce(message: string): void;
  },
  /**
   * `watchGit`: follow commits and checkouts while running (the editor). `placeInBackground`: files
   * that need only their own text placed after the build (AnchorIndexOptions). A one-shot check does
   * neither.
   */
  opts: { watchGit?: boolean; placeInBackground?: boolean } = {},
): AnchorIndex {
  return new AnchorIndex({
    folders: [],
    ...diskReads,
    ...(opts.placeInBackground ? { placeInBackground: true } : {}),
    // Why git cannot map is said once per reason by the mapper itself.
    git: new GitMapper({ log: (m) => log.info(m), watch: opts.watchGit ?? true }),
    onError: (err) => log.errorOnce(`Anchor index listener failed: ${(err as Error)?.message}`),
    definitions: new TreeSitterDefinitions({ onProblem: (m) => log.warnOnce(m) }),
  });
}
