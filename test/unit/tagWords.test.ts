// Tag marks and words shared by the hover, the Components view and the graph.
import { strict as assert } from 'node:assert';
import { hopsBadge, hopsWords, tagLine, tagWords } from '../../common/src/tagWords';

describe('tag words', () => {
  const field = {
    tags: [{ name: 'pii' }],
    dependsOn: [
      { name: 'email', hops: 0 },
      { name: 'card', hops: 2 },
    ],
  };

  it('marks a graph row with ↑n services up, and no bare zero for the same service', () => {
    assert.equal(tagLine(field), '● pii  ◌ email  ◌ card ↑2');
    assert.doesNotMatch(tagLine(field), /·\d/);
  });

  it('says in words where a depended-on tag comes from (the row tooltip, the hover, the view)', () => {
    assert.equal(
      tagWords(field),
      '● pii, applied here\n◌ email, from another field of this service\n◌ card, from 2 services upstream',
    );
    assert.equal(hopsWords(1), 'from 1 service upstream');
    assert.deepEqual([0, 1, 3].map(hopsBadge), ['same service', '1 service up', '3 services up']);
  });
});
