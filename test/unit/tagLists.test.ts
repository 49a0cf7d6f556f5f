// The lineage model's tag lists (server/src/graph/tagLists.ts): a list per distinct set of tags, and
// each tag (name, hops, colour) one frozen object that every list holding it shares.
import { strict as assert } from 'node:assert';
import type { GraphTag } from '../../common/src/protocol';
import { TagLists } from '../../server/src/graph/tagLists';

const dep = (name: string, nearest_hops?: number, color?: string) => ({
  name,
  ...(nearest_hops !== undefined ? { nearest_hops } : {}),
  ...(color !== undefined ? { color } : {}),
});

describe('lineage model: tag lists', () => {
  it('makes one list per distinct set, and one object per tag shared by the lists that hold it', () => {
    const t = new TagLists();
    const both = t.fromAnswer([dep('pii', 1, '#c00'), dep('phi', 2)], true);
    const one = t.fromAnswer([dep('pii', 1, '#c00')], true);
    assert.deepEqual(both, [
      { name: 'pii', hops: 1, color: '#c00' },
      { name: 'phi', hops: 2 },
    ]);
    assert.equal(t.fromAnswer([dep('pii', 1, '#c00'), dep('phi', 2)], true), both, 'the same list again');
    assert.equal(one[0], both[0], 'the tag shared between two lists');
    assert.notEqual(t.fromAnswer([dep('pii', 2, '#c00')], true)[0], both[0], 'other hops, another tag');
    assert.notEqual(t.fromAnswer([dep('pii', 1)], true)[0], both[0], 'another colour, another tag');
    const applied = t.fromAnswer([dep('pii', undefined, '#c00')], false);
    assert.deepEqual(applied, [{ name: 'pii', color: '#c00' }]);
    assert.ok(!('hops' in applied[0]!), 'an applied tag has no hops member');
    assert.ok(Object.isFrozen(both) && Object.isFrozen(both[0]));
  });

  it('the least-hops list of a field holds the same tag objects as the answers', () => {
    const t = new TagLists();
    const answer = t.fromAnswer([dep('pii', 1, '#c00'), dep('phi', 3)], true);
    const first = new Map<string, GraphTag>(answer.map((g) => [g.name, g]));
    const least = t.ofLeast(
      first,
      new Map([
        ['phi', 3],
        ['pii', 1],
      ]),
    );
    assert.deepEqual(least, [
      { name: 'phi', hops: 3 },
      { name: 'pii', hops: 1, color: '#c00' },
    ]);
    assert.equal(least[0], answer[1]);
    assert.equal(least[1], answer[0]);
    assert.deepEqual(t.ofLeast(first, new Map([['pii', 2]])), [{ name: 'pii', hops: 2, color: '#c00' }]);
  });
});
