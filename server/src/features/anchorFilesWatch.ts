// Anchored files changed on disk while closed (a checkout of one file, a formatter, another editor, a
// generator) are placed again at once, not when next opened: the client watches the anchored files'
// names, and the events are taken in batches (a branch switch or a formatter run touches many files at
// once) after a short quiet time.
import type { AnchorIndex } from '../anchors';
import type { OnceLogger } from '../util/log';
import type { DiskChange, WatchedFiles } from '../workspace/watchedFiles';

/** Events closer together than this are handled as one batch. */
const QUIET_MS = 100;

export function watchAnchoredFiles(
  watched: WatchedFiles,
  index: AnchorIndex,
  log: OnceLogger,
  /**
   * Called after files of a batch were read again, not after a rebuild (the index's onDidRebuild tells
   * that). The files' lenses are refreshed by the index's own unprompted change.
   */
  placed: () => void,
): { update(): void } {
  let pending: DiskChange[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = [];
    index.filesChangedOnDisk(batch).then(
      (reloaded) => reloaded && placed(),
      (err: unknown) =>
        log.errorOnce(
          `Placing anchors of files changed on disk failed: ${(err as Error)?.message ?? String(err)}`,
        ),
    );
  };
  watched.onDidChange((changes) => {
    pending.push(...changes);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, QUIET_MS);
  });
  return { update: () => watched.watch('anchored files', index.watchGlobs()) };
}
