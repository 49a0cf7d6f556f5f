// The server tells new credentials from a repeat (a change clears what was checked with the old ones)
// and keeps the key in use for the agent tools to leave out of their answers.
import { strict as assert } from 'node:assert';
import { CredentialsInUse } from '../../server/src/session/credentialsInUse';

describe('credentials in use', () => {
  it('tells a change from the first credentials and from a repeat', () => {
    const c = new CredentialsInUse();
    const a = { serviceUrl: 'http://127.0.0.1:7878', apiKey: 'key-a' };
    assert.equal(c.set(a), false, 'the first credentials replace nothing');
    assert.equal(c.apiKey, 'key-a');
    assert.equal(c.set({ ...a }), false, 'the same again is a repeat');
    assert.equal(c.set({ ...a, apiKey: 'key-b' }), true, 'another key');
    assert.equal(c.apiKey, 'key-b');
    assert.equal(
      c.set({ ...a, serviceUrl: 'http://127.0.0.1:7879', apiKey: 'key-b' }),
      true,
      'another service',
    );
    assert.equal(c.set(undefined), true, 'a sign-out');
    assert.equal(c.apiKey, undefined);
    assert.equal(c.set(undefined), false, 'signed out again');
    assert.equal(c.set({ ...a, apiKey: null }), true, 'a URL without a key is not signed out');
    assert.equal(c.apiKey, undefined);
  });
});
