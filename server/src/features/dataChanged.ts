// What follows when the session's data changed (a load, a refresh, a write): contract files looked at
// again, the client told, lenses refreshed and the symbol index brought up to date.
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
  symbolIndex: Pick<SymbolIndex, 'sync'>;
  components(): readonly ComponentDetail[];
}

/** Resolves once the symbol index has caught up (the session waits for it before it says connected). */
export function dataChanged(parts: DataChangedParts, componentIds: string[]): Promise<void> {
  parts.invalidateContracts();
  // The lineage model (costly in CPU and memory for large caches) is built when first asked for: by a
  // lens request (the refresh below, when an anchored file is shown), the graph or impact. During a load
  // it would compete with the anchor index for the same cores.
  parts.notifyClient(componentIds);
  parts.refreshLenses();
  // Indexed as components arrive, so workspace/symbol finds the index ready.
  return parts.symbolIndex
    .sync(parts.components)
    .catch((err: unknown) => parts.log.errorOnce(`Symbol index failed: ${(err as Error)?.message}`));
}
