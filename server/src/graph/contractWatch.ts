// Contract files created, changed or deleted on disk reach the impact analysis at once, not at the next
// refresh: the server asks the client to watch the contract-file matcher (common/src/contractFileNames.ts)
// and re-reads only the files reported (ContractCatalog.filesChanged), then refreshes the impact lenses.
import { CONTRACT_FILE_GLOB } from '../../../common/src/contractFileNames';
import type { WatchedFiles } from '../workspace/watchedFiles';
import { isContractPath, type ContractCatalog } from './contractCatalog';

/** Handles the watcher's events; `watch()` asks the client for them (when it can register watchers). */
export function registerContractWatch(
  watched: WatchedFiles,
  catalog: ContractCatalog,
  changed: (paths: string[]) => void,
): { watch(): void } {
  watched.onDidChange(async (changes) => {
    // Other parts' watchers report other files: only contract files concern the catalog.
    const files = changes
      .filter((c) => isContractPath(c.path))
      .map((c) => ({ path: c.path, deleted: c.kind === 'deleted' }));
    if (files.length === 0) return;
    await catalog.filesChanged(files);
    changed(files.map((f) => f.path));
  });
  return { watch: () => watched.watch('contract files', [CONTRACT_FILE_GLOB]) };
}
