// The `lineage:` file system: each path of a component is one JSON document in the round-trip format,
// lineage:/<componentId>/<pathId>/<label>.lineage-path.json. Reading asks the language server for the
// text; writing runs the save flow (saveFlow.ts). A save gives the path a new id on the service: its
// tabs then reopen under the new id's URI (reopenSaved.ts), and the old URI keeps working because old
// ids are mapped to the newest one.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import {
  PATH_DOCUMENT_SCHEME,
  PathDocumentRequest,
  parsePathDocumentUri,
  pathDocumentUri,
  type PathDocument,
} from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { describeError, serviceErrorData } from '../serviceErrors';
import { savePathDocument } from './saveFlow';
import { reopenUnderNewUri } from './reopenSaved';
import { errorText } from '../logging';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import { disposeAll } from '../disposeAll';

/** The tab label of a saved path document's text ("createOrder → insertOrder"), if it reads as a path. */
function labelOfDocument(text: string): string | undefined {
  try {
    return pathDocumentLabel(JSON.parse(text) as Parameters<typeof pathDocumentLabel>[0]);
  } catch {
    return undefined;
  }
}

interface Entry {
  componentId: string;
  pathId: string;
  document: PathDocument;
  bytes: Uint8Array;
  mtime: number;
}

const encoder = new TextEncoder();
/** How long a read waits for the extension to start and sign in (a reload, settings arriving late). */
const READY_PATIENCE_MS = 30_000;
const saved = (e: Entry): string => e.document.text;

export class PathFileSystem implements vscode.FileSystemProvider {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  /** Cached documents by URI string (as opened). */
  private readonly entries = new Map<string, Entry>();
  /** `componentId/oldPathId` → newest path id after saves. */
  private readonly aliases = new Map<string, string>();
  /** URIs whose "Sign in to open" prompt is showing. */
  private readonly signInOffered = new Set<string>();
  /** One pending "reload after save" listener per URI. */
  private readonly pendingReloads = new Map<string, vscode.Disposable>();

  constructor(private readonly ctx: LineageContext) {
    // Documents read from another service (or as another user) are stale: each open one is read
    // again (a newer mtime and a change event). The entry stays until then: a document typed into
    // keeps the revision its text came from, so its save still detects a change on the service
    // (dropping it made the save compare against the service's current state, overwriting unseen).
    // A sign-out then a sign-in fires twice for the same documents: the read in between fails.
    ctx.push(
      ctx.onDidChangeCredentials(() => {
        this.aliases.clear();
        const uris = [...this.entries.keys()];
        for (const entry of this.entries.values()) entry.mtime = Math.max(Date.now(), entry.mtime + 1);
        if (uris.length)
          this.changed.fire(
            uris.map((u) => ({ type: vscode.FileChangeType.Changed, uri: vscode.Uri.parse(u) })),
          );
      }),
    );
  }

  /** Current (componentId, pathId) for a URI, following saves that renamed the path. */
  resolve(uri: vscode.Uri): { componentId: string; pathId: string } {
    const ref =
      parsePathDocumentUri(uri.toString(true)) ?? parsePathDocumentUri(`${PATH_DOCUMENT_SCHEME}:${uri.path}`);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    let pathId = ref.pathId;
    for (let i = 0; i < 100; i++) {
      const next = this.aliases.get(`${ref.componentId}/${pathId}`);
      if (!next || next === pathId) break;
      pathId = next;
    }
    return { componentId: ref.componentId, pathId };
  }

  /** The cached document of an open URI (read at least once). */
  cached(uri: vscode.Uri): Entry | undefined {
    return this.entries.get(uri.toString());
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    // The folders above a path document (lineage:/<componentId>[/<pathId>]): VS Code checks them before
    // writing a document it could not stat (the service went away), and a missing folder would turn
    // the real reason into "cannot create a folder".
    if (!uri.path.endsWith('.lineage-path.json') && /^\/[^/]+(\/[^/]+)?\/?$/.test(uri.path))
      return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const entry = this.entries.get(uri.toString()) ?? (await this.load(uri));
    return {
      type: vscode.FileType.File,
      ctime: entry.mtime,
      mtime: entry.mtime,
      size: entry.bytes.byteLength,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.load(uri)).bytes;
  }

  private async load(uri: vscode.Uri): Promise<Entry> {
    const { componentId, pathId } = this.resolve(uri);
    // After a window reload VS Code restores lineage: editors while the extension is still starting.
    if (!(await this.ctx.whenSignedIn(READY_PATIENCE_MS))) throw this.signedOut(uri);
    const read = () => this.ctx.request(PathDocumentRequest, { componentId, pathId });
    let document: PathDocument;
    try {
      try {
        document = await read();
      } catch (err) {
        // The server may not have taken in the credentials yet: once its status says so, read again.
        if (serviceErrorData(err)?.kind !== 'signedOut') throw err;
        if (!(await this.ctx.whenStatus((s) => s.state !== 'signedOut', READY_PATIENCE_MS)))
          throw this.signedOut(uri);
        document = await read();
      }
    } catch (err) {
      if (err instanceof vscode.FileSystemError) throw err;
      this.ctx.log.error(`Reading path ${pathId} of ${componentId}`, err);
      if (serviceErrorData(err)?.kind === 'signedOut') throw this.signedOut(uri);
      throw vscode.FileSystemError.Unavailable(describeError(err));
    }
    return this.remember(uri, componentId, pathId, document);
  }

  /** The error for a path document opened while signed out; offers Sign In, then opens it again. */
  private signedOut(uri: vscode.Uri): vscode.FileSystemError {
    const signIn = vscode.l10n.t('Sign In');
    // stat and readFile both get here: one prompt per document.
    if (!this.signInOffered.has(uri.toString())) {
      this.signInOffered.add(uri.toString());
      void vscode.window
        .showWarningMessage(
          vscode.l10n.t('Sign in to Lineage Lens to open the path {0}.', uri.path.split('/').pop() ?? ''),
          signIn,
        )
        .then(async (choice) => {
          this.signInOffered.delete(uri.toString());
          if (choice !== signIn) return;
          if (await vscode.commands.executeCommand<boolean>(Commands.signIn))
            await vscode.commands.executeCommand('vscode.open', uri);
        });
    }
    return vscode.FileSystemError.Unavailable(
      vscode.l10n.t('Signed out of Lineage Lens: sign in to open this path (Lineage Lens: Sign In).'),
    );
  }

  private remember(uri: vscode.Uri, componentId: string, pathId: string, document: PathDocument): Entry {
    const previous = this.entries.get(uri.toString());
    const bytes = encoder.encode(document.text);
    // mtime must grow on every new content, or VS Code keeps showing the old text; and only then:
    // a newer mtime for the same text makes VS Code read an open document again when its editor is
    // shown (its stat and its read disagree), a read that can land after the user started typing.
    const mtime =
      previous && previous.document.text === document.text
        ? previous.mtime
        : Math.max(Date.now(), (previous?.mtime ?? 0) + 1);
    const entry: Entry = { componentId, pathId, document, bytes, mtime };
    this.entries.set(uri.toString(), entry);
    return entry;
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const entry = this.entries.get(uri.toString()) ?? (await this.load(uri));
    const text = new TextDecoder().decode(content);
    const saved = await savePathDocument(this.ctx, uri, {
      componentId: entry.componentId,
      pathId: entry.pathId,
      text,
      baseRevision: entry.document.revision,
    });
    // Saved: the service gave the path a new id; this URI now stands for it.
    if (saved.pathId !== entry.pathId) this.aliases.set(`${entry.componentId}/${entry.pathId}`, saved.pathId);
    const next = this.remember(uri, entry.componentId, saved.pathId, saved.document);
    this.ctx.fireDataChanged([entry.componentId]);
    if (saved.pathId === entry.pathId) return this.reloadAfterSave(uri, next);
    // The saved version opens under its own URI (read from here, not asked for again).
    // Under the same component folder as before (named documents keep their ids in the query).
    const folder = uri.query ? uri.path.split('/').slice(1, -1)[0] : undefined;
    const newUri = vscode.Uri.parse(
      pathDocumentUri(entry.componentId, saved.pathId, labelOfDocument(saved.document.text), folder),
    );
    this.remember(newUri, entry.componentId, saved.pathId, saved.document);
    this.afterSave(uri, () =>
      reopenUnderNewUri(uri, newUri).then(
        (moved) => moved || this.reload(uri, next),
        (err: unknown) =>
          this.ctx.log.warn(`Showing the saved path under ${newUri.toString()}: ${errorText(err)}`),
      ),
    );
  }

  /**
   * VS Code ignores file changes while it is still saving, so the editor is told to reload the
   * service's answer (normalised text) once its save has finished: a newer mtime and a change event
   * make it read the file again.
   */
  private reloadAfterSave(uri: vscode.Uri, next: Entry): void {
    this.afterSave(uri, () => this.reload(uri, next));
  }

  /** Runs `then` once VS Code has finished saving `uri` (one pending action per URI). */
  private afterSave(uri: vscode.Uri, then: () => unknown): void {
    const key = uri.toString();
    this.pendingReloads.get(key)?.dispose();
    const sub = vscode.workspace.onDidSaveTextDocument((doc) => {
      if (doc.uri.toString() !== key) return;
      sub.dispose();
      this.pendingReloads.delete(key);
      void then();
    });
    this.pendingReloads.set(key, sub);
  }

  private reload(uri: vscode.Uri, next: Entry): void {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    // Typed into since the save: a reload now would make the next save report a conflict.
    if (this.entries.get(uri.toString()) !== next || !doc || doc.isDirty || doc.getText() === saved(next))
      return;
    next.mtime = Math.max(Date.now(), next.mtime + 1);
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** Drops the cache of a URI so the next read asks the server again. */
  invalidate(uri: vscode.Uri): void {
    this.entries.delete(uri.toString());
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }
  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Paths are created by scans or the service.'));
  }
  delete(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Paths cannot be deleted from the editor.'));
  }
  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Paths cannot be renamed.'));
  }

  dispose(): void {
    disposeAll(this.pendingReloads.values());
    this.changed.dispose();
  }
}
