// A quick pick over a component's versions that reads them a page at a time (operation 9 is paged:
// choices.ts VERSIONS_PAGE): the first page, then one more per "Load More Versions…" pick.
import * as vscode from 'vscode';
import type { VersionEntry, VersionsResponse } from '../../../common/src/api';
import { VersionsRequest } from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { describeError, safePickText } from '../serviceErrors';

export interface VersionPages {
  versions: VersionEntry[];
  /** Offset of the next page, when the service has more. */
  nextOffset?: number;
  totalCount?: number;
}

/** One page from `offset`; a service that does not page (no totalCount) has no next page. */
export async function versionsPage(
  ctx: LineageContext,
  componentId: string,
  offset: number,
  token?: vscode.CancellationToken,
): Promise<VersionPages> {
  const page: VersionsResponse = await ctx.request(VersionsRequest, { componentId, offset }, token);
  const end = offset + page.versions.length;
  const more = page.totalCount !== undefined && page.versions.length > 0 && end < page.totalCount;
  return { versions: page.versions, totalCount: page.totalCount, nextOffset: more ? end : undefined };
}

/**
 * Shows `head` and the versions as `toItems` turns them into items, page by page. `first` is the
 * first page when the caller already has it; otherwise it is read while the pick shows "loading".
 * A page that cannot be read becomes one item saying why. Resolves with the item picked.
 */
export async function pickVersion<T extends vscode.QuickPickItem>(
  ctx: LineageContext,
  componentId: string,
  toItems: (versions: VersionEntry[]) => T[],
  options: vscode.QuickPickOptions & { head?: T[]; first?: VersionPages },
): Promise<T | undefined> {
  const { head = [], first, ...pickOptions } = options;
  const shown: Array<T | vscode.QuickPickItem> = [...head];
  let next: number | undefined = 0;
  let pending: VersionPages | undefined = first;
  let total = 0;
  const loadMore: vscode.QuickPickItem = { label: '', alwaysShow: true };
  const notes = new Set<vscode.QuickPickItem>(); // items that say why a page is missing
  for (;;) {
    const items = (async () => {
      try {
        const page = pending ?? (await versionsPage(ctx, componentId, next ?? 0));
        pending = undefined;
        shown.push(...toItems(page.versions));
        next = page.nextOffset;
        total = page.totalCount ?? 0;
      } catch (err) {
        next = undefined;
        const note = {
          label: vscode.l10n.t('Versions could not be loaded: {0}', safePickText(describeError(err))),
        };
        notes.add(note);
        shown.push(note);
      }
      if (next === undefined) return [...shown];
      loadMore.label = vscode.l10n.t('$(ellipsis) Load More Versions…');
      loadMore.description = vscode.l10n.t('{0} of {1} versions read', next, total);
      return [...shown, loadMore];
    })();
    const pick = await vscode.window.showQuickPick(items, pickOptions);
    if (pick === loadMore) continue;
    return pick && !notes.has(pick) ? (pick as T) : undefined;
  }
}
