// workspace/didChangeWatchedFiles for every part of the server that follows files on disk. The LSP
// connection takes one handler, so this one fans the events out; each part asks the client to watch
// its own globs (dynamic registration), re-registering when they change.
import { fileURLToPath } from 'node:url';
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Connection,
  type Disposable,
} from 'vscode-languageserver/node';
import type { OnceLogger } from '../util/log';
import { notification } from '../api/handlers';

export interface DiskChange {
  path: string;
  kind: 'created' | 'changed' | 'deleted';
}

const KINDS: Record<number, DiskChange['kind']> = {
  [FileChangeType.Created]: 'created',
  [FileChangeType.Changed]: 'changed',
  [FileChangeType.Deleted]: 'deleted',
};

export class WatchedFiles {
  private readonly listeners = new Set<(changes: DiskChange[]) => void | Promise<void>>();
  private readonly registered = new Map<
    string,
    { globs: string; registration: Promise<Disposable | undefined> }
  >();
  /** Whether the client registers watchers (set from its capabilities after initialize). */
  enabled = false;

  constructor(
    private readonly connection: Connection,
    private readonly log: OnceLogger,
  ) {
    connection.onDidChangeWatchedFiles(
      notification(log, 'didChangeWatchedFiles', async (p) => {
        const changes = p.changes
          .filter((c) => c.uri.startsWith('file:') && KINDS[c.type])
          .map((c) => ({ path: fileURLToPath(c.uri), kind: KINDS[c.type]! }));
        if (changes.length === 0) return;
        // A listener may answer at once (void) or later (a promise): wait for all of them alike.
        await Promise.all([...this.listeners].map(async (l) => l(changes)));
      }),
    );
  }

  onDidChange(listener: (changes: DiskChange[]) => void | Promise<void>): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Asks the client to watch `globs` for `owner`, replacing what it watched for that owner (none: stops). */
  watch(owner: string, globs: readonly string[]): void {
    if (!this.enabled) return;
    const key = globs.join('\n');
    const had = this.registered.get(owner);
    if (had?.globs === key) return;
    this.registered.delete(owner);
    if (had) void had.registration.then((d) => d?.dispose());
    if (globs.length === 0) return;
    const registration = this.connection.client
      .register(DidChangeWatchedFilesNotification.type, {
        watchers: globs.map((globPattern) => ({ globPattern })),
      })
      .catch((err: unknown): undefined => {
        this.log.errorOnce(`Watching ${owner} failed: ${(err as Error)?.message ?? String(err)}`);
        return undefined;
      });
    this.registered.set(owner, { globs: key, registration });
  }
}
