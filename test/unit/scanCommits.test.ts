// Which commit a path's anchors were recorded at, from the component's versions (operation 9), read
// page by page only as far as needed.
import assert from 'node:assert/strict';
import type { VersionEntry, VersionsResponse } from '../../common/src/api';
import { commitsByPath, readScanCommits, scannedCommits } from '../../server/src/session/scanCommits';

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00Z`;
const scan = (sha: string, n: number, path_ids: string[]): VersionEntry => ({
  kind: 'SCAN',
  commit_sha: sha,
  committed_at: at(n),
  recorded_at: at(n),
  path_ids,
});
const event = (
  kind: 'BYO_PATH_ADDED' | 'BYO_PATH_DELETED',
  sha: string,
  n: number,
  path_id: string,
): VersionEntry => ({
  kind,
  commit_sha: sha,
  committed_at: at(n),
  recorded_at: at(n),
  path_id,
});

describe('scan commits of paths (operation 9)', () => {
  it('lists the scanned commits newest first, events left out (a repair may record a path at one)', () => {
    const versions = [
      scan('aaa1111', 1, []),
      event('BYO_PATH_ADDED', 'ccc3333', 9, 'override'),
      scan('ccc3333', 7, []),
      scan('bbb2222', 5, ['p']),
    ];
    assert.deepEqual(scannedCommits(versions), ['ccc3333', 'bbb2222', 'aaa1111']);
  });

  it('a scan path belongs to the scan listing it; an override to its latest BYO_PATH_ADDED', () => {
    const versions = [
      event('BYO_PATH_ADDED', 'ccc3333', 9, 'override'),
      event('BYO_PATH_DELETED', 'ccc3333', 9, 'scan-a'),
      scan('bbb2222', 5, ['scan-a', 'scan-b']),
      event('BYO_PATH_ADDED', 'aaa1111', 3, 'override'),
      scan('aaa1111', 1, ['old']),
    ];
    const m = commitsByPath(versions);
    assert.equal(m.get('override'), 'ccc3333');
    assert.equal(m.get('scan-a'), 'bbb2222');
    assert.equal(m.get('scan-b'), 'bbb2222');
    assert.equal(m.get('old'), 'aaa1111');
  });

  it('reads pages only until every path has its commit', async () => {
    // 2,500 events of other paths first (newest first), then the scan listing ours.
    const all: VersionEntry[] = [
      ...Array.from({ length: 2500 }, (_, i) => event('BYO_PATH_ADDED', 'ddd4444', 20, `other-${i}`)),
      scan('bbb2222', 5, ['mine']),
      ...Array.from({ length: 3000 }, () => scan('aaa1111', 1, [])),
    ];
    const asked: Array<{ limit: number; offset: number }> = [];
    const getPage = async (p: { limit: number; offset: number }): Promise<VersionsResponse> => {
      asked.push(p);
      return {
        versions: all.slice(p.offset, p.offset + p.limit),
        totalCount: all.length,
        limit: p.limit,
        offset: p.offset,
      };
    };
    const r = await readScanCommits(getPage, new Set(['mine']));
    assert.equal(r.byPath.get('mine'), 'bbb2222');
    assert.equal(r.latest, 'bbb2222');
    assert.deepEqual(asked, [
      { limit: 1000, offset: 0 },
      { limit: 1000, offset: 1000 },
      { limit: 1000, offset: 2000 },
    ]);
  });

  it('a service that does not page (no totalCount) is read once', async () => {
    let calls = 0;
    const r = await readScanCommits(
      async () => {
        calls++;
        return { versions: [scan('aaa1111', 1, [])] };
      },
      new Set(['unlisted']),
    );
    assert.equal(calls, 1);
    assert.equal(r.byPath.has('unlisted'), false);
    assert.equal(r.latest, 'aaa1111');
  });
});
