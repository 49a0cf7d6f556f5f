// A raw node:http server on 127.0.0.1 whose answers each test scripts, recording what it received.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, index: number, body: string) => void;

export interface ScriptedServer {
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  /** TCP connections accepted so far (keep-alive reuse keeps this at 1). */
  readonly connections: () => number;
  handler: Handler;
  /** Resolves with the next request the server receives. */
  nextRequest(): Promise<Received>;
  close(): Promise<void>;
}

/** `host`: the address to listen on (127.0.0.1 unless a test needs a non-loopback one). */
export async function startScriptedServer(handler: Handler, host = '127.0.0.1'): Promise<ScriptedServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const waiters: Array<(r: Received) => void> = [];
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(r);
      const index = received.length - 1;
      waiters.splice(0).forEach((w) => w(r));
      state.handler(req, res, index, body);
    });
  });
  server.on('connection', (s: Socket) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const state: ScriptedServer = {
    url: `http://${host}:${port}`,
    port,
    received,
    connections: () => connections,
    handler,
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return state;
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A port on 127.0.0.1 with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
