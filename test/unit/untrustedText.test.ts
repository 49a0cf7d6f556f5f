// The one owner of untrusted text (common/src/untrustedText.ts), tried with generated hostile text:
// whatever the service sends, each destination gets text that cannot turn into markup, icons, other
// lines or reordered text, and no secret survives redaction.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  apiKeyProblem,
  escapeIcons,
  fileNameSegment,
  iconLabelText,
  labelText,
  logText,
  markdownText,
  messageText,
  redactCredentialText,
  redactCredentials,
  redactSecrets,
  redactTraceData,
} from '../../common/src/untrustedText';

/** Characters that must never reach a label, lens title, Markdown text or log line. */
const FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

/** Text biased towards what breaks things: controls, bidi, zero-width, Markdown and icon syntax. */
const hostileChar = fc.oneof(
  fc.constantFrom(
    ...'\u0000\u0007\n\r\t\u0085\u007f\u009b\u061c\u200b\u200d\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff',
    ...'[]()<>!#*_`~|\\$&:/.-',
    '$(',
    '$(zap)',
    '\\$(x)',
    '\ud83d\ude00',
    '\ud800',
  ),
  fc.string({ maxLength: 3 }),
  fc.string({ unit: 'grapheme', maxLength: 2 }),
);
const hostile = fc.array(hostileChar, { maxLength: 60 }).map((parts) => parts.join(''));

/** Characters that could start markup if they appeared unescaped (the hover test's rule). */
function unescapedMarkup(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (/[`*_[\]()<>!#|~&:$]/.test(c)) out.push(c);
  }
  return out;
}

/** `$(name)` that VS Code would draw as an icon: not preceded by the escaping backslash. */
const UNESCAPED_ICON = /(^|[^\\])\$\([a-z0-9-]+?(?:~[a-z0-9-]*?)?\)/i;

describe('untrusted text: one function per destination', () => {
  it('Markdown: nothing to interpret, one line, nothing invisible, bounded', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: 1, max: 80 }), (text, max) => {
        const out = markdownText(text, max);
        assert.deepEqual(unescapedMarkup(out), []);
        assert.ok(!FORBIDDEN.test(out), JSON.stringify(out));
        // Escapes only add backslashes; at most max characters of the text plus the ellipsis.
        assert.ok(out.replace(/\\(.)/g, '$1').length <= max + 1);
      }),
    );
  });

  it('labels and lens titles: one line, nothing invisible, trimmed, at most max; icons only escaped', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: 1, max: 80 }), (text, max) => {
        const label = labelText(text, max);
        assert.ok(!FORBIDDEN.test(label), JSON.stringify(label));
        assert.ok(label.length <= max);
        assert.equal(label, label.trim());
        const lens = iconLabelText(text, max);
        assert.ok(!UNESCAPED_ICON.test(lens), JSON.stringify(lens));
        // Escaping icons only adds backslashes before `$(`.
        const unescaped = (s: string) => s.replace(/\\+\$\(/g, '$(');
        assert.equal(unescaped(lens), unescaped(label));
        assert.ok(!/[[\]]/.test(messageText(text, max)));
      }),
    );
  });

  it('icons of service text show as typed in a lens title, bidi overrides are gone', () => {
    assert.equal(iconLabelText('pii $(zap)\u202eterces'), 'pii \\$(zap) terces');
    assert.equal(iconLabelText('already \\$(x)'), 'already \\$(x)');
    assert.equal(escapeIcons('$(a)$(b~spin)'), '\\$(a)\\$(b~spin)');
    assert.equal(labelText('a\u2066b\u2069c\u061cd'), 'a b c d');
    assert.equal(markdownText('a\u2066b\u2069c\u061cd'), 'abcd');
    assert.equal(markdownText('$(zap)'), '\\$\\(zap\\)');
  });

  it('file-name segments: no separators, controls, invisible characters or lone surrogates; URI-safe', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const seg = fileNameSegment(text);
        assert.ok(!/[/\\!'()*]/.test(seg) && !FORBIDDEN.test(seg), JSON.stringify(seg));
        assert.ok([...seg].length <= 80);
        assert.ok(!/^\.+$/.test(seg));
        assert.doesNotThrow(() => encodeURIComponent(seg));
      }),
    );
  });

  it('log lines: one line, nothing invisible, no secret left, bounded', () => {
    fc.assert(
      fc.property(hostile, fc.string({ minLength: 4, maxLength: 12 }), (text, key) => {
        fc.pre(!FORBIDDEN.test(key) && key.trim() === key);
        const out = logText(`${text}${key}${text}`, [key], 1000);
        assert.ok(!out.includes(key), JSON.stringify(out));
        assert.ok(!FORBIDDEN.test(out));
      }),
    );
  });
});

describe('untrusted text: secrets', () => {
  it('redacts every occurrence of every secret of 4 characters or more', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 20 }), fc.array(fc.string()), (key, parts) => {
        fc.pre(!'[redacted]'.includes(key));
        assert.ok(!redactSecrets(parts.join(key), [key]).includes(key));
      }),
    );
    assert.equal(redactSecrets('a abc a', ['abc']), 'a abc a', 'too short to be told from a word');
  });

  it('redacts credential members by name, whatever their value holds (quotes, backslashes)', () => {
    const apiKeys = fc.string({ minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(apiKeys, apiKeys, (apiKey, secretValue) => {
        const params = { serviceUrl: 'http://127.0.0.1:7878', apiKey, nested: [{ secretValue }] };
        const trace = `Params: ${JSON.stringify(params, null, 4)}\n\n`;
        const out = redactTraceData(trace);
        assert.deepEqual(JSON.parse(out.slice('Params: '.length)), {
          serviceUrl: 'http://127.0.0.1:7878',
          apiKey: '[redacted]',
          nested: [{ secretValue: '[redacted]' }],
        });
        // The same JSON as a line of text: redacted by the members' names, not by their values.
        assert.equal(
          redactCredentialText(JSON.stringify(params)),
          JSON.stringify({ ...params, apiKey: '[redacted]', nested: [{ secretValue: '[redacted]' }] }),
        );
      }),
    );
  });

  it('keys with quotes and backslashes are redacted in traces', () => {
    const apiKey = 'k"e\\y-1234';
    const initialize = { processId: 1, initializationOptions: { serviceUrl: 'http://h', apiKey } };
    for (const trace of [
      `Params: ${JSON.stringify(initialize, null, 4)}\n\n`,
      `[Trace - 10:00:00] ${JSON.stringify({ type: 'send-request', message: { params: initialize } })}`,
    ]) {
      const out = redactTraceData(trace, '«redacted»');
      assert.ok(!out.includes('e\\\\y') && !out.includes('k\\"e'), out);
      assert.ok(out.includes('"apiKey": "«redacted»"') || out.includes('"apiKey":"«redacted»"'), out);
    }
    assert.equal(
      redactCredentialText(`{"apiKey": ${JSON.stringify(apiKey)}, "x": 1}`),
      '{"apiKey": "[redacted]", "x": 1}',
    );
    assert.equal(redactCredentialText('X-API-KEY: abc123'), 'X-API-KEY: [redacted]');
    assert.equal(redactTraceData('No parameters provided.'), 'No parameters provided.');
  });

  it('copies structure iteratively: a value nested 100,000 deep does not overflow', () => {
    let deep: unknown = { apiKey: 'secret-1' };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let out = redactCredentials(deep);
    for (let i = 0; i < 100_000; i++) out = (out as unknown[])[0];
    assert.deepEqual(out, { apiKey: '[redacted]' });
    assert.deepEqual(redactCredentials({ b: 1, APIKEY: 'x', a: [1, { 'X-Api-Key': 'y' }] }), {
      b: 1,
      APIKEY: '[redacted]',
      a: [1, { 'X-Api-Key': '[redacted]' }],
    });
    assert.deepEqual(Object.keys(redactCredentials({ z: 1, apiKey: 'x', a: 2 }) as object), [
      'z',
      'apiKey',
      'a',
    ]);
  });

  it('accepts at sign-in only keys a header can carry', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (key) => {
        const ok = apiKeyProblem(key) === undefined;
        assert.equal(ok, /^[\x21-\x7e]{4,}$/.test(key));
      }),
    );
    assert.equal(apiKeyProblem(''), 'empty');
    assert.equal(apiKeyProblem('ab c'), 'notHeaderSafe');
    assert.equal(apiKeyProblem('kéy-1234'), 'notHeaderSafe');
    assert.equal(apiKeyProblem('a\r\nb1'), 'notHeaderSafe');
    assert.equal(apiKeyProblem('abc'), 'tooShort');
    assert.equal(apiKeyProblem('k"e\\y-1234'), undefined);
  });
});
