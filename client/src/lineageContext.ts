// The context object: owns every disposable, the log, the language client and the connection state.
// Views and commands get it and ask it for data; nothing else talks to the language server.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { CancellationToken } from 'vscode-languageclient';
import type { RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import {
  AnchorDriftChangedNotification,
  ContractFilesChangedNotification,
  ComplianceCheckedNotification,
  ChangeImpactChangedNotification,
  DataChangedNotification,
  SetCredentialsNotification,
  StatusNotification,
  WarmGraphLayoutNotification,
  type WarmGraphLayoutParams,
  type Credentials,
  type ConnectionState,
  type ServiceStatus,
} from '../../common/src/protocol';
import type { ComplianceResponse } from '../../common/src/api';

export type ComplianceChecked = ComplianceResponse & { uri: string; darn: string; name?: string };
import { ApiKeyStore } from './apiKeyStore';
import { allowInsecureHttp, RESTART_NEEDED, SECTION, serviceUrl, settingsNameComponents } from './config';
import { isLineageDocument } from './lineageDocuments';
import { warnInsecureHttp } from './insecureHttp';
import { createLanguageClient } from './languageClient';
import { createLog, errorText, SafeLog } from './logging';
import { disposeAll } from './disposeAll';
import { onServerNotification } from './serverNotifications';

const INITIAL_STATUS: ServiceStatus = {
  state: 'connecting',
  message: 'Starting the language server…',
  componentCount: 0,
  anchorCount: 0,
};

/** A path saved to the service, which recorded it under a new id. */
export interface PathSaved {
  componentId: string;
  fromPathId: string;
  toPathId: string;
}

export class LineageContext implements vscode.Disposable {
  readonly log: SafeLog;
  readonly keys: ApiKeyStore;
  private client: LanguageClient | undefined;
  private clientReady: Promise<LanguageClient> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly clientDisposables: vscode.Disposable[] = [];
  private statusValue: ServiceStatus = INITIAL_STATUS;
  private readonly statusChanged = new vscode.EventEmitter<ServiceStatus>();
  private readonly stateChanged = new vscode.EventEmitter<ConnectionState>();
  private readonly dataChanged = new vscode.EventEmitter<string[]>();
  private readonly driftChanged = new vscode.EventEmitter<string[]>();
  private readonly contractFilesChanged = new vscode.EventEmitter<void>();
  private readonly pathSaved = new vscode.EventEmitter<PathSaved>();
  private readonly credentialsChanged = new vscode.EventEmitter<Credentials>();
  private readonly complianceChecked = new vscode.EventEmitter<ComplianceChecked>();
  private readonly graphOffered = new vscode.EventEmitter<unknown>();
  /**
   * Fires with the command argument of a lineage-graph link or item just put in front of the user (a
   * hover's link, a selected view item): the graph may be asked for soon.
   */
  readonly onDidOfferGraph = this.graphOffered.event;
  /** Fires when the server checked a contract file on its own (on save). */
  readonly onDidCheckCompliance = this.complianceChecked.event;
  private readonly changeImpactChanged = new vscode.EventEmitter<void>();
  /** The server computed the change impact again (typing, a save, git). */
  readonly onDidChangeChangeImpact = this.changeImpactChanged.event;
  private lastCredentials: string | undefined;
  /** The language server's start, once asked for (see ensureStarted). */
  private starting: Promise<void> | undefined;
  private disposed = false;
  /** The credentials the running language server was last sent. */
  private sent: { client: LanguageClient; fingerprint: string } | undefined;
  private markStarted!: () => void;
  private lastPush: Promise<void> = Promise.resolve();
  /** Resolves once the language server has started with the credentials read at activation. */
  private readonly started = new Promise<void>((resolve) => (this.markStarted = resolve));
  /** Fires when the service URL or the key changed (documents read from the old one are stale). */
  readonly onDidChangeCredentials = this.credentialsChanged.event;
  /** Fires with each new status from the server. */
  readonly onDidChangeStatus = this.statusChanged.event;
  /** Fires when the connection's state changes (signed in or out, connected, unreachable, …). */
  readonly onDidChangeState = this.stateChanged.event;
  /** Fires with the component ids whose data changed (empty: everything). */
  readonly onDidChangeData = this.dataChanged.event;
  /** Fires with the component ids whose drifted anchors changed (code moved away from the records). */
  readonly onDidChangeAnchorDrift = this.driftChanged.event;
  /** Fires once the server has read contract files changed on disk again. */
  readonly onDidChangeContractFiles = this.contractFilesChanged.event;
  /** Fires when a path was saved to the service: it lives on under a new id. */
  readonly onDidSavePath = this.pathSaved.event;

  constructor(readonly extension: vscode.ExtensionContext) {
    const channel = createLog();
    this.push(
      channel,
      this.statusChanged,
      this.stateChanged,
      this.dataChanged,
      this.driftChanged,
      this.contractFilesChanged,
      this.pathSaved,
      this.credentialsChanged,
      this.graphOffered,
      this.complianceChecked,
      this.changeImpactChanged,
    );
    this.log = new SafeLog(channel);
    void vscode.commands.executeCommand('setContext', 'lineageLens.state', INITIAL_STATUS.state);
    this.keys = new ApiKeyStore(extension.secrets);
    this.push(this.keys.listen());
    this.push(this.keys.onDidChange(() => void this.pushCredentials()));
    this.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.serviceUrl`)) {
          this.log.info(`Service URL setting changed: ${serviceUrl() || '(not set)'}`);
          void this.pushCredentials();
        } else if (e.affectsConfiguration(`${SECTION}.allowInsecureHttp`)) void this.pushCredentials();
        if (RESTART_NEEDED.some((k) => e.affectsConfiguration(`${SECTION}.${k}`))) void this.offerRestart();
        if (
          !this.starting &&
          (e.affectsConfiguration(`${SECTION}.components`) ||
            e.affectsConfiguration(`${SECTION}.namespace`)) &&
          settingsNameComponents()
        )
          void this.ensureStarted().catch(() => undefined);
      }),
      // A contract or path document gives the server something to do in any window.
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (!this.starting && isLineageDocument(doc)) void this.ensureStarted().catch(() => undefined);
      }),
    );
  }

  get status(): ServiceStatus {
    return this.statusValue;
  }

  /** Whether the language server has been asked to start (it starts only where there is something for it). */
  get serverRequested(): boolean {
    return this.starting !== undefined;
  }

  /** Resolves once the language server has started for the first time. */
  whenServerStarted(): Promise<void> {
    return this.started;
  }

  /** Registers disposables to be disposed on deactivate. */
  push(...items: vscode.Disposable[]): void {
    this.disposables.push(...items);
  }

  async credentials(): Promise<Credentials> {
    const url = serviceUrl();
    return {
      serviceUrl: url,
      apiKey: url ? await this.keys.keyFor(url) : null,
      allowInsecureHttp: allowInsecureHttp(),
    };
  }

  /**
   * Starts the language server where there is something for it: signed in, components or a namespace
   * in the settings, or a contract or path document open. Elsewhere it starts later, on the first of
   * these, or when a view or command asks it for something.
   */
  async startWhenNeeded(): Promise<void> {
    const creds = await this.credentials();
    const signedIn = creds.apiKey !== null && creds.serviceUrl !== '';
    if (signedIn || settingsNameComponents() || vscode.workspace.textDocuments.some(isLineageDocument))
      return this.ensureStarted();
    this.log.info(
      'Language server not started yet: not signed in, no components or namespace in the settings, no contract or path document open',
    );
    if (!this.starting)
      this.setStatus({ ...INITIAL_STATUS, state: 'signedOut', message: vscode.l10n.t('Not signed in.') });
  }

  /** Starts the language server once; later callers share that start. */
  ensureStarted(): Promise<void> {
    if (this.disposed)
      return Promise.reject(new Error(vscode.l10n.t('The Lineage Lens language server is not running.')));
    this.starting ??= this.start();
    return this.starting;
  }

  /** Starts the language server; resolves when it is ready. */
  private async start(): Promise<void> {
    const creds = await this.credentials();
    // The server sends nothing to plain http:// on another host unless allowed; say so before it starts.
    if (creds.apiKey) warnInsecureHttp(this, creds);
    const client = createLanguageClient(
      this.extension.extensionUri,
      this.log.channel,
      () => ({
        serviceUrl: creds.serviceUrl || undefined,
        apiKey: creds.apiKey ?? undefined,
        allowInsecureHttp: creds.allowInsecureHttp,
        // The server's caches between sessions (the layout process's compiled elkjs) stay the user's own.
        storageDir:
          this.extension.globalStorageUri.scheme === 'file'
            ? this.extension.globalStorageUri.fsPath
            : undefined,
      }),
      (arg) => this.offerGraph(arg),
    );
    this.client = client;
    this.clientDisposables.push(
      onServerNotification(client, this.log, StatusNotification, (s) => this.setStatus(s)),
      onServerNotification(client, this.log, DataChangedNotification, (p) =>
        this.dataChanged.fire(p.componentIds),
      ),
      onServerNotification(client, this.log, AnchorDriftChangedNotification, (p) =>
        this.driftChanged.fire(p.componentIds),
      ),
      onServerNotification(client, this.log, ContractFilesChangedNotification, () =>
        this.contractFilesChanged.fire(),
      ),
      onServerNotification(client, this.log, ComplianceCheckedNotification, (p) =>
        this.complianceChecked.fire(p),
      ),
      onServerNotification(client, this.log, ChangeImpactChangedNotification, () =>
        this.changeImpactChanged.fire(),
      ),
    );
    this.clientReady = client.start().then(
      () => client,
      (err) => {
        this.log.error('The language server did not start', err);
        this.setStatus({
          ...INITIAL_STATUS,
          state: 'unreachable',
          message: `Language server failed: ${errorText(err)}`,
        });
        throw err;
      },
    );
    await this.clientReady;
    this.log.info('Language server started');
    this.markStarted();
  }

  /**
   * Waits until the language server runs and the user is signed in; false when still signed out after
   * `patienceMs`. A window reload restores `lineage:` editors while the extension is still activating
   * (the file system provider is consulted before the server has started), and the user settings of
   * a browser VS Code can reach the extension host a moment after activation.
   */
  async whenSignedIn(patienceMs: number): Promise<boolean> {
    void this.ensureStarted().catch(() => undefined);
    const signedIn = async () => {
      const c = await this.credentials();
      return c.apiKey !== null && c.serviceUrl !== '';
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), patienceMs)),
    );
    try {
      if ((await Promise.race([this.started.then(() => 'started' as const), giveUp])) === 'timeout')
        return false;
      if (await signedIn()) return this.pushed();
      // No key stored at all: nothing is on its way, the user has to sign in.
      if (!(await this.keys.hasAnyKey())) return false;
      // Signed out now: a sign-in, a stored key or a late settings value may still arrive.
      for (;;) {
        const changed = new Promise<'changed'>((resolve) => {
          const subs = [
            this.credentialsChanged.event(() => done()),
            this.keys.onDidChange(() => done()),
            vscode.workspace.onDidChangeConfiguration(
              (e) => e.affectsConfiguration(`${SECTION}.serviceUrl`) && done(),
            ),
          ];
          const done = () => {
            disposeAll(subs);
            resolve('changed');
          };
          void giveUp.then(done);
        });
        if ((await Promise.race([changed, giveUp])) === 'timeout') return (await signedIn()) && this.pushed();
        if (await signedIn()) return this.pushed();
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    this.starting = undefined;
    const client = this.client;
    this.client = undefined;
    this.clientReady = undefined;
    disposeAll(this.clientDisposables.splice(0));
    if (client) {
      try {
        await client.stop(5000);
      } catch (err) {
        this.log.warn(`Stopping the language server: ${errorText(err)}`);
      }
    }
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.ensureStarted();
  }

  private async offerRestart(): Promise<void> {
    const restart = vscode.l10n.t('Restart');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('A Lineage Lens setting changed that takes effect when the language server restarts.'),
      restart,
    );
    if (choice === restart) await this.restart();
  }

  /** Sends the current service URL and key to the server (after sign in/out or a URL change), in order. */
  pushCredentials(): Promise<void> {
    const run = () => this.sendCredentials();
    this.lastPush = this.lastPush.then(run, run);
    return this.lastPush;
  }

  private async sendCredentials(): Promise<void> {
    const creds = await this.credentials();
    await vscode.commands.executeCommand(
      'setContext',
      'lineageLens.signedIn',
      creds.apiKey !== null && creds.serviceUrl !== '',
    );
    if (creds.apiKey) warnInsecureHttp(this, creds);
    const fingerprint = `${creds.serviceUrl}\u0000${creds.apiKey ?? ''}`;
    const changed = this.lastCredentials !== undefined && this.lastCredentials !== fingerprint;
    this.lastCredentials = fingerprint;
    try {
      await this.tellServer(creds, fingerprint);
    } finally {
      // Told once the server has them: what listeners ask of it again (the Data assets view's look-up,
      // open path documents) must reach it after the new credentials, not race them.
      if (changed) this.credentialsChanged.fire(creds);
    }
  }

  private async tellServer(creds: Credentials, fingerprint: string): Promise<void> {
    if (!this.clientReady) {
      // Not started yet: a sign-in starts it (with these credentials); nothing else needs it.
      if (creds.apiKey !== null && creds.serviceUrl !== '') void this.ensureStarted().catch(() => undefined);
      return;
    }
    const client = await this.clientReady.catch(() => undefined);
    if (!client) return;
    // Pushes come from many places (key store events, settings, restored editors waiting for a
    // sign-in); a server that has these credentials already needs nothing, and the log says it once.
    // Allowing plain http changes what the server may do with the same URL and key: send it too.
    const sentKey = `${fingerprint}\u0000${creds.allowInsecureHttp === true}`;
    if (this.sent?.client === client && this.sent.fingerprint === sentKey) return;
    this.sent = { client, fingerprint: sentKey };
    this.log.info(
      creds.apiKey
        ? `Credentials set for ${creds.serviceUrl}`
        : `Signed out${creds.serviceUrl ? ` of ${creds.serviceUrl}` : ''}`,
    );
    await client.sendNotification(SetCredentialsNotification, creds);
  }

  /** True once the credentials pushed so far have reached the server. */
  private async pushed(): Promise<true> {
    await this.pushCredentials();
    return true;
  }

  /** Resolves when the server's status satisfies `test` (now or later), or false after `patienceMs`. */
  whenStatus(test: (s: ServiceStatus) => boolean, patienceMs: number): Promise<boolean> {
    if (test(this.statusValue)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const sub = this.statusChanged.event((s) => {
        if (!test(s)) return;
        clearTimeout(timer);
        sub.dispose();
        resolve(true);
      });
      const timer = setTimeout(() => {
        sub.dispose();
        resolve(false);
      }, patienceMs);
    });
  }

  /** The running client; a request to a server not started yet starts it (a view or command needs it). */
  private async readyClient(): Promise<LanguageClient> {
    if (!this.clientReady) await this.ensureStarted();
    if (!this.clientReady) throw new Error(vscode.l10n.t('The Lineage Lens language server is not running.'));
    return this.clientReady;
  }

  request<R>(type: RequestType0<R, void>, token?: CancellationToken): Promise<R>;
  request<P, R>(type: RequestType<P, R, void>, params: P, token?: CancellationToken): Promise<R>;
  async request(
    type: RequestType0<unknown, void> | RequestType<unknown, unknown, void>,
    ...rest: unknown[]
  ): Promise<unknown> {
    const client = await this.readyClient();
    if (type.numberOfParams === 0)
      return client.sendRequest(
        type as RequestType0<unknown, void>,
        rest[0] as CancellationToken | undefined,
      );
    return client.sendRequest(
      type as RequestType<unknown, unknown, void>,
      rest[0],
      rest[1] as CancellationToken | undefined,
    );
  }

  /** A lineage-graph link or item, by its command argument, is in front of the user (onDidOfferGraph). */
  offerGraph(arg: unknown): void {
    this.graphOffered.fire(arg);
  }

  /**
   * A lineage graph is likely to be asked for soon: the server lays out `params.graph` ahead (when small
   * and its model is built), else readies its layout process. Only a running server is told; this never
   * starts one.
   */
  warmGraphLayout(params: WarmGraphLayoutParams): void {
    if (this.client?.isRunning()) void this.client.sendNotification(WarmGraphLayoutNotification, params);
  }

  /** Lets the views refresh after a change made here (the server also says so). */
  fireDataChanged(componentIds: string[] = []): void {
    this.dataChanged.fire(componentIds);
  }

  /** A save made a path anew under another id (the service's edit: a new path replacing the old). */
  notePathSaved(saved: PathSaved): void {
    this.pathSaved.fire(saved);
  }

  private setStatus(status: ServiceStatus): void {
    const was = this.statusValue.state;
    this.statusValue = status;
    void vscode.commands.executeCommand('setContext', 'lineageLens.state', status.state);
    this.statusChanged.fire(status);
    if (status.state !== was) this.stateChanged.fire(status.state);
  }

  dispose(): void {
    this.disposed = true;
    disposeAll(this.clientDisposables.splice(0));
    disposeAll(this.disposables.splice(0).reverse());
  }
}
