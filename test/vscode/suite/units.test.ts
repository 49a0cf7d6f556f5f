// The client's pure helpers: redaction, untrusted-text cleanup, DARN lists and key masking.
import * as assert from 'node:assert/strict';
import { parseDarnList } from '../../../client/src/commands/assetCommands';
import { validateServiceUrl } from '../../../client/src/config';
import { addSecret, redact } from '../../../client/src/logging';
import { safeMessage, safeText } from '../../../client/src/serviceErrors';
import { maskKey } from '../../../client/src/views/serviceView';

describe('client helpers', () => {
  it('redacts registered secrets and X-API-KEY header values', () => {
    addSecret('s3cr3t-value-123');
    assert.equal(redact('key=s3cr3t-value-123; again s3cr3t-value-123'), 'key=«redacted»; again «redacted»');
    assert.equal(redact('"X-API-KEY": "abcdef"'), '"X-API-KEY": "«redacted»"');
    // The answer of ApiKeyValueRequest (Copy API Key) in a protocol trace.
    assert.equal(
      redact('Result: {"secretValue": "other-key-1234"}'),
      'Result: {"secretValue": "«redacted»"}',
    );
    assert.equal(redact('nothing secret here'), 'nothing secret here');
  });

  it('cleans untrusted text, and neutralises links only for notifications', () => {
    assert.equal(safeText('a\u0000b\nc [x](command:evil)'), 'a b c [x](command:evil)');
    assert.equal(safeMessage('see [x](command:evil)'), 'see (x)(command:evil)');
    assert.equal(safeText('x'.repeat(500), 10), `${'x'.repeat(9)}…`);
  });

  it('splits DARN lists and reports what is not a DARN', () => {
    assert.deepEqual(
      parseDarnList('s3://b:events/*.parquet, postgres://db:public.orders\nnope s3://b:events/*.parquet'),
      {
        darns: ['s3://b:events/*.parquet', 'postgres://db:public.orders'],
        invalid: ['nope'],
      },
    );
  });

  it('masks API keys but for their last four characters', () => {
    assert.equal(maskKey('demo-key-6f1c0a9e3b7d4e21'), '••••••••4e21');
    assert.equal(maskKey('short'), '••••••••');
  });

  it('accepts http(s) service URLs without credentials, query or fragment', () => {
    assert.equal(validateServiceUrl('http://127.0.0.1:7878'), undefined);
    assert.equal(validateServiceUrl('https://lineage.example.com/base'), undefined);
    for (const bad of ['ftp://x', 'http://user:pw@host', 'http://h/?a=1', 'not a url'])
      assert.ok(validateServiceUrl(bad), bad);
  });
});
