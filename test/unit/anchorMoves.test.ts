// What follows when anchors moved (features/anchorMoves.ts): each file's diagnostics published as they
// are when its turn comes, and one notification naming the components whose drifted anchors changed,
// starting in a turn of its own (an index build ends in the turn that reports the move).
import { strict as assert } from 'node:assert';
import type { Diagnostic } from 'vscode-languageserver';
import { publishAnchorMoves } from '../../server/src/features/anchorMoves';

describe('anchor moves', () => {
  it('publishes each file in a later turn than the one reporting the move, then the changed components once', async () => {
    const published: string[] = [];
    const notified: string[][] = [];
    const drift: Record<string, string[]> = { 'file:///a.ts': ['c1'], 'file:///b.ts': ['c1', 'c2'] };
    let turnEnded = false;
    const done = publishAnchorMoves(
      {
        hub: {
          set: (_source: string, uri: string, diagnostics: Diagnostic[]) => {
            assert.ok(turnEnded, 'not in the turn that reported the move');
            published.push(`${uri}:${diagnostics.length}`);
          },
        } as never,
        index: { diagnosticsFor: (uri) => (uri.endsWith('a.ts') ? [{} as Diagnostic] : []) },
        driftChanges: { update: async (uris) => drift[uris[0]!] ?? [] },
        driftChanged: (ids) => notified.push(ids),
      },
      ['file:///a.ts', 'file:///b.ts'],
    );
    await Promise.resolve();
    assert.deepEqual(published, [], 'nothing within the reporting turn, not even after its microtasks');
    turnEnded = true;
    await done;
    assert.deepEqual(published, ['file:///a.ts:1', 'file:///b.ts:0']);
    assert.deepEqual(notified, [['c1', 'c2']]);
  });
});
