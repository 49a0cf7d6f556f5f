// The streamed reading of a component's answer (server/src/api/streamedResponse.ts): whatever the chunk
// boundaries, the value is the one JSON.parse gives; nesting past the limit, malformed JSON and a wrong
// shape are refused with the same errors as a buffered answer, the first problem ending the read.
import { strict as assert } from 'node:assert';
import { MAX_JSON_DEPTH } from '../../../common/src/api/choices';
import { InvalidResponseError } from '../../../server/src/api/errors';
import { STREAMED, StreamedJsonReader } from '../../../server/src/api/streamedResponse';

const CTX = { number: 4, title: `'component detail' (operation 4)` };
const KEY = 'test-key-streamed-0001';

function reader(): StreamedJsonReader {
  return new StreamedJsonReader(STREAMED.getComponent!, CTX, KEY);
}

/** Writes `text` in chunks of `size` bytes (splitting multi-byte characters too) and ends. */
async function read(text: string | Buffer, size: number): Promise<unknown> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const r = reader();
  for (let i = 0; i < bytes.length; i += size) await r.write(bytes.subarray(i, i + size));
  return r.end();
}

async function refusal(text: string, size = 7): Promise<InvalidResponseError> {
  try {
    await read(text, size);
  } catch (e) {
    assert.ok(e instanceof InvalidResponseError, `an InvalidResponseError, not ${String(e)}`);
    assert.equal(e.operation, 4);
    return e;
  }
  assert.fail('the answer was accepted');
}

function path(i: number, extra: Record<string, unknown> = {}) {
  return {
    path_id: `p${i}`,
    path_type: 'SCAN_OUTPUT',
    ingress: { signature_name: `svc.Händler${i}.receive 😀`, schema: { a: [1, { b: null }] } },
    egress: { signature_name: 'svc.Store.write' },
    code_anchors: [{ anchor_id: `a${i}`, name: 'fn', file: 'src/a.ts', line_start: i + 1 }],
    ...extra,
  };
}

const answer = {
  component: {
    id: 'c1',
    name: 'orders — ünïcode "quoted" \\ back\nslash',
    type: 'CODE',
    metadata: { n: -1.5e3, t: true, f: false, z: null, s: '\u2028\u0000' },
    paths: Array.from({ length: 40 }, (_, i) => path(i)),
  },
};

describe('streamed component answers', () => {
  it('gives what JSON.parse gives, whatever the chunk boundaries (inside strings, escapes and UTF-8 sequences)', async () => {
    const text = JSON.stringify(answer, null, 1);
    for (const size of [1, 2, 3, 5, 64, 4096, 1 << 20])
      assert.deepEqual(await read(text, size), JSON.parse(text), `chunks of ${size} bytes`);
  });

  it('reads escaped surrogate pairs and other escapes as JSON.parse does', async () => {
    const text = `{"component":{"id":"c\\ud83d\\ude00","name":"\\u00e9\\t\\"\\/","type":"CODE","paths":[]}}`;
    assert.deepEqual(await read(text, 3), JSON.parse(text));
  });

  it('keeps a component without paths, and one whose paths are empty', async () => {
    const bare = { component: { id: 'd1', name: 'store', type: 'DATA_STORE', schema: { fields: [] } } };
    assert.deepEqual(await read(JSON.stringify(bare), 5), bare);
    const empty = { component: { id: 'c', name: 'n', type: 'CODE', paths: [] } };
    assert.deepEqual(await read(JSON.stringify(empty), 5), empty);
  });

  it('accepts nesting up to the limit and refuses one level more, before building it', async () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const within = `{"component":{"id":"c","name":"n","type":"CODE","metadata":{"x":${nested(MAX_JSON_DEPTH - 3)}}}}`;
    assert.equal(((await read(within, 100)) as { component: { id: string } }).component.id, 'c');
    const deeper = within.replace(nested(MAX_JSON_DEPTH - 3), nested(MAX_JSON_DEPTH - 2));
    const err = await refusal(deeper, 100);
    assert.match(err.message, new RegExp(`more than ${MAX_JSON_DEPTH} levels deep`));
  });

  it('refuses 100,000 levels of nesting at once, without a stack overflow', async () => {
    const deep = `{"component":{"id":"c","name":"n","type":"CODE","metadata":{"x":${'['.repeat(100_000)}`;
    const err = await refusal(deep, 65_536);
    assert.match(err.message, /levels deep, so it was refused/);
  });

  it('names malformed JSON, where it breaks, and a truncated or empty answer', async () => {
    const text = JSON.stringify(answer);
    const broken = text.slice(0, 2_000) + '}}' + text.slice(2_000);
    const err = await refusal(broken);
    assert.match(err.message, /'component detail' \(operation 4\) was not valid JSON \(near byte [\d,]+\)/);
    assert.equal(err.member, '/');
    assert.match((await refusal(text.slice(0, text.length - 3))).message, /was not valid JSON/);
    assert.match((await refusal('{"component": {"id": "c1", ')).message, /was not valid JSON/);
    assert.match((await refusal(`${text} {}`)).message, /was not valid JSON/);
    assert.match((await refusal('')).message, /was empty/);
    assert.match((await refusal('   ')).message, /was not valid JSON/);
    // Invalid UTF-8 (a lead byte without its continuation) is not JSON text either.
    const bytes = Buffer.concat([
      Buffer.from('{"component":{"id":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}'),
    ]);
    await assert.rejects(
      read(bytes, 2),
      (e: unknown) => e instanceof InvalidResponseError && /not valid JSON/.test(e.message),
    );
  });

  it('names the member of the first path that does not match, and stops there', async () => {
    const bad = structuredClone(answer);
    (bad.component.paths[17]!.ingress as { signature_name: unknown }).signature_name = 42;
    (bad.component.paths[30]!.egress as { signature_name: unknown }).signature_name = 43;
    const text = JSON.stringify(bad);
    const r = reader();
    const bytes = Buffer.from(text);
    let written = 0;
    await assert.rejects(
      (async () => {
        for (; written < bytes.length; written += 256) await r.write(bytes.subarray(written, written + 256));
      })(),
      (e: unknown) =>
        e instanceof InvalidResponseError &&
        e.member === '/component/paths/17/ingress/signature_name' &&
        /did not match the schema at \/component\/paths\/17\/ingress\/signature_name: /.test(e.message),
    );
    // Refused as the 18th path completed: the rest of the answer was never read.
    assert.ok(written < text.indexOf('"p30"'), `stopped at byte ${written}`);
  });

  it('checks the rest of the answer too: the component, paths that are not an array, a root that is not an object', async () => {
    const noName = { component: { id: 'c', type: 'CODE', paths: [path(0)] } };
    assert.match((await refusal(JSON.stringify(noName))).message, /schema at \/component\/name/);
    const notArray = { component: { id: 'c', name: 'n', type: 'CODE', paths: { k: path(0) } } };
    assert.equal((await refusal(JSON.stringify(notArray))).member, '/component/paths');
    assert.equal((await refusal('[1, 2]')).member, '/');
    assert.equal((await refusal('"text"')).member, '/');
  });

  it('splits only the list named from the root: lists of that name elsewhere stay as they are', async () => {
    const elsewhere = {
      paths: [1, 2],
      component: {
        metadata: { paths: [{ path_id: 'not a path' }], component: { paths: ['x'] } },
        id: 'c',
        name: 'n',
        type: 'CODE',
        'pa\\ths': [],
        paths: [path(0), path(1)],
        after: { paths: [] },
      },
      after: [{ component: { paths: [3] } }],
    };
    const text = JSON.stringify(elsewhere, null, 2);
    for (const size of [1, 9, 1 << 20]) assert.deepEqual(await read(text, size), JSON.parse(text));
  });

  it('refuses a name on the way to the list given twice, whichever list JSON.parse would keep', async () => {
    const twice = `{"component":{"id":"c","name":"n","type":"CODE","paths":[],"paths":[${JSON.stringify(path(0))}]}}`;
    const err = await refusal(twice);
    assert.equal(err.member, '/component/paths');
    assert.match(err.message, /schema at \/component\/paths: is given more than once/);
    const component = JSON.stringify(answer.component);
    assert.equal((await refusal(`{"component":${component},"component":${component}}`)).member, '/component');
  });

  it('refuses a list with an empty item, and names the byte near where an item breaks', async () => {
    const head = '{"component":{"id":"c","name":"n","type":"CODE","paths":[';
    const good = JSON.stringify(path(0));
    for (const list of ['a,]', ',a]', 'a,,a]', 'a a]', ']}}, 1'].map((l) => l.replace(/a/g, good)))
      assert.match((await refusal(`${head}${list}}}`)).message, /was not valid JSON/, list);
    const bad = good.replace('"egress"', '"egress" "x"');
    const text = `${head}${good},${bad}]}}`;
    const err = await refusal(text);
    const near = Number(/near byte ([\d,]+)/.exec(err.message)![1]!.replace(/,/g, ''));
    const breaks = text.indexOf('"egress" "x"') + '"egress" '.length;
    assert.ok(Math.abs(near - breaks) <= 8, `near byte ${near}, breaks at ${breaks}`);
  });

  it('checks a path at its closing brace, though nothing follows it yet', async () => {
    const bad = { ...path(0), path_type: 7 };
    const r = reader();
    await r.write(
      Buffer.from(`{"component":{"id":"c","name":"n","type":"CODE","paths":[${JSON.stringify(path(1))},`),
    );
    await assert.rejects(
      r.write(Buffer.from(JSON.stringify(bad))),
      (e: unknown) => e instanceof InvalidResponseError && e.member === '/component/paths/1/path_type',
    );
  });

  it('keeps the API key out of a schema message even when the service echoes it', async () => {
    const echo = {
      component: { id: 'c', name: 'n', type: 'CODE', paths: [{ ...path(0), [KEY]: 1, path_type: KEY }] },
    };
    const err = await refusal(JSON.stringify(echo));
    assert.ok(!err.message.includes(KEY), err.message);
  });
});
