// Read-only `lineage-remote:` documents: the service's current version of a path, shown in a diff
// against the user's unsaved edit when a save hits a conflict.
import * as vscode from 'vscode';
import { fileNameSegment } from '../../../common/src/untrustedText';

export const REMOTE_SCHEME = 'lineage-remote';

export class RemoteDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** Stores the text and returns the URI that shows it, named by the path's label (ids in the query). */
  put(componentId: string, pathId: string, text: string, label?: string): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: REMOTE_SCHEME,
      path: `/${fileNameSegment(`${label ?? pathId} (service)`, 100) || pathId}.lineage-path.json`,
      query: new URLSearchParams({ component: componentId, path: pathId }).toString(),
    });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}

let instance: RemoteDocuments | undefined;

export function registerRemoteDocuments(): vscode.Disposable {
  instance = new RemoteDocuments();
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(REMOTE_SCHEME, instance),
    instance,
  );
}

export function remoteDocuments(): RemoteDocuments {
  if (!instance) throw new Error('remote documents are not registered');
  return instance;
}
