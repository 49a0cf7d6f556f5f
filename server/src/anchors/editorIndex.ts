// The anchor index as the editor runs it, for the language server and `lineage-lens check` alike:
// disk reads of regular files only, with a size limit (and a synchronous form for index builds, see
// AnchorIndexOptions; regularFiles.ts says why a FIFO must never be opened blocking) and
// syntax-aware relocation with tree-sitter. One place, so the CLI checks with the editor's rules.
import type { AnchorIndexOptions } from './types';
import { AnchorIndex } from './anchorIndex';
import { TreeSitterDefinitions } from './syntax/definitionSource';
import { readRegularFile, readRegularFileSync } from './regularFiles';

export const diskReads: Pick<AnchorIndexOptions, 'readFile' | 'readFileSync'> = {
  readFile: (fsPath) => readRegularFile(fsPath),
  readFileSync: (fsPath) => readRegularFileSync(fsPath),
};

export function createEditorAnchorIndex(log: {
  warnOnce(message: string): void;
  errorOnce(message: string): void;
}): AnchorIndex {
  return new AnchorIndex({
    folders: [],
    ...diskReads,
    onError: (err) => log.errorOnce(`Anchor index listener failed: ${(err as Error)?.message}`),
    definitions: new TreeSitterDefinitions({ onProblem: (m) => log.warnOnce(m) }),
  });
}
