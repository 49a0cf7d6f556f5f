// A component answer read by a client that cuts members (server/src/api/droppedResponse.ts): whatever
// the chunk boundaries, the value is the answer without those members; the buffer the bytes were
// gathered in goes back to the client's pool and the next answer reuses it without touching the values
// already read; nesting past the limit in what is kept, malformed JSON and an empty answer are refused
// as a buffered answer is, and a malformed answer's message names no byte (the text read was cut).
import { strict as assert } from 'node:assert';
import { MAX_JSON_DEPTH } from '../../../common/src/api/choices';
import { InvalidResponseError } from '../../../server/src/api/errors';
import { MemberDropper } from '../../../server/src/api/dropMembers';
import { BodyBuffers } from '../../../server/src/api/bodyBuffers';
import { DroppingReader } from '../../../server/src/api/droppedResponse';
import { STREAMED, StreamedJsonReader } from '../../../server/src/api/streamedResponse';
import { withoutMembers } from '../../helpers/withoutMembers';

const CTX = { number: 4, title: `'component detail' (operation 4)` };
const KEY = 'test-key-dropped-0001';
const TAGS = ['field_depends_on_tags', 'field_tags'];
const newBuffers = () => new BodyBuffers({ keepUpToBytes: 64 * 1024 * 1024, keepCount: 8 });

function reader(dropper: MemberDropper, buffers: BodyBuffers): DroppingReader {
  return new DroppingReader(
    dropper,
    buffers,
    new StreamedJsonReader(STREAMED.getComponent!, CTX, KEY, false),
    CTX,
  );
}

async function read(
  text: string,
  size: number,
  buffers = newBuffers(),
  dropper = new MemberDropper(TAGS),
): Promise<unknown> {
  const bytes = Buffer.from(text);
  const r = reader(dropper, buffers);
  for (let i = 0; i < bytes.length; i += size) await r.write(bytes.subarray(i, i + size));
  return r.end();
}

async function refusal(text: string): Promise<InvalidResponseError> {
  try {
    await read(text, 5);
  } catch (e) {
    assert.ok(e instanceof InvalidResponseError, `an InvalidResponseError, not ${String(e)}`);
    assert.equal(e.operation, 4);
    return e;
  }
  assert.fail('the answer was accepted');
}

const refs = (i: number) => [
  { tag_id: 'system-pii', name: 'pii', kind: 'SYSTEM', nearest_hops: 1 + (i % 2) },
  { tag_id: `t${i % 3}`, name: 'team "]', kind: 'USER', nearest_hops: 2 },
];

function path(i: number) {
  const boundary = (name: string) => ({
    signature_name: `svc.Händler${i}.${name} 😀`,
    schema: { type: 'object', properties: { a: { type: 'string' } } },
    field_tags: [{ field_path: 'a', tags: refs(i) }],
    field_depends_on_tags: [{ field_path: 'a', depends_on: refs(i) }],
  });
  return {
    path_id: `p${i}`,
    path_type: 'SCAN_OUTPUT',
    ingress: boundary('receive'),
    egress: boundary('send'),
    field_mappings: [{ ingress_field: 'a', egress_field: 'a' }],
    code_anchors: [{ anchor_id: `a${i}`, name: 'fn', file: 'src/a.ts', line_start: i + 1 }],
  };
}

function answer(id: string, paths: number) {
  return {
    component: {
      id,
      name: `orders ${id} — "quoted" \\ back\nslash`,
      type: 'CODE',
      metadata: { n: -1.5e3, s: '\u2028' },
      paths: Array.from({ length: paths }, (_, i) => path(i)),
    },
  };
}

describe('component answers read with members cut', () => {
  it('gives the answer without the members, whatever the chunk boundaries', async () => {
    const text = JSON.stringify(answer('c1', 30), null, 1);
    const want = withoutMembers(JSON.parse(text), TAGS);
    for (const size of [1, 3, 64, 4096, 1 << 20])
      assert.deepEqual(await read(text, size), want, `chunks of ${size} bytes`);
  });

  it('gathers each answer in a buffer the next one reuses, without touching what was read', async () => {
    const buffers = newBuffers();
    const dropper = new MemberDropper(TAGS);
    const first = JSON.stringify(answer('c1', 40));
    const second = JSON.stringify(answer('c2', 40)).replace(/svc\./g, 'xyz.');
    const a = await read(first, 1000, buffers, dropper);
    assert.equal(buffers.size, 1, 'the buffer went back to the pool');
    const r = reader(dropper, buffers);
    await r.write(Buffer.from(second));
    assert.equal(buffers.size, 0, 'the next answer took it');
    const b = r.end();
    assert.equal(buffers.size, 1);
    assert.deepEqual(a, withoutMembers(JSON.parse(first), TAGS), 'the first value is intact');
    assert.deepEqual(b, withoutMembers(JSON.parse(second), TAGS));
  });

  it('an answer larger than the buffer it was given moves to a larger one, its bytes kept', async () => {
    const buffers = newBuffers();
    const text = JSON.stringify(answer('c1', 2000));
    assert.ok(text.length > 256 * 1024, 'larger than a first buffer');
    assert.deepEqual(await read(text, 65536, buffers), withoutMembers(JSON.parse(text), TAGS));
    assert.equal(buffers.size, 1, 'one buffer kept, the outgrown one not');
  });

  it('refuses nesting past the limit in what is kept, not in what is cut', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const kept = await refusal(
      `{"component":{"id":"c","name":"n","type":"CODE","x":${deep(MAX_JSON_DEPTH + 5)}}}`,
    );
    assert.match(kept.message, /levels deep/);
    assert.deepEqual(
      await read(`{"component":{"id":"c","name":"n","type":"CODE","field_tags":${deep(100_000)}}}`, 4096),
      { component: { id: 'c', name: 'n', type: 'CODE' } },
    );
  });

  it('refuses malformed and empty answers without naming a byte of a text it cut', async () => {
    const broken = await refusal(
      `{"component":{"id":"c","name":"n","type":"CODE","paths":[{"field_tags":[1],"path_id":}]}}`,
    );
    assert.match(broken.message, /was not valid JSON\./);
    assert.doesNotMatch(broken.message, /near byte/);
    assert.match((await refusal('')).message, /was empty/);
  });

  it('checks each path against the schema as a buffered answer is', async () => {
    const bad = answer('c1', 3);
    (bad.component.paths[2]!.egress as Record<string, unknown>).signature_name = 7;
    const err = await refusal(JSON.stringify(bad));
    assert.match(err.message, /\/component\/paths\/2\/egress\/signature_name/);
  });
});

describe('body buffers', () => {
  it('keeps a given buffer for the next taker, within its limits', () => {
    const buffers = new BodyBuffers({ keepUpToBytes: 1 << 20, keepCount: 2 });
    const a = buffers.take(1000);
    assert.ok(a.length >= 1000);
    buffers.give(a);
    assert.equal(buffers.take(500), a, 'the same buffer again');
    assert.equal(buffers.size, 0);
    buffers.give(a);
    const big = buffers.take(a.length + 1);
    assert.notEqual(big, a, 'too small: a larger one');
    assert.ok(big.length > a.length);
    buffers.give(Buffer.allocUnsafe(2 << 20));
    assert.equal(buffers.size, 0, 'one over the size kept is let go');
    buffers.give(big);
    buffers.give(Buffer.allocUnsafe(10));
    buffers.give(Buffer.allocUnsafe(10));
    assert.equal(buffers.size, 2, 'no more than the count kept');
  });
});
