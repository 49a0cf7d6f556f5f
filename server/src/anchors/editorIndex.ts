// The anchor index as the editor runs it, for the language server and `lineage-lens check` alike:
// disk reads with a size limit (and a synchronous form for index builds, see AnchorIndexOptions) and
// syntax-aware relocation with tree-sitter. One place, so the CLI checks with the editor's rules.
import { readFile, readFileSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import type { AnchorIndexOptions } from './types';
import { AnchorIndex } from './anchorIndex';
import { TreeSitterDefinitions } from './syntax/definitionSource';

export const MAX_FILE_BYTES = 4 * 1_048_576;
// The callback form is several times faster than fs/promises for thousands of small files.
const readFileAsync = promisify(readFile);

export const diskReads: Pick<AnchorIndexOptions, 'readFile' | 'readFileSync'> = {
  async readFile(fsPath) {
    const text = await readFileAsync(fsPath, 'utf8');
    return text.length > MAX_FILE_BYTES ? undefined : text;
  },
  readFileSync(fsPath) {
    // At most 3 UTF-8 bytes per UTF-16 unit: a file this large is over the limit, so it is not read at all.
    if (statSync(fsPath).size > MAX_FILE_BYTES * 3) return undefined;
    const text = readFileSync(fsPath, 'utf8');
    return text.length > MAX_FILE_BYTES ? undefined : text;
  },
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
