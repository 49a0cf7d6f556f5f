// The server's LSP connection. Under --stdio, stdout carries the protocol: answers leave through
// OneWriteMessageWriter (one write per message), and the console, which would write to stdout, goes
// to the client's log instead, as vscode-languageserver does for its own stdio connection. Every
// other transport (--node-ipc, the editor's; --socket, --pipe) is the library's, unchanged.
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { format } from 'node:util';
import { createConnection, type Connection, type RemoteConsole } from 'vscode-languageserver/node';
import { OneWriteMessageWriter } from './oneWriteMessageWriter';
import { noteAsked } from './timeSlices';

/** An argument naming a transport, as vscode-languageserver reads them. */
const TRANSPORT = /^--(stdio|node-ipc|socket|pipe)$|^--(socket|pipe)=/;

/** The first transport the arguments name, as vscode-languageserver reads them. */
function transportOf(argv: readonly string[]): string | undefined {
  return argv.slice(2).find((a) => TRANSPORT.test(a));
}

/** Whether the arguments ask for stdio: the first transport named wins, as in vscode-languageserver. */
export function usesStdio(argv: readonly string[]): boolean {
  return transportOf(argv) === '--stdio';
}

/** How a request or notification begins to be written: answers to the server's own requests lack it. */
const METHOD = Buffer.from('"method"');

/** Whether a piece of the editor's stream holds a request or notification (or the start of one). */
export function asksSomething(chunk: Buffer | string): boolean {
  return typeof chunk === 'string' ? chunk.includes('"method"') : chunk.includes(METHOD);
}

/**
 * Tells the slicers (timeSlices.ts) whenever the editor's requests and notifications arrive, as they
 * are read: over stdio from `input`'s data, over IPC from `proc`'s messages; other transports are not
 * watched.
 */
export function watchAsked(
  argv: readonly string[],
  input: NodeJS.ReadableStream,
  proc: Pick<NodeJS.EventEmitter, 'on'>,
): void {
  const transport = transportOf(argv);
  if (transport === '--stdio')
    input.on('data', (chunk: Buffer | string) => {
      if (asksSomething(chunk)) noteAsked();
    });
  else if (transport === '--node-ipc')
    proc.on('message', (m: unknown) => {
      if (m !== null && typeof m === 'object' && 'method' in m) noteAsked();
    });
}

export function createServerConnection(argv: readonly string[] = process.argv): Connection {
  watchAsked(argv, process.stdin, process);
  if (!usesStdio(argv)) return createConnection();
  // A stream as input (the library then ends the process when stdin closes, as for its own stdio),
  // a message writer as output: the library takes each for what it is.
  const connection = createConnection(
    process.stdin,
    new OneWriteMessageWriter(process.stdout) as unknown as NodeJS.WritableStream,
  );
  routeConsole(connection.console);
  return connection;
}

type LogLevel = 'log' | 'info' | 'warn' | 'error';

/** One line per console call, sent to the client's log at `level`. */
function toLog(target: Pick<RemoteConsole, LogLevel>, level: LogLevel): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      target[level](String(chunk).replace(/\n$/, ''));
      done();
    },
  });
}

/**
 * The global console's methods write to the client's log: log, debug, dir, table, count, time, group
 * and the rest as `log`; info as `info`; warn as `warn`; error, trace and assert as `error`.
 */
export function routeConsole(target: Pick<RemoteConsole, LogLevel>, to: Console = console): void {
  const routed = new Console({ stdout: toLog(target, 'log'), stderr: toLog(target, 'error') });
  const methods = Object.keys(routed) as Array<keyof Console>;
  for (const name of methods) {
    const method = routed[name];
    if (typeof method === 'function') Object.assign(to, { [name]: method });
  }
  to.info = (...args: unknown[]) => target.info(format(...args));
  to.warn = (...args: unknown[]) => target.warn(format(...args));
}
