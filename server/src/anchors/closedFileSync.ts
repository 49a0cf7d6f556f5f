// Anchored files that are not open follow the disk: read and placed afresh when they change (a file
// watcher's events, a checkout, a stash), and the names a watcher should look for.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { LineTable } from './lineTable';
import { fileUri } from '../workspace/uris';
import { mapLimit } from '../util/concurrency';
import { MTIME_SLACK_MS } from './git/gitMapping';
import { commitsOf, type FileAnchors, type IndexState } from './indexState';
import type { Placement } from './placement';
import type { IndexEvents } from './indexEvents';

/** How many files are looked at once. */
const IO_CONCURRENCY = 32;

export class ClosedFileSync {
  constructor(
    private readonly state: IndexState,
    private readonly placement: Placement,
    private readonly events: IndexEvents,
    /** Builds the index again (a file created or deleted can change which files anchors resolve to). */
    private readonly rebuild: () => Promise<void>,
  ) {}

  /**
   * Files changed on disk (a file watcher's events). A closed anchored file that changed is read and
   * placed afresh (git's mapping of it renewed); one created or deleted can change which files anchors
   * resolve to (found, gone, renamed, a suffix match made ambiguous), so the index is built again when it
   * is an anchored file or bears an anchored file's name. Open documents are the editor's business (VS
   * Code reloads a clean one): skipped. Resolves when the anchors are placed: true if files were read
   * again (a rebuild tells `onDidRebuild` listeners itself).
   */
  async filesChangedOnDisk(
    changes: ReadonlyArray<{ path: string; kind: 'created' | 'changed' | 'deleted' }>,
  ): Promise<boolean> {
    let rebuild = false;
    const reloads = new Map<string, FileAnchors>();
    for (const c of changes) {
      const key = path.normalize(c.path);
      if (this.state.open.has(key)) continue;
      const fa = this.state.byFile.get(key);
      if (fa && c.kind !== 'deleted') reloads.set(key, fa);
      else if (fa || (c.kind === 'created' && this.state.fileNames.has(path.basename(key)))) rebuild = true;
    }
    if (rebuild) await this.rebuild();
    else await Promise.all([...reloads].map(([key, fa]) => this.reloadFromDisk(key, fa)));
    return !rebuild && reloads.size > 0;
  }

  /**
   * What a file watcher should report: the names of anchored files (as recorded, and as found), as
   * globs; names with glob syntax in them are left out (their changes are seen when opened or rebuilt).
   */
  watchGlobs(): string[] {
    const names = [...this.state.fileNames].filter((n) => !/[{}[\]*?,\\]/.test(n)).sort();
    if (names.length === 0) return [];
    return [names.length === 1 ? `**/${names[0]}` : `**/{${names.join(',')}}`];
  }

  /** Reads a closed file and places its anchors afresh (a newer placement meanwhile wins). */
  async reloadFromDisk(key: string, fa: FileAnchors): Promise<void> {
    const state = this.state;
    const version = ++fa.version;
    const readAt = Date.now();
    const text = await state.read(key);
    // The file may have been written since its diff was taken: git maps it afresh if so. Asked after the
    // read, so the mapping is never older than the text it places (a checkout can land in between).
    await state.opts.git?.refreshFile(key, commitsOf(fa)).catch((err) => state.report(err));
    await this.placement.fetchScanned([[key, fa]]);
    // Reopened, rebuilt or reloaded again meanwhile: that newer state wins.
    if (state.open.has(key) || fa.version !== version || state.byFile.get(key) !== fa) return;
    fa.readAt = readAt;
    fa.uri = fileUri(key);
    if (text === undefined) this.placement.unreadable(fa);
    else this.placement.placeAll(key, fa, new LineTable(text));
    this.events.emitChanged([fa.uri], true);
  }

  /**
   * The index changed and no mapping did: the closed files written since they were read (by a checkout
   * and back, a stash, a reset) are read and placed again; the rest cost one stat each.
   */
  async reloadWrittenFiles(): Promise<void> {
    const written: Array<[string, FileAnchors]> = [];
    await mapLimit([...this.state.byFile], IO_CONCURRENCY, async ([key, fa]) => {
      if (this.state.open.has(key) || fa.readAt === undefined) return;
      const mtime = await fsp.stat(key).then(
        (s) => s.mtimeMs,
        () => undefined,
      );
      if (mtime === undefined || mtime === fa.seenMtime) return;
      fa.seenMtime = mtime;
      // Coarse or skewed file times: a file written just before it was read counts as written since.
      if (mtime >= fa.readAt - MTIME_SLACK_MS) written.push([key, fa]);
    });
    await Promise.all(written.map(([key, fa]) => this.reloadFromDisk(key, fa)));
  }
}
