// Contract files created, changed or deleted on disk reach the impact analysis at once, not at the next
// refresh: the server asks the client to watch the contract-file matcher (common/src/contractFileNames.ts)
// and re-reads only the files reported (ContractCatalog.filesChanged), then refreshes the impact lenses.
import { fileURLToPath } from 'node:url';
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Connection,
} from 'vscode-languageserver/node';
import { CONTRACT_FILE_GLOB } from '../../../common/src/contractFileNames';
import type { OnceLogger } from '../util/log';
import { notification } from '../util/handlers';
import type { ContractCatalog } from './contractCatalog';

/** Handles the watcher's events; `watch()` asks the client for them (when it can register watchers). */
export function registerContractWatch(
  connection: Connection,
  catalog: ContractCatalog,
  log: OnceLogger,
  changed: () => void,
): { watch(): void } {
  connection.onDidChangeWatchedFiles(
    notification(log, 'didChangeWatchedFiles', async (p) => {
      const files = p.changes
        .filter((c) => c.uri.startsWith('file:'))
        .map((c) => ({ path: fileURLToPath(c.uri), deleted: c.type === FileChangeType.Deleted }));
      if (files.length === 0) return;
      await catalog.filesChanged(files);
      changed();
    }),
  );
  return {
    watch() {
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: CONTRACT_FILE_GLOB }] })
        .catch((err: unknown) =>
          log.errorOnce(`Watching contract files failed: ${(err as Error)?.message ?? String(err)}`),
        );
    },
  };
}
