// What follows when anchors moved (features/anchorMoves.ts): each file's diagnostics published as they
// are when its turn comes, starting in a turn of its own (an index build ends in the turn that reports
// the move); the drifted anchors compared once the moves pause, every file moved meanwhile together, and
// one notification naming the components whose drifted anchors changed.
import { strict as assert } from 'node:assert';
import type { Diagnostic } from 'vscode-languageserver';
import { AnchorMoves, DRIFT_QUIET_MS, type AnchorMoveTargets } from '../../server/src/features/anchorMoves';

/** A schedule the test runs by hand: what was scheduled last, after how long, and whether cancelled. */
function manualSchedule() {
  const runs: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  return {
    runs,
    schedule: (run: () => void, ms: number) => {
      const entry = { run, ms, cancelled: false };
      runs.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
}

function targets(drift: Record<string, string[]>) {
  const published: string[] = [];
  const compared: string[][] = [];
  const notified: string[][] = [];
  let notifiedNow: () => void = () => undefined;
  const t: AnchorMoveTargets = {
    hub: {
      set: (_source: string, uri: string, diagnostics: Diagnostic[]) => {
        published.push(`${uri}:${diagnostics.length}`);
      },
    } as never,
    index: { diagnosticsFor: (uri) => (uri.endsWith('a.ts') ? [{} as Diagnostic] : []) },
    driftChanges: {
      update: async (uris) => {
        compared.push([...uris]);
        return [...new Set(uris.flatMap((u) => drift[u] ?? []))];
      },
    },
    driftChanged: (ids) => {
      notified.push(ids);
      notifiedNow();
    },
  };
  const nextNotification = () => new Promise<void>((resolve) => (notifiedNow = resolve));
  return { t, published, compared, notified, nextNotification };
}

describe('anchor moves', () => {
  it('publishes each file in a later turn than the one reporting the move', async () => {
    const { t, published } = targets({});
    const moves = new AnchorMoves(t, DRIFT_QUIET_MS, manualSchedule().schedule);
    const done = moves.moved(['file:///a.ts', 'file:///b.ts']);
    await Promise.resolve();
    assert.deepEqual(published, [], 'nothing within the reporting turn, not even after its microtasks');
    await done;
    assert.deepEqual(published, ['file:///a.ts:1', 'file:///b.ts:0']);
  });

  it('compares the drifted anchors once the moves pause, every file moved meanwhile at once', async () => {
    const { t, published, compared, notified, nextNotification } = targets({
      'file:///a.ts': ['c1'],
      'file:///b.ts': ['c1', 'c2'],
    });
    const clock = manualSchedule();
    const moves = new AnchorMoves(t, 250, clock.schedule);
    // Three moves in a row (keystrokes): diagnostics for each, one comparison after the last.
    await moves.moved(['file:///a.ts']);
    await moves.moved(['file:///b.ts']);
    await moves.moved(['file:///a.ts']);
    assert.deepEqual(published, ['file:///a.ts:1', 'file:///b.ts:0', 'file:///a.ts:1']);
    assert.deepEqual(compared, [], 'not while the anchors keep moving');
    assert.deepEqual(
      clock.runs.map((r) => [r.ms, r.cancelled]),
      [
        [250, true],
        [250, true],
        [250, false],
      ],
    );
    const notifiedOnce = nextNotification();
    clock.runs[2]!.run();
    await notifiedOnce;
    assert.deepEqual(compared, [['file:///a.ts', 'file:///b.ts']]);
    assert.deepEqual(notified, [['c1', 'c2']]);
  });

  it('tells no one when no drifted anchor changed, reports a failed comparison, and stops on dispose', async () => {
    const { t, compared, notified } = targets({});
    const failures: unknown[] = [];
    let failed: () => void = () => undefined;
    const report = (err: unknown) => {
      failures.push(err);
      failed();
    };
    const clock = manualSchedule();
    const moves = new AnchorMoves({ ...t, report }, 250, clock.schedule);
    await moves.moved(['file:///c.ts']);
    await new Promise<void>((resolve) => {
      const update = t.driftChanges.update;
      t.driftChanges.update = async (uris) => {
        const ids = await update(uris);
        resolve();
        return ids;
      };
      clock.runs[0]!.run();
    });
    assert.deepEqual(compared, [['file:///c.ts']]);
    assert.deepEqual(notified, []);

    const broken = new AnchorMoves(
      { ...t, driftChanges: { update: () => Promise.reject(new Error('index gone')) }, report },
      250,
      clock.schedule,
    );
    await broken.moved(['file:///d.ts']);
    const reported = new Promise<void>((resolve) => (failed = resolve));
    clock.runs[1]!.run();
    await reported;
    assert.equal((failures[0] as Error).message, 'index gone');

    await moves.moved(['file:///e.ts']);
    moves.dispose();
    assert.equal(clock.runs[2]!.cancelled, true);
  });
});
