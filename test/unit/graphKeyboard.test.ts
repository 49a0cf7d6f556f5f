// Arrow keys in the graph move to the nearest item that way: along the direction counts once, across
// it twice; nothing behind or level with the start is a candidate.
import { strict as assert } from 'node:assert';
import { nearestInDirection } from '../../webview/src/keyboard';

describe('lineage graph keyboard moves', () => {
  const from = { x: 100, y: 100 };
  const items = [
    { x: 200, y: 100 }, // right, level
    { x: 130, y: 160 }, // right a little, well below
    { x: 100, y: 140 }, // straight below
    { x: 40, y: 90 }, // left
    { x: 100, y: 100.5 }, // level with the start (not a move)
  ];

  it('picks the nearest item in each direction', () => {
    assert.equal(nearestInDirection(from, items, 'ArrowRight'), 0, 'level beats nearer but far across');
    assert.equal(nearestInDirection(from, items, 'ArrowDown'), 2);
    assert.equal(nearestInDirection(from, items, 'ArrowLeft'), 3);
    assert.equal(nearestInDirection(from, items, 'ArrowUp'), 3, 'the only item above, far across');
    assert.equal(nearestInDirection({ x: 100, y: 0 }, items, 'ArrowUp'), -1, 'nothing above the top');
  });
});
