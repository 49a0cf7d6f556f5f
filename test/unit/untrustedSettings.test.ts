// Settings an untrusted workspace can set are bounded by the server, ids must be one URL
// segment, plain http:// is recognised by host, and JSON nesting is measured without recursion.
import { strict as assert } from 'node:assert';
import { DEFAULT_SETTINGS, MIN_REFRESH_INTERVAL_SECONDS, normalizeSettings } from '../../common/src/settings';
import { insecureHttpHost, isLoopbackHost } from '../../common/src/api/loopback';
import { isOneUrlSegment } from '../../common/src/api/ids';
import { jsonNestsDeeperThan } from '../../common/src/api/jsonDepth';

describe('settings from a workspace, ids, hosts and nesting', () => {
  it('floors the refresh interval at 30 s; 0 still turns it off', () => {
    assert.equal(MIN_REFRESH_INTERVAL_SECONDS, 30);
    assert.equal(normalizeSettings({ refreshIntervalSeconds: 1 }).refreshIntervalSeconds, 30);
    assert.equal(normalizeSettings({ refreshIntervalSeconds: 0.2 }).refreshIntervalSeconds, 0);
    assert.equal(normalizeSettings({ refreshIntervalSeconds: 0 }).refreshIntervalSeconds, 0);
    assert.equal(normalizeSettings({ refreshIntervalSeconds: 45 }).refreshIntervalSeconds, 45);
  });

  it('keeps only ids that are one URL segment and reports the rest once', () => {
    const problems: string[] = [];
    const s = normalizeSettings(
      { components: ['..', '.', 'a/b', 'a\\b', 'a b', 'x%2F', 'ok', 'ok', '  ok2 '] },
      DEFAULT_SETTINGS,
      (p) => problems.push(p),
    );
    assert.deepEqual(s.components, ['ok', 'ok2']);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /6 ids ignored/);
    assert.ok(isOneUrlSegment('716ed79a-cae1-54aa-ae22-d109844286df'));
    assert.ok(!isOneUrlSegment('x'.repeat(257)));
  });

  it('caps the components loaded, 2,000 by default', () => {
    assert.equal(normalizeSettings({}).maxComponents, 2000);
    assert.equal(normalizeSettings({ maxComponents: 0 }).maxComponents, 1);
    assert.equal(normalizeSettings({ maxComponents: 'many' }).maxComponents, 2000);
  });

  it('tells loopback hosts from others', () => {
    for (const u of [
      'http://127.0.0.1:7878',
      'http://localhost:1',
      'http://[::1]:3',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
    ])
      assert.equal(insecureHttpHost(new URL(u)), undefined, u);
    assert.equal(
      insecureHttpHost(new URL('http://lineage.example.com:8080/base')),
      'lineage.example.com:8080',
    );
    assert.equal(insecureHttpHost(new URL('http://10.1.2.3')), '10.1.2.3');
    assert.equal(insecureHttpHost(new URL('https://lineage.example.com')), undefined);
    assert.ok(!isLoopbackHost('127.0.0.1.example.com'));
  });

  it('measures nesting depth outside strings, without recursion', () => {
    assert.ok(!jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4));
    assert.ok(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3));
    assert.ok(!jsonNestsDeeperThan('{"a":"[[[[[[\\"[[[["}', 1), 'brackets inside strings do not count');
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    assert.ok(jsonNestsDeeperThan(Buffer.from(deep)));
    assert.ok(!jsonNestsDeeperThan(Buffer.from('['.repeat(256) + ']'.repeat(256))));
  });

  it('reads bytes as it reads text: escapes, brackets in strings, a string left open', () => {
    const texts = [
      '{"a":"[[[[[[\\"[[[["}',
      '["\\\\", [[["]"]]]]',
      '["\\\\\\"[[[", [[[]]]]',
      '{"k\\u005b":"\\\\[", "x": [[[["{"]]]]}',
      '["never closed [[[[[[',
      '"\\"',
    ];
    for (const text of texts)
      for (const limit of [1, 2, 3, 4, 5])
        assert.equal(
          jsonNestsDeeperThan(Buffer.from(text), limit),
          jsonNestsDeeperThan(text, limit),
          `${text} at ${limit}`,
        );
    assert.ok(jsonNestsDeeperThan(Buffer.from('["\\\\", [[["]"]]]]'), 3));
    assert.ok(!jsonNestsDeeperThan(Buffer.from('["\\\\", [[["]"]]]]'), 4));
  });
});
