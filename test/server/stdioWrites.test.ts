// Over --stdio the server writes each message whole, header and body in one write to stdout
// (server/src/util/oneWriteMessageWriter.ts), and the console goes to the client's log, not into the
// protocol. The real server, its real stdout, recorded write by write (fixtures/recordStdoutWrites.cjs).
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HoverRequest } from 'vscode-languageserver-protocol/node';
import { LspClient, serverJs } from '../helpers/lspClient';
import { FIXTURES } from './setup';

/** Splits one write into framed messages; fails unless it holds whole messages only. */
function messagesOf(write: Buffer): unknown[] {
  const out: unknown[] = [];
  let at = 0;
  while (at < write.length) {
    const headerEnd = write.indexOf('\r\n\r\n', at);
    assert.ok(headerEnd > at, `a write without a whole header: ${write.toString('utf8', at, at + 80)}`);
    const header = write.toString('ascii', at, headerEnd);
    const length = /^Content-Length: (\d+)$/.exec(header);
    assert.ok(length, `header ${JSON.stringify(header)}`);
    const end = headerEnd + 4 + Number(length[1]);
    assert.ok(
      end <= write.length,
      `a write holding ${write.length - headerEnd - 4} of ${length[1]} body bytes`,
    );
    out.push(JSON.parse(write.toString('utf8', headerEnd + 4, end)));
    at = end;
  }
  return out;
}

describe('language server over stdio: one write per message', function () {
  let folder: string;
  let record: string;
  let client: LspClient;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lineage-lens-stdio-'));
    record = join(folder, 'writes.jsonl');
    process.env.RECORD_STDOUT_WRITES = record;
    client = await LspClient.start({
      workspaceFolder: folder,
      serverArgs: ['-r', join(FIXTURES, 'recordStdoutWrites.cjs'), serverJs, '--stdio'],
    });
  });
  after(async () => {
    delete process.env.RECORD_STDOUT_WRITES;
    await client?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes every answer, notification and request to the client whole, in one write each', async () => {
    const uri = client.fileUri('naïve ✓.ts');
    await client.open(uri, 'export const café = "✓ ünïcödé";\n');
    // Answers of several sizes, non-ASCII in both directions (Content-Length counts bytes).
    for (let i = 0; i < 20; i++)
      await client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: 0, character: i },
      });
    await client.waitFor('window/logMessage', (p: { message: string }) =>
      /a line from console\.log/.test(p.message),
    );
    const writes = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((l) => Buffer.from(JSON.parse(l) as string, 'base64'));
    const perWrite = writes.map(messagesOf);
    assert.ok(writes.length >= 23, `${writes.length} writes`); // initialize, 20 hovers, log lines
    assert.deepEqual(
      perWrite.map((m) => m.length),
      writes.map(() => 1),
      'one message per write',
    );
    const answers = perWrite.flat() as Array<{ id?: number; result?: unknown }>;
    assert.ok(answers.filter((m) => m.id !== undefined && 'result' in m).length >= 21);
  });

  it('sends what the console prints to the client as a log message, keeping stdout for the protocol', async () => {
    const line = await client.waitFor<{ type: number; message: string }>('window/logMessage', (p) =>
      p.message.includes('a line from console.log'),
    );
    assert.equal(line.message, 'a line from console.log 42');
    assert.equal(line.type, 4); // MessageType.Log
  });
});
