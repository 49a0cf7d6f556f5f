// The server's stdio message writer (server/src/util/oneWriteMessageWriter.ts): each message leaves in
// one write, framed as the base protocol frames it, and vscode-jsonrpc's own reader reads back what
// was sent, in order, non-ASCII and large messages included; a failed write or a message JSON cannot
// hold is reported to the connection and rejected; the stream closing is reported.
import { strict as assert } from 'node:assert';
import { PassThrough, Writable } from 'node:stream';
import { StreamMessageReader, type Message } from 'vscode-languageserver/node';
import { framedMessage, OneWriteMessageWriter } from '../../server/src/util/oneWriteMessageWriter';
import { usesStdio } from '../../server/src/util/serverConnection';

/** A real writable stream that keeps each write as it came. */
class RecordingStream extends Writable {
  readonly writes: Buffer[] = [];
  constructor(private readonly fail?: Error) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    if (this.fail) return done(this.fail);
    this.writes.push(chunk);
    done();
  }
}

const messages: Message[] = [
  { jsonrpc: '2.0', id: 1, result: null } as Message,
  {
    jsonrpc: '2.0',
    id: 2,
    result: { contents: { kind: 'markdown', value: '● **pii** ✓ café 🚀' } },
  } as Message,
  {
    jsonrpc: '2.0',
    method: 'window/logMessage',
    params: { type: 4, message: 'x'.repeat(300_000) },
  } as Message,
  { jsonrpc: '2.0', id: 3, method: 'workspace/configuration', params: { items: [{}] } } as Message,
];

/** What vscode-jsonrpc's stream reader reads from these bytes. */
async function readBack(bytes: Buffer, count: number): Promise<Message[]> {
  const pipe = new PassThrough();
  const reader = new StreamMessageReader(pipe);
  const got: Message[] = [];
  const done = new Promise<void>((resolve) =>
    reader.listen((m) => {
      got.push(m);
      if (got.length === count) resolve();
    }),
  );
  pipe.end(bytes);
  await done;
  reader.dispose();
  return got;
}

describe('one write per LSP message (stdio)', () => {
  it('writes each message whole in one write, and the protocol reader reads them back in order', async () => {
    const out = new RecordingStream();
    const writer = new OneWriteMessageWriter(out);
    await Promise.all(messages.map((m) => writer.write(m)));
    assert.equal(out.writes.length, messages.length);
    out.writes.forEach((w, i) => {
      const text = w.toString('utf8');
      const body = JSON.stringify(messages[i]);
      assert.equal(text, `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    assert.deepEqual(await readBack(Buffer.concat(out.writes), messages.length), messages);
  });

  it('counts the length in bytes, not characters', () => {
    const framed = framedMessage({ jsonrpc: '2.0', id: 1, result: '✓é🚀' } as Message);
    const [header, body] = framed.toString('utf8').split('\r\n\r\n') as [string, string];
    assert.equal(framed.length, header.length + 4 + Buffer.byteLength(body, 'utf8'), 'no byte more or less');
    assert.equal(header, `Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
    assert.notEqual(Buffer.byteLength(body, 'utf8'), body.length);
  });

  it('reports a failed write to the connection and rejects it', async () => {
    const broken = new Error('EPIPE: the client went away');
    const writer = new OneWriteMessageWriter(new RecordingStream(broken));
    const reported: unknown[][] = [];
    writer.onError((e) => reported.push(e));
    await assert.rejects(writer.write(messages[0]!), broken);
    assert.deepEqual(reported[0], [broken, messages[0], 1]);
  });

  it('refuses a message JSON cannot hold, writing nothing', async () => {
    const out = new RecordingStream();
    const writer = new OneWriteMessageWriter(out);
    const reported: unknown[] = [];
    writer.onError(([e]) => reported.push(e));
    await assert.rejects(
      writer.write({ jsonrpc: '2.0', id: 1, result: 1n } as unknown as Message),
      TypeError,
    );
    assert.equal(out.writes.length, 0);
    assert.equal(reported.length, 1);
    await writer.write(messages[0]!);
    assert.equal(out.writes.length, 1, 'the next message is written');
  });

  it('reports the stream closing', async () => {
    const out = new RecordingStream();
    const writer = new OneWriteMessageWriter(out);
    const closed = new Promise<void>((resolve) => writer.onClose(() => resolve()));
    out.destroy();
    await closed;
  });

  it('takes stdio only where the first transport argument is --stdio', () => {
    assert.equal(usesStdio(['node', 'server.js', '--stdio']), true);
    assert.equal(usesStdio(['node', 'server.js', '--clientProcessId=7', '--stdio']), true);
    assert.equal(usesStdio(['node', 'server.js', '--node-ipc']), false);
    assert.equal(usesStdio(['node', 'server.js', '--node-ipc', '--stdio']), false);
    assert.equal(usesStdio(['node', 'server.js', '--socket=5007']), false);
    assert.equal(usesStdio(['node', 'server.js', '--pipe', '/tmp/p']), false);
    assert.equal(usesStdio(['node', 'server.js']), false);
  });
});
