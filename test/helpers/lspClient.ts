// A real LSP client for tests: spawns `node dist/server/server.js --stdio` and talks JSON-RPC over its
// stdin/stdout with vscode-languageserver-protocol. Notifications are recorded so tests wait on them
// (never on time); workspace/configuration is answered from `settings`.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  ShutdownRequest,
  ExitNotification,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import {
  StatusNotification,
  type InitializationOptions,
  type LineageSettings,
  type ServiceStatus,
} from '../../common/src/protocol';
import { SERVER_NODE_FLAGS } from '../../common/src/serverNodeFlags';

export const repoRoot = resolve(__dirname, '..', '..', '..');
export const serverJs = join(repoRoot, 'dist', 'server', 'server.js');

export interface Received {
  method: string;
  params: unknown;
}

export interface LspClientOptions {
  workspaceFolder: string;
  initializationOptions?: InitializationOptions;
  /** Answered to workspace/configuration (every scope). */
  settings?: Partial<LineageSettings>;
  timeoutMs?: number;
  /** Another language server to talk to (node arguments); default ours, `dist/server/server.js --stdio`. */
  serverArgs?: string[];
  /** Answers workspace/configuration per section (another server's settings); default `settings`. */
  configuration?: (section: string | undefined) => unknown;
  /** The server's environment; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** workspace/configuration is answered only once this settles (the editor slow to answer). */
  configurationAnswered?: Promise<void>;
}

export class LspClient {
  readonly received: Received[] = [];
  stderr = '';
  private waiters: Array<() => void> = [];
  private versions = new Map<string, number>();
  settings: Partial<LineageSettings>;
  readonly folderUri: string;

  private constructor(
    readonly conn: ProtocolConnection,
    readonly child: ChildProcess,
    private readonly opts: LspClientOptions,
  ) {
    this.settings = opts.settings ?? {};
    this.folderUri = pathToFileURL(opts.workspaceFolder).href;
  }

  static async start(opts: LspClientOptions): Promise<LspClient> {
    const child = spawn(process.execPath, opts.serverArgs ?? [...SERVER_NODE_FLAGS, serverJs, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(opts.env ? { env: opts.env } : {}),
    });
    const reader = new StreamMessageReader(child.stdout);
    // vscode-jsonrpc's reader re-arms a timer every 10 s while a message is partly read, and disposing
    // it does not stop that: a server killed mid-message (as some tests do) would keep mocha alive.
    reader.partialMessageTimeout = 0;
    const conn = createProtocolConnection(reader, new StreamMessageWriter(child.stdin));
    const client = new LspClient(conn, child, opts);
    child.stderr.setEncoding('utf8').on('data', (d: string) => (client.stderr += d));
    // The star handler (every notification) exists at runtime; ProtocolConnection's typing omits it.
    (
      conn as unknown as { onNotification(h: (method: string, params: unknown) => void): void }
    ).onNotification((method, params) => client.record(method, params));
    conn.onRequest('workspace/configuration', async (p: { items: Array<{ section?: string }> }) => {
      await opts.configurationAnswered;
      return p.items.map((item) => (opts.configuration ? opts.configuration(item.section) : client.settings));
    });
    // Recorded like notifications, so tests can wait for a registration or a lens refresh.
    for (const method of [
      'client/registerCapability',
      'client/unregisterCapability',
      'workspace/codeLens/refresh',
    ])
      conn.onRequest(method, (params: unknown) => {
        client.record(method, params);
        return null;
      });
    conn.onRequest('window/workDoneProgress/create', () => null);
    conn.listen();
    await conn.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: client.folderUri,
      workspaceFolders: [{ uri: client.folderUri, name: 'fixture' }],
      initializationOptions: opts.initializationOptions ?? {},
      capabilities: {
        workspace: {
          configuration: true,
          workspaceFolders: true,
          codeLens: { refreshSupport: true },
          didChangeConfiguration: { dynamicRegistration: true },
          didChangeWatchedFiles: { dynamicRegistration: true },
        },
        textDocument: {
          hover: { contentFormat: ['markdown', 'plaintext'] },
          synchronization: { didSave: false },
        },
      },
    });
    await conn.sendNotification(InitializedNotification.type, {});
    return client;
  }

  private record(method: string, params: unknown): void {
    this.received.push({ method, params });
    for (const w of this.waiters.splice(0)) w();
  }

  /** Every log line the server sent (window/logMessage), in order. */
  logMessages(): string[] {
    return this.received
      .filter((r) => r.method === 'window/logMessage')
      .map((r) => String((r.params as { message?: unknown }).message));
  }

  /** The server's last log lines, for a timeout's message: what it was doing when nothing came. */
  private recentLog(): string {
    const lines = this.logMessages()
      .slice(-15)
      .map((m) => `  ${m.slice(0, 300)}`);
    return lines.length ? `the server's last log lines:\n${lines.join('\n')}\n` : '';
  }

  /** Position in the log: pass it to wait* to only look at what arrives afterwards. */
  mark(): number {
    return this.received.length;
  }

  /** Resolves with the first notification (from index `from`) matching; rejects after the timeout. */
  waitFor<T>(method: string, pred: (p: T) => boolean = () => true, from = 0, what = method): Promise<T> {
    const timeoutMs = this.opts.timeoutMs ?? 15_000;
    return new Promise<T>((resolvePromise, reject) => {
      let i = from;
      const check = (): boolean => {
        for (; i < this.received.length; i++) {
          const r = this.received[i]!;
          if (r.method === method && pred(r.params as T)) {
            clearTimeout(timer);
            resolvePromise(r.params as T);
            return true;
          }
        }
        return false;
      };
      const timer = setTimeout(() => {
        reject(
          new Error(`timed out waiting for ${what}; ${this.recentLog()}stderr: ${this.stderr.slice(-2000)}`),
        );
      }, timeoutMs);
      const loop = () => {
        if (!check()) this.waiters.push(loop);
      };
      loop();
    });
  }

  waitForStatus(pred: (s: ServiceStatus) => boolean, from = 0): Promise<ServiceStatus> {
    return this.waitFor<ServiceStatus>(StatusNotification.method, pred, from, 'a status notification');
  }

  waitForDiagnostics(uri: string, pred: (d: Diagnostic[]) => boolean, from = 0): Promise<Diagnostic[]> {
    return this.waitFor<PublishDiagnosticsParams>(
      PublishDiagnosticsNotification.type.method,
      (p) => p.uri === uri && pred(p.diagnostics),
      from,
      `diagnostics for ${uri}`,
    ).then((p) => p.diagnostics);
  }

  /** The latest diagnostics published for a URI ([] when none). */
  diagnostics(uri: string): Diagnostic[] {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const r = this.received[i]!;
      if (
        r.method === PublishDiagnosticsNotification.type.method &&
        (r.params as PublishDiagnosticsParams).uri === uri
      ) {
        return (r.params as PublishDiagnosticsParams).diagnostics;
      }
    }
    return [];
  }

  fileUri(relative: string): string {
    return pathToFileURL(join(this.opts.workspaceFolder, relative)).href;
  }

  async open(uri: string, text: string, languageId = 'typescript'): Promise<void> {
    this.versions.set(uri, 1);
    await this.conn.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version: 1, text },
    });
  }

  async change(uri: string, contentChanges: TextDocumentContentChangeEvent[]): Promise<void> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.conn.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges,
    });
  }

  async close(uri: string): Promise<void> {
    await this.conn.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((r) =>
      this.child.exitCode !== null ? r() : this.child.once('exit', () => r()),
    );
    try {
      await this.conn.sendRequest(ShutdownRequest.type);
      await this.conn.sendNotification(ExitNotification.type);
    } catch {
      this.child.kill('SIGKILL');
    }
    await exited;
    this.conn.dispose();
  }
}
