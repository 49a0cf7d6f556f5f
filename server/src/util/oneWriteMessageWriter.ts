// Writes each LSP message to a stream (stdout under --stdio) as one write: header and body together.
// vscode-jsonrpc's stream writer writes the header, waits for that write to complete, then writes the
// body. On a pipe the header's write already wakes the client, which the kernel then tends to run on
// the server's own core: the server waits to write the body while the client reads twenty bytes and
// sleeps again, and the client needs a second wake-up for the answer. One write wakes it once, with
// the whole message.
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver/node';

/** The part of a writable stream this writer uses (process.stdout, a socket, a test's stream). */
export interface MessageOutput {
  write(data: Uint8Array, done: (err?: Error | null) => void): boolean;
  end(): void;
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/**
 * `Content-Length: n\r\n\r\n{…}`: the base protocol's framing, as vscode-jsonrpc frames it (UTF-8
 * JSON), made as bytes at once: the JSON is encoded straight into the message's buffer (small ones
 * come from Node's shared pool), with no header-plus-body string for the stream to encode again.
 */
export function framedMessage(msg: Message): Buffer {
  const json = JSON.stringify(msg);
  const length = Buffer.byteLength(json, 'utf8');
  const header = `Content-Length: ${length}\r\n\r\n`;
  const bytes = Buffer.allocUnsafe(header.length + length);
  const at = bytes.write(header, 0, 'latin1');
  bytes.write(json, at, 'utf8');
  return bytes;
}

export class OneWriteMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private errorCount = 0;

  constructor(private readonly out: MessageOutput) {
    super();
    out.on('error', (err) => this.fireError(err));
    out.on('close', () => this.fireClose());
  }

  /** Writes are issued in call order, each whole, so messages leave in the order they were sent. */
  write(msg: Message): Promise<void> {
    let data: Buffer;
    try {
      data = framedMessage(msg);
    } catch (err) {
      // A value JSON cannot hold (a cycle, a BigInt): the connection reports it; nothing is written.
      this.fireError(err, msg, ++this.errorCount);
      return Promise.reject(err as Error);
    }
    return new Promise((resolve, reject) => {
      this.out.write(data, (err) => {
        if (!err) return resolve();
        this.fireError(err, msg, ++this.errorCount);
        reject(err);
      });
    });
  }

  end(): void {
    this.out.end();
  }
}
