// The collection the server runs once quiet after big work (util/memorySettle.ts): V8's own full
// collection, exposed at run time, really frees garbage; it waits while the event loop is busy and runs
// once the loop has been quiet for its window, naming the work it settles.
import { strict as assert } from 'node:assert';
import { getHeapSpaceStatistics } from 'node:v8';
import {
  compactingCollection,
  fullCollection,
  MemorySettle,
  type SettleResult,
} from '../../server/src/util/memorySettle';

/** Old space committed beyond what its live objects use (MB): pages kept for objects scattered over them. */
function oldSpaceSlackMb(): number {
  const s = getHeapSpaceStatistics().find((x) => x.space_name === 'old_space')!;
  return (s.space_size - s.space_used_size) / 1e6;
}

/** Many small objects promoted to the old space, then all but every eighth dropped: a load's leftovers. */
function scatteredSurvivors(): unknown[] {
  const all: Array<{ i: number; s: string; a: number[] }> = [];
  for (let i = 0; i < 600_000; i++) all.push({ i, s: `field_${i}`, a: [i] });
  fullCollection()!(); // promoted, interleaved on the same pages
  return all.filter((_, i) => i % 8 === 0);
}

/** A start `mb` below the heap in use now: as if the work just done had grown the heap by that much. */
const startedBefore = (mb: number) => process.memoryUsage().heapUsed / 1e6 - mb;

describe('memory settle after big work', () => {
  it('exposes a full collection that frees unreachable objects', () => {
    const collect = fullCollection();
    assert.ok(collect, 'this Node accepts --expose-gc at run time');
    collect();
    const base = process.memoryUsage().heapUsed;
    let garbage: Array<{ i: number; s: string }> | undefined = Array.from({ length: 300_000 }, (_, i) => ({
      i,
      s: `field_${i}`,
    }));
    assert.ok(process.memoryUsage().heapUsed > base + 10e6, `allocated ${garbage.length} objects`);
    garbage = undefined;
    collect();
    assert.ok(process.memoryUsage().heapUsed < base + 5e6, 'the objects were collected');
  });

  it('the settle collection compacts: pages a plain collection keeps for scattered survivors are returned', () => {
    const plain = fullCollection()!;
    const compacting = compactingCollection();
    assert.ok(compacting, 'this Node accepts the flags at run time');
    // The same leftovers twice, each followed by one collection: a plain one, then the settle's.
    let kept = scatteredSurvivors();
    plain();
    const plainSlack = oldSpaceSlackMb();
    assert.equal(kept.length, 75_000);
    kept = [];
    plain();
    kept = scatteredSurvivors();
    compacting();
    const compactedSlack = oldSpaceSlackMb();
    assert.equal(kept.length, 75_000, 'the live objects survive the move');
    assert.ok(plainSlack > 30, `a plain collection left ${plainSlack.toFixed(0)} MB of old space unused`);
    assert.ok(
      compactedSlack < plainSlack / 4,
      `compacted: ${compactedSlack.toFixed(0)} MB unused; a plain collection left ${plainSlack.toFixed(0)} MB`,
    );
  });

  it('collects once the loop has been quiet, naming every piece of work it settles', async () => {
    let collections = 0;
    const real = fullCollection()!;
    const settled = new Promise<SettleResult>((resolve) => {
      const settle = new MemorySettle({
        quietMs: 30,
        startHeapMb: startedBefore(64),
        collect: () => {
          collections++;
          real();
        },
        onSettled: resolve,
      });
      settle.want('index build');
      settle.want('lineage model');
      settle.want('index build');
    });
    const r = await settled;
    assert.equal(collections, 1);
    assert.equal(r.reason, 'index build, lineage model');
    assert.ok(r.heapAfterMb <= r.heapBeforeMb + 1, JSON.stringify(r));
    assert.ok(r.rssBeforeMb > 0 && r.pauseMs >= 0);
  });

  it('waits while the event loop is busy and collects after it went quiet', async () => {
    const events: string[] = [];
    let busy = true;
    // Busy turns of the event loop, as while a load parses answers.
    const spin = () => {
      if (!busy) return;
      const until = performance.now() + 8;
      while (performance.now() < until);
      setImmediate(spin);
    };
    spin();
    await new Promise<void>((resolve) => {
      const settle = new MemorySettle({
        quietMs: 40,
        startHeapMb: startedBefore(64),
        collect: () => events.push('collected'),
        onDeferred: (share) => {
          events.push(`deferred at ${share > 0.5 ? 'busy' : 'quiet'}`);
          busy = false;
        },
        onSettled: () => resolve(),
      });
      settle.want('index build');
    });
    assert.deepEqual(events.slice(0, 1), ['deferred at busy']);
    assert.equal(events.at(-1), 'collected');
    assert.equal(events.filter((e) => e === 'collected').length, 1);
  });

  /**
   * A settler on V8's real collection, with each want awaited until it collected or skipped; `events`
   * lists 'collected' and 'skipped' in order. `startHeapMb` as MemorySettle takes it.
   */
  const stepwise = (startHeapMb?: number) => {
    const real = fullCollection()!;
    const events: string[] = [];
    let next: () => void = () => undefined;
    const settle = new MemorySettle({
      quietMs: 20,
      ...(startHeapMb !== undefined ? { startHeapMb } : {}),
      collect: () => {
        events.push('collected');
        real();
      },
      onSettled: () => next(),
      onSkipped: () => {
        events.push('skipped');
        next();
      },
    });
    const step = (reason: string) =>
      new Promise<void>((resolve) => {
        next = resolve;
        settle.want(reason);
      });
    return { events, step, settle };
  };

  it('skips the pause when the heap has not grown since the last collection', async () => {
    const { events, step, settle } = stepwise(startedBefore(64));
    await step('index build');
    await step('index build');
    assert.deepEqual(events, ['collected', 'skipped']);
    // Grown well past what the collection left: the next one runs.
    const grown = Array.from({ length: 1_200_000 }, (_, i) => ({ i, s: `grown_${i}` }));
    await step('lineage model');
    assert.ok(grown.length > 0);
    assert.deepEqual(events, ['collected', 'skipped', 'collected']);
    settle.dispose();
  });

  it('counts the first collection from the heap at its start: a small load is left alone, a large one collected', async () => {
    fullCollection()!();
    // Made as the server makes it: its start is the heap in use now.
    const { events, step, settle } = stepwise();
    // A small workspace's load: a few MB kept, nothing worth a pause.
    const small = Array.from({ length: 20_000 }, (_, i) => ({ i, s: `small_${i}` }));
    await step('index build');
    assert.deepEqual(events, ['skipped']);
    // A large one: far more than the start's heap and 32 MB.
    const large = Array.from({ length: 1_200_000 }, (_, i) => ({ i, s: `large_${i}` }));
    await step('lineage model');
    assert.deepEqual(events, ['skipped', 'collected']);
    assert.ok(small.length > 0 && large.length > 0);
    settle.dispose();
  });

  it('does nothing once disposed, and never without a collection', async () => {
    let ran = false;
    const settle = new MemorySettle({
      quietMs: 10,
      startHeapMb: startedBefore(64),
      collect: () => (ran = true),
    });
    settle.want('index build');
    settle.dispose();
    const control = new Promise<void>((resolve) => {
      new MemorySettle({
        quietMs: 20,
        startHeapMb: startedBefore(64),
        collect: () => undefined,
        onSettled: () => resolve(),
      }).want('x');
    });
    // A second settler with a longer window has settled: the disposed one's window passed long ago.
    await control;
    assert.equal(ran, false);
  });
});
