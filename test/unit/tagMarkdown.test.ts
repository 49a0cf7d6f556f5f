// A hover's tags in words (server/src/domain/tagMarkdown.ts): made once per tag reference and reused
// (the cache's references are shared), yet each reference's own words, whatever was asked before.
import { strict as assert } from 'node:assert';
import type { DependsOnTagRef, FieldTagRef } from '../../common/src/api';
import { appliedWords, dependsOnWords } from '../../server/src/domain/tagMarkdown';

describe('tags in words for hovers', () => {
  it('gives each depends-on reference its own words, the same string again when asked again', () => {
    const near = { tag_id: 'system-pii', name: 'pii', kind: 'SYSTEM', nearest_hops: 1 } as DependsOnTagRef;
    const far = { ...near, nearest_hops: 3 } as DependsOnTagRef;
    const same = { ...near, name: 'secret*' } as DependsOnTagRef;
    assert.equal(dependsOnWords(near), '◌ *pii*, from 1 service upstream');
    assert.equal(dependsOnWords(far), '◌ *pii*, from 3 services upstream');
    assert.equal(dependsOnWords(same), '◌ *secret\\**, from 1 service upstream');
    assert.equal(dependsOnWords(near), '◌ *pii*, from 1 service upstream');
    assert.equal(dependsOnWords({ ...near }), dependsOnWords(near), 'an equal copy has the same words');
  });

  it('gives each applied reference its own words', () => {
    const user = { tag_id: 't1', name: 'team', kind: 'USER', source: 'user' } as FieldTagRef;
    const detected = {
      tag_id: 'system-pii',
      name: 'pii',
      kind: 'SYSTEM',
      source: 'system',
      detection_category: 'EMAIL_ADDRESS',
    } as FieldTagRef;
    assert.equal(appliedWords(user), '● **team** (custom tag), tagged by a person');
    assert.equal(appliedWords(detected), '● **pii**, detected: email address');
    assert.equal(appliedWords(user), '● **team** (custom tag), tagged by a person');
  });
});
