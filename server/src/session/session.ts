// The server's state: credentials (memory only), settings, the API client, the component cache, the
// connection status and the anchor index fed from the cache. Loads are serialised and tagged with a
// generation, so data loaded with an old key never lands after a sign-out or a key change.
import type { ApiClientConfig, LineageApi } from '../api/apiClient';
import type { AnchorIndex } from '../anchors';
import type { AnchorEntry, WorkspaceFolderInfo } from '../anchors/types';
import type { Credentials, LineageSettings, ServiceStatus } from '../../../common/src/protocol';
import { DEFAULT_SETTINGS, needsReload } from '../../../common/src/settings';
import { ComponentStore, DEFAULT_LIMITS, type StoreLimits } from './componentStore';
import { StatusTracker } from './status';
import { anchorEntries } from './anchorFeed';
import { insecureHttpHost } from '../../../common/src/api/loopback';
import { SignedOutError } from '../api/serviceErrors';
import type { OnceLogger } from '../util/log';

export interface SessionEvents {
  status(status: ServiceStatus): void;
  /** May return the work that makes the data searchable (awaited before the status says connected). */
  dataChanged(componentIds: string[]): void | Promise<void>;
}

export interface SessionOptions {
  index: AnchorIndex;
  createApi(config: ApiClientConfig): LineageApi;
  log: OnceLogger;
  events: SessionEvents;
  limits?: StoreLimits;
  /** Which anchors to index (default: all); a one-shot run may need only some. */
  anchorFilter?: (entry: AnchorEntry) => boolean;
}

/** Retry cadence while the service is unreachable (capped by the refresh interval). */
const RETRY_MS = 30_000;

export class Session {
  readonly store: ComponentStore;
  readonly status = new StatusTracker();
  settings: LineageSettings = DEFAULT_SETTINGS;
  private credentials: Credentials | undefined;
  private client: LineageApi | undefined;
  private generation = 0;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private lastStatusJson = '';
  private anchorCount = 0;

  constructor(private readonly opts: SessionOptions) {
    this.store = new ComponentStore(opts.log, opts.limits ?? DEFAULT_LIMITS);
  }

  get index(): AnchorIndex {
    return this.opts.index;
  }

  get signedIn(): boolean {
    return this.client !== undefined;
  }

  /** The API client; throws SignedOutError (→ ServiceErrorData kind 'signedOut') when signed out. */
  api(): LineageApi {
    if (!this.client) throw new SignedOutError();
    return this.client;
  }

  snapshot(): ServiceStatus {
    return this.status.snapshot(this.store.size, this.anchorCount);
  }

  /** Sign in, sign out or switch service: the old key's data is dropped at once. */
  async setCredentials(c: Credentials | undefined): Promise<void> {
    const same =
      c?.apiKey === this.credentials?.apiKey &&
      c?.serviceUrl === this.credentials?.serviceUrl &&
      this.client !== undefined;
    if (same) return;
    this.credentials = c;
    this.generation++;
    const old = this.client;
    this.client = undefined;
    void old?.close().catch(() => undefined);
    const hadData = this.store.size > 0;
    this.store.clear();
    await this.setAnchors();
    if (hadData) await this.opts.events.dataChanged([]);
    const insecure =
      c?.apiKey && c.serviceUrl && !c.allowInsecureHttp
        ? insecureHttpHost(URL.canParse(c.serviceUrl) ? new URL(c.serviceUrl) : undefined)
        : undefined;
    if (insecure) {
      // Nothing is sent: the key would cross the network in clear text.
      this.status.blocked(
        `Not connected: ${insecure} is reached over plain http://, which would send the API key unencrypted. Use https://, or allow it with the setting lineageLens.allowInsecureHttp.`,
      );
      this.opts.log.warnOnce(`Not connecting to http://${insecure}: unencrypted and not this machine.`);
    } else if (c?.apiKey && c.serviceUrl) {
      try {
        this.client = this.opts.createApi({
          baseUrl: c.serviceUrl,
          apiKey: c.apiKey,
          maxConcurrency: this.settings.maxConcurrency,
        });
        this.status.signedOut();
        this.status.connecting();
      } catch (err) {
        this.opts.log.errorOnce(`Cannot use service URL: ${(err as Error).message}`);
        this.status.signedOut();
      }
    } else {
      this.status.signedOut();
    }
    this.emitStatus();
    if (this.client) await this.refresh();
  }

  async setSettings(next: LineageSettings): Promise<void> {
    const reload = needsReload(this.settings, next);
    this.settings = next;
    this.schedule();
    if (reload && this.client) await this.refresh();
  }

  async setFolders(folders: WorkspaceFolderInfo[]): Promise<void> {
    await this.index.setFolders(folders);
    this.emitStatus();
  }

  /** Loads now (or once more after the running load) and resolves when the data is in. */
  async refresh(): Promise<ServiceStatus> {
    if (this.running) {
      this.again = true;
      await this.running;
      return this.snapshot();
    }
    this.running = this.loadLoop().finally(() => (this.running = undefined));
    await this.running;
    return this.snapshot();
  }

  private async loadLoop(): Promise<void> {
    do {
      this.again = false;
      await this.loadOnce();
    } while (this.again);
  }

  private async loadOnce(): Promise<void> {
    const api = this.client;
    const gen = this.generation;
    if (!api) {
      this.status.signedOut();
      this.emitStatus();
      return;
    }
    this.status.connecting();
    this.emitStatus();
    let result;
    try {
      result = await this.store.load(api, this.settings);
    } catch (err) {
      result = { kind: 'unreachable' as const, error: err };
      this.opts.log.errorOnce(`Loading components failed: ${(err as Error).message}`);
    }
    if (gen !== this.generation) return; // credentials changed meanwhile: this data is not ours to show
    const hasData = this.store.size > 0;
    switch (result.kind) {
      case 'loaded': {
        const problems = result.problems.length
          ? [...result.problems, `${this.store.size} component${this.store.size === 1 ? '' : 's'} loaded.`]
          : [];
        this.status.loaded(problems);
        const evicted = this.store.takeEvicted();
        if (result.changedIds.length > 0 || evicted) await this.setAnchors();
        if (result.changedIds.length > 0) await this.opts.events.dataChanged(result.changedIds);
        break;
      }
      case 'unreachable':
        this.status.unreachable(hasData, (result.error as Error)?.message ?? 'unreachable');
        this.opts.log.warnOnce(
          `Lineage service unreachable: ${(result.error as Error)?.message}`,
          'unreachable',
        );
        break;
      case 'keyRejected':
        this.status.keyRejected((result.error as Error)?.message ?? 'rejected');
        break;
    }
    this.schedule();
    this.emitStatus();
  }

  /** Rebuilds the index after one component changed (e.g. a saved path). */
  async componentChanged(id: string): Promise<void> {
    await this.setAnchors();
    await this.opts.events.dataChanged([id]);
    this.emitStatus();
  }

  private async setAnchors(): Promise<void> {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const all = await anchorEntries(
      this.store.all(),
      this.opts.log,
      (c, p) => this.store.commitOf(c, p),
      (c) => this.store.scansOf(c),
    );
    const entries = this.opts.anchorFilter ? all.filter(this.opts.anchorFilter) : all;
    this.anchorCount = entries.length;
    await this.index.setAnchors(entries);
    if (entries.length) {
      // CPU time beside wall time: on a busy machine the wall time says little about the build itself.
      const cpu = process.cpuUsage(cpu0);
      const later = this.index.filesLeftForLater;
      this.opts.log.info(
        `Indexed ${entries.length} code anchors in ${Math.round(performance.now() - t0)} ms (CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms)` +
          (later ? `; ${later} closed files left to place in the background.` : '.'),
      );
      void this.index.whenPlaced().then((placed) => {
        if (placed)
          this.opts.log.info(
            `Placed the anchors of ${placed.files} closed files in the background, ${Math.round(placed.ms)} ms after the index was ready.`,
          );
      });
    }
  }

  emitStatus(): void {
    const s = this.snapshot();
    const json = JSON.stringify(s);
    if (json === this.lastStatusJson) return;
    this.lastStatusJson = json;
    this.opts.events.status(s);
  }

  /** Periodic refresh; sooner while unreachable so the session recovers on its own. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const interval = this.settings.refreshIntervalSeconds * 1000;
    if (!this.client || interval <= 0) return;
    const down = this.status.state === 'unreachable' || this.status.state === 'stale';
    const ms = down ? Math.min(interval, RETRY_MS) : interval;
    this.timer = setTimeout(() => void this.refresh().catch(() => undefined), ms);
    this.timer.unref();
  }

  async dispose(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.generation++;
    await this.client?.close().catch(() => undefined);
    this.client = undefined;
  }
}
