// What the client tells the server about settings, folders and credentials: initialization options,
// the `lineageLens` section pulled per folder (workspace/configuration) or pushed, and the folder
// list as it changes. Turns them into LineageSettings and WorkspaceFolderInfo for the session.
import { isAbsolute } from 'node:path';
import type { InitializeParams, WorkspaceFolder, WorkspaceFoldersChangeEvent } from 'vscode-languageserver';
import type * as P from '../../../common/src/protocol';
import { uriToFsPath } from '../anchors';
import type { WorkspaceFolderInfo } from '../anchors/types';
import type { OnceLogger } from '../util/log';
import { normalizeSettings, SECTION } from '../../../common/src/settings';
import type { LineageSettings } from '../../../common/src/protocol';

export interface ClientSettingsDeps {
  log: OnceLogger;
  /** workspace/configuration of the client. */
  getConfiguration(items: Array<{ section: string; scopeUri?: string }>): Promise<unknown[]>;
  /** Called with every reading; `folders` only when they differ from the last reading's. */
  apply(settings: LineageSettings, folders: WorkspaceFolderInfo[] | undefined): Promise<void>;
}

export class ClientSettings {
  initOptions: P.InitializationOptions = {};
  canPull = false;
  private folders: WorkspaceFolder[] = [];
  private lastFolders: WorkspaceFolderInfo[] | undefined;

  constructor(private readonly deps: ClientSettingsDeps) {}

  initialize(params: InitializeParams): void {
    this.initOptions = (params.initializationOptions as P.InitializationOptions | undefined) ?? {};
    this.canPull = params.capabilities.workspace?.configuration === true;
    this.folders = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: 'root' }] : []);
  }

  /** The client's directory for caches kept between sessions, when it named an absolute one. */
  get storageDir(): string | undefined {
    const dir = this.initOptions.storageDir;
    return typeof dir === 'string' && isAbsolute(dir) ? dir : undefined;
  }

  get workspaceFolders(): readonly WorkspaceFolder[] {
    return this.folders;
  }

  /** The local folders' paths, from `initialize` on (before any settings were read). */
  get folderPaths(): string[] {
    return this.folders.flatMap((f) => uriToFsPath(f.uri) ?? []);
  }

  async foldersChanged(e: WorkspaceFoldersChangeEvent): Promise<void> {
    this.folders = [...this.folders.filter((f) => !e.removed.some((r) => r.uri === f.uri)), ...e.added];
    await this.apply(undefined);
  }

  /** didChangeConfiguration: pushed settings count only when the client cannot be asked. */
  async configurationChanged(settings: unknown): Promise<void> {
    const pushed = (settings as Record<string, unknown> | null)?.[SECTION];
    await this.apply(this.canPull ? undefined : pushed);
  }

  /** Reads the settings (pulled per folder when the client supports it) and applies them. */
  async apply(pushed: unknown): Promise<void> {
    const { log } = this.deps;
    let global: unknown = pushed ?? this.initOptions.settings;
    let perFolder: unknown[] = [];
    if (this.canPull) {
      try {
        const items = [
          { section: SECTION },
          ...this.folders.map((f) => ({ scopeUri: f.uri, section: SECTION })),
        ];
        const values = await this.deps.getConfiguration(items);
        global = { ...(this.initOptions.settings ?? {}), ...(values[0] ?? {}) };
        perFolder = values.slice(1);
      } catch (err) {
        log.warnOnce(`Reading settings failed, using defaults: ${(err as Error).message}`);
      }
    }
    const settings = normalizeSettings(global, undefined, (problem) => log.warnOnce(problem));
    const infos: WorkspaceFolderInfo[] = [];
    this.folders.forEach((f, i) => {
      const fsPath = uriToFsPath(f.uri);
      if (!fsPath)
        return log.warnOnce(
          `Workspace folder ${f.uri} is not a local folder; anchors are not resolved in it.`,
        );
      infos.push({ uri: f.uri, fsPath, projectRoot: normalizeSettings(perFolder[i], settings).projectRoot });
    });
    const changed = JSON.stringify(infos) !== JSON.stringify(this.lastFolders);
    this.lastFolders = infos;
    await this.deps.apply(settings, changed ? infos : undefined);
  }
}

/** Credentials from initialization options or the setCredentials notification; undefined = signed out. */
export function credentialsOf(
  o: { serviceUrl?: unknown; apiKey?: unknown; allowInsecureHttp?: unknown } | undefined,
): P.Credentials | undefined {
  if (!o || typeof o.serviceUrl !== 'string' || !o.serviceUrl) return undefined;
  return {
    serviceUrl: o.serviceUrl,
    apiKey: typeof o.apiKey === 'string' && o.apiKey ? o.apiKey : null,
    allowInsecureHttp: o.allowInsecureHttp === true,
  };
}
