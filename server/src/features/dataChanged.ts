// What follows when the session's data changed (a load, a refresh, a write): contract files looked at
// again, the client told, lenses refreshed and the symbol index, once anything asked for it, brought up
// to date.
import type { ComponentDetail } from '../../../common/src/api';
import type { OnceLogger } from '../util/log';
import type { SymbolIndex } from './symbolIndex';

export interface DataChangedParts {
  log: Pick<OnceLogger, 'errorOnce'>;
  /** Forgets the contract files read (a refresh also picks up contract files created on disk). */
  invalidateContracts(): void;
  /** Tells the client which components changed. */
  notifyClient(componentIds: string[]): void;
  refreshLenses(): void;
  symbolIndex: Pick<SymbolIndex, 'sync' | 'isEmpty'>;
  components(): readonly ComponentDetail[];
}

export function dataChanged(parts: DataChangedParts, componentIds: string[]): void {
  parts.invalidateContracts();
  // The lineage model (costly in CPU and memory for large caches) is built when first asked for: by a
  // lens request (the refresh below, when an anchored file is shown), the graph or impact. During a load
  // it would compete with the anchor index for the same cores.
  parts.notifyClient(componentIds);
  parts.refreshLenses();
  // The symbol index too is built on the first workspace/symbol request (which waits for it), not as
  // part of a load; once built it follows the data in the background, so it keeps no stale details.
  if (!parts.symbolIndex.isEmpty())
    parts.symbolIndex
      .sync(parts.components)
      .catch((err: unknown) => parts.log.errorOnce(`Symbol index failed: ${(err as Error)?.message}`));
}
