// Configuration checks and the cleaning of untrusted text: typed errors that never repeat the key.
import assert from 'node:assert/strict';
import { InvalidRequestError } from '../../../server/src/api/errors';
import { HttpLineageApi, validateConfig } from '../../../server/src/api/httpClient';
import { logText, redactSecrets } from '../../../common/src/untrustedText';

const KEY = 'cfg-test-key-5521';

describe('client configuration', () => {
  it('accepts an http(s) base URL with an optional path prefix', () => {
    assert.equal(validateConfig({ baseUrl: 'http://127.0.0.1:7878', apiKey: KEY }), undefined);
    assert.equal(validateConfig({ baseUrl: 'https://lineage.example.com/api/', apiKey: KEY }), undefined);
  });

  const bad: Array<[string, Parameters<typeof validateConfig>[0], string, RegExp]> = [
    ['no URL', { baseUrl: '', apiKey: KEY }, 'baseUrl', /is not configured/],
    ['not a URL', { baseUrl: 'localhost:7878', apiKey: KEY }, 'baseUrl', /must start with http/],
    ['garbage URL', { baseUrl: 'http://', apiKey: KEY }, 'baseUrl', /not a valid URL/],
    [
      'credentials in URL',
      { baseUrl: 'http://u:p@127.0.0.1:1', apiKey: KEY },
      'baseUrl',
      /user name or password/,
    ],
    ['query in URL', { baseUrl: 'http://127.0.0.1:1/?key=x', apiKey: KEY }, 'baseUrl', /query or fragment/],
    ['no key', { baseUrl: 'http://127.0.0.1:1', apiKey: '' }, 'apiKey', /No API key/],
    [
      'key with a newline',
      { baseUrl: 'http://127.0.0.1:1', apiKey: `${KEY}\n` },
      'apiKey',
      /cannot be sent in an HTTP header/,
    ],
    ['key with non-ASCII', { baseUrl: 'http://127.0.0.1:1', apiKey: `${KEY}é` }, 'apiKey', /cannot be sent/],
    [
      'zero timeout',
      { baseUrl: 'http://127.0.0.1:1', apiKey: KEY, timeoutMs: 0 },
      'timeoutMs',
      /positive integer/,
    ],
    [
      'negative retries',
      { baseUrl: 'http://127.0.0.1:1', apiKey: KEY, retries: -1 },
      'retries',
      /whole number/,
    ],
  ];
  for (const [label, config, member, message] of bad) {
    it(`refuses ${label}, naming ${member}`, () => {
      const err = validateConfig(config);
      assert.ok(err instanceof InvalidRequestError);
      assert.equal(err.member, member);
      assert.match(err.message, message);
      assert.ok(!err.message.includes(KEY));
    });
  }

  it('a client with a bad configuration rejects every call instead of throwing on construction', async () => {
    const c = new HttpLineageApi({ baseUrl: 'ftp://x', apiKey: KEY });
    await assert.rejects(
      c.listApiKeys(),
      (e: unknown) => e instanceof InvalidRequestError && e.member === 'baseUrl',
    );
    await c.close();
  });
});

describe('untrusted text', () => {
  it('removes control and bidi characters and caps the length', () => {
    assert.equal(logText('a\u0000b\r\nc\u202ed', [KEY]), 'a b c d');
    const long = logText('x'.repeat(1000), [KEY], 50);
    assert.equal(long.length, 50);
    assert.ok(long.endsWith('…'));
  });

  it('redacts every occurrence of the key', () => {
    assert.equal(redactSecrets(`${KEY} and ${KEY}`, [KEY]), '[redacted] and [redacted]');
    assert.equal(logText(`x${KEY}y`, [KEY]), 'x[redacted]y');
  });
});
