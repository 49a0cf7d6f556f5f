// The slots of a build by anchor id (anchors/slotsById.ts): made after the build in time slices, and
// whole at once when an anchor is looked up before that is done; the later of two slots with the same
// ids wins, as when the map was made during the build.
import { strict as assert } from 'node:assert';
import { SlotsById } from '../../../server/src/anchors/slotsById';
import { newSlot, type Slot } from '../../../server/src/anchors/slot';
import type { AnchorIndex } from '../../../server/src/anchors';
import { TempWorkspace, entry } from './workspace';

function slot(anchorId: string, pathId: string): Slot {
  const e = entry({ file: 'a.ts', line_start: 1 }, ['run'], 'c', pathId);
  e.anchor.anchor_id = anchorId;
  return newSlot(e);
}

describe('anchors: slots by anchor id', () => {
  it('finds every slot when asked before the background fill, in the build order for shared ids', () => {
    const slots = [slot('a', 'p1'), slot('b', 'p1'), slot('a', 'p2'), slot('a', 'p3')];
    const ids = new SlotsById(slots);
    assert.equal(ids.complete, false);
    assert.equal(ids.get('b'), slots[1]);
    assert.equal(ids.complete, true);
    assert.deepEqual(ids.get('a'), [slots[0], slots[2], slots[3]]);
    assert.equal(ids.get('c'), undefined);
  });

  it('fills in slices in the background, and stops when told', async () => {
    const slots = Array.from({ length: 5_000 }, (_, i) => slot(`a${i}`, 'p'));
    const ids = new SlotsById(slots);
    await ids.fillInBackground();
    assert.equal(ids.complete, true);
    assert.equal(ids.get('a4999'), slots[4999]);
    const stopped = new SlotsById(slots);
    stopped.stop();
    await stopped.fillInBackground();
    assert.equal(stopped.complete, false);
    // A lookup still finds it.
    assert.equal(stopped.get('a0'), slots[0]);
  });

  describe('in an index', () => {
    let ws: TempWorkspace;
    let index: AnchorIndex;
    afterEach(async () => {
      index?.dispose();
      await ws?.dispose();
    });

    it('answers a lookup by ids at once after a build, and after each newer build', async () => {
      ws = await TempWorkspace.create();
      await ws.write('ws/src/a.ts', 'export function run() {}\nexport function stop() {}\n');
      index = ws.index([ws.folder('ws')], { definitions: null });
      const first = entry({ file: 'src/a.ts', name: 'run', line_start: 1 }, ['run'], 'c1', 'p1');
      const twin = entry({ file: 'src/a.ts', name: 'stop', line_start: 2 }, ['stop'], 'c1', 'p1');
      twin.anchor.anchor_id = first.anchor.anchor_id;
      await index.setAnchors([first, twin]);
      // The same ids twice: the later entry wins.
      assert.equal(index.anchor('c1', 'p1', first.anchor.anchor_id)?.range?.start.line, 1);
      const other = entry({ file: 'src/a.ts', name: 'run', line_start: 1 }, ['run'], 'c2', 'p2');
      await index.setAnchors([other]);
      assert.equal(index.anchor('c1', 'p1', first.anchor.anchor_id), undefined);
      assert.equal(index.anchor('c2', 'p2', other.anchor.anchor_id)?.range?.start.line, 0);
    });
  });
});
