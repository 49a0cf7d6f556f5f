// "Start the local demo service": runs the bundled local service (dist/service/main.js) with the demo
// dataset on 127.0.0.1, a port the OS picks, and a database in the extension's global storage. Its URL
// and key come from its stdout; the key goes to SecretStorage only (its line is never logged). The
// process is stopped on deactivate.
import { Commands } from '../../common/src/commands.generated';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import * as vscode from 'vscode';
import { serviceUrl, setServiceUrl } from './config';
import type { LineageContext } from './lineageContext';
import { addSecret, errorText } from './logging';
import { signInToRunningService } from './commands/connectionCommands';
import { withNotificationProgress } from './notificationProgress';
import { SERVICE_KEY_LINE, SERVICE_URL_LINE } from '../../common/src/serviceAnnouncement';
import { isLoopbackHost } from '../../common/src/api/loopback';

/** Key of the demo database, so a restarted demo can reuse its database. */
const DEMO_KEY_SECRET = 'lineageLens.demoServiceApiKey';
const START_TIMEOUT_MS = 30_000;

export class DemoService implements vscode.Disposable {
  private child: ChildProcess | undefined;
  private url: string | undefined;
  private db: string | undefined;

  constructor(private readonly ctx: LineageContext) {}

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get serviceUrl(): string | undefined {
    return this.running ? this.url : undefined;
  }

  /** The database file of the service this extension runs, if it runs one. */
  get database(): string | undefined {
    return this.running ? this.db : undefined;
  }

  /**
   * Signs in to the service at the configured URL when it is a local one that answers (e.g. the one
   * `npm start` runs): a second service with its own database would hide what the user just edited.
   * Returns the URL, or undefined when there is none to reuse.
   */
  async reuseConfigured(): Promise<{ url: string; signedIn: boolean } | undefined> {
    const url = serviceUrl();
    if (!url || !isLoopbackUrl(url) || !(await answers(url))) return undefined;
    this.ctx.log.info(`A service answers at the configured URL ${url}: using it instead of starting another`);
    // Its key was printed where it was started (npm start's terminal): the prompt asks for it and says why.
    if (!(await this.ctx.keys.keyFor(url))) await signInToRunningService(this.ctx, url);
    await this.ctx.pushCredentials();
    return { url, signedIn: (await this.ctx.keys.keyFor(url)) !== null };
  }

  /** Starts the service (if not running), stores URL and key, and signs in. Returns the URL. */
  async start(): Promise<string> {
    if (this.running && this.url) return this.url;
    const ext = this.ctx.extension;
    const main = vscode.Uri.joinPath(ext.extensionUri, 'dist', 'service', 'main.js').fsPath;
    const dataset = vscode.Uri.joinPath(ext.extensionUri, 'demo', 'dataset.json').fsPath;
    if (!existsSync(main))
      throw new Error(
        vscode.l10n.t(
          'The local service is not bundled with this build ({0} is missing).',
          'dist/service/main.js',
        ),
      );
    await vscode.workspace.fs.createDirectory(ext.globalStorageUri);
    const db = vscode.Uri.joinPath(ext.globalStorageUri, 'demo-service.db').fsPath;
    this.db = db;
    let knownKey = await ext.secrets.get(DEMO_KEY_SECRET);
    if (existsSync(db) && !knownKey) rmSync(db, { force: true }); // a database whose key we lost is of no use
    if (!existsSync(db)) knownKey = undefined;
    const args = [main, '--port', '0', '--db', db];
    if (!knownKey) args.push('--seed', dataset);
    this.ctx.log.info(`Starting the local demo service: ${args.slice(1).join(' ')}`);
    // In desktop VS Code process.execPath is Electron; ELECTRON_RUN_AS_NODE makes it plain Node.
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const { url, apiKey } = await this.awaitAnnouncement(child, knownKey);
    this.url = url;
    addSecret(apiKey);
    await ext.secrets.store(DEMO_KEY_SECRET, apiKey);
    // Key first: the URL change then finds the key that belongs to it.
    await this.ctx.keys.store(url, apiKey);
    await setServiceUrl(url);
    await this.ctx.pushCredentials();
    this.ctx.log.info(`Local demo service running at ${url}`);
    void vscode.commands.executeCommand('setContext', 'lineageLens.demoRunning', true);
    return url;
  }

  private awaitAnnouncement(
    child: ChildProcess,
    knownKey: string | undefined,
  ): Promise<{ url: string; apiKey: string }> {
    return new Promise((resolve, reject) => {
      let url: string | undefined;
      let apiKey = knownKey;
      const timer = setTimeout(
        () =>
          fail(
            new Error(
              vscode.l10n.t('The local service did not start within {0} seconds.', START_TIMEOUT_MS / 1000),
            ),
          ),
        START_TIMEOUT_MS,
      );
      const fail = (err: Error): void => {
        clearTimeout(timer);
        child.kill('SIGTERM');
        reject(err);
      };
      const onLine = (line: string, stream: 'stdout' | 'stderr'): void => {
        const k = SERVICE_KEY_LINE.exec(line);
        if (k?.[1]) {
          // The key line itself is never logged.
          apiKey = k[1];
          addSecret(apiKey);
          this.ctx.log.info('[demo service] API key received (kept in the secret storage)');
        } else if (line.trim()) {
          const u = SERVICE_URL_LINE.exec(line);
          if (u?.[1]) url = u[1];
          if (stream === 'stderr') this.ctx.log.warn(`[demo service] ${line}`);
          else this.ctx.log.info(`[demo service] ${line}`);
        }
        if (url && apiKey) {
          clearTimeout(timer);
          resolve({ url, apiKey });
        }
      };
      createInterface({ input: child.stdout! }).on('line', (l) => onLine(l, 'stdout'));
      createInterface({ input: child.stderr! }).on('line', (l) => onLine(l, 'stderr'));
      child.once('error', (err) => fail(err));
      child.once('exit', (code, signal) => {
        this.ctx.log.info(`[demo service] exited (code ${code}, signal ${signal})`);
        fail(
          new Error(
            vscode.l10n.t(
              'The local service stopped (exit code {0}). See the output for details.',
              String(code),
            ),
          ),
        );
      });
    });
  }

  stop(): void {
    if (this.running) {
      this.ctx.log.info('Stopping the local demo service');
      this.child?.kill('SIGTERM');
    }
    this.child = undefined;
    this.url = undefined;
    void vscode.commands.executeCommand('setContext', 'lineageLens.demoRunning', false);
  }

  dispose(): void {
    this.stop();
  }
}

export function registerDemoService(ctx: LineageContext): DemoService {
  const demo = new DemoService(ctx);
  ctx.push(demo);
  ctx.push(
    vscode.commands.registerCommand(Commands.startDemoService, async () => {
      try {
        const reused = await demo.reuseConfigured();
        if (reused) {
          if (reused.signedIn)
            void vscode.window.showInformationMessage(
              vscode.l10n.t('A service is already running at {0}; you are signed in to it.', reused.url),
            );
          return reused.signedIn ? reused.url : undefined;
        }
        const url = await withNotificationProgress(
          { title: vscode.l10n.t('Starting the local demo service…') },
          () => demo.start(),
        );
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Local demo service running at {0}; you are signed in.', url),
        );
        return url;
      } catch (err) {
        ctx.log.error('The local demo service did not start', err);
        const output = vscode.l10n.t('Show Output');
        void vscode.window
          .showErrorMessage(
            vscode.l10n.t('The local demo service did not start: {0}', errorText(err)),
            output,
          )
          .then((choice) => (choice === output ? ctx.log.channel.show(true) : undefined));
        return undefined;
      }
    }),
    vscode.commands.registerCommand(Commands.stopDemoService, () => demo.stop()),
  );
  return demo;
}

/** Whether a URL names this machine (only such a service can be one `npm start` or we run). */
function isLoopbackUrl(url: string): boolean {
  return URL.canParse(url) && isLoopbackHost(new URL(url).hostname);
}

/** Whether anything answers HTTP at the URL within 2 s (no key is sent). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(new URL('/v0/experimental/edges', url), {
      redirect: 'manual',
      signal: AbortSignal.timeout(2000),
    });
    return true;
  } catch {
    return false;
  }
}
