// Open documents (incremental sync) and reading workspace files the client names by URI. A file that
// is not open is read from disk only when it lies inside a workspace folder (after resolving links).
import { realpath } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { WorkspaceFolderInfo } from './folders';
import { isInside } from './folders';
import { UserInputError } from '../api/serviceErrors';
import { NotRegularFileError, readRegularFile } from './regularFiles';

export class Documents {
  private readonly docs = new Map<string, TextDocument>();
  /** The folders with their settings (project roots), once the settings were read. */
  folders: WorkspaceFolderInfo[] = [];

  /**
   * `roots`: the workspace folders' paths as the client named them, known from `initialize` on, so a
   * file asked for before the settings were first read is judged against them, not against no folder.
   */
  constructor(private readonly roots: () => readonly string[]) {}

  get(uri: string): TextDocument | undefined {
    return this.docs.get(uri);
  }

  /** Every open document. */
  all(): TextDocument[] {
    return [...this.docs.values()];
  }

  open(uri: string, languageId: string, version: number, text: string): TextDocument {
    const doc = TextDocument.create(uri, languageId, version, text);
    this.docs.set(uri, doc);
    return doc;
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): TextDocument | undefined {
    const doc = this.docs.get(uri);
    if (!doc) return undefined;
    return TextDocument.update(doc, changes, version);
  }

  close(uri: string): void {
    this.docs.delete(uri);
  }

  /** Text of an open document, else of a file inside the workspace folders. */
  async readText(uri: string): Promise<string> {
    const open = this.docs.get(uri);
    if (open) return open.getText();
    if (!uri.startsWith('file:')) throw new UserInputError(`Only files can be read (${uri.slice(0, 100)}).`);
    const file = await realpath(fileURLToPath(uri)).catch(() => undefined);
    if (!file) throw new UserInputError('The file does not exist.');
    if (!(await this.insideWorkspace(file)))
      throw new UserInputError('The file is outside the workspace folders, so it is not read.');
    const text = await readRegularFile(file).catch((err: unknown) => {
      throw new UserInputError(
        err instanceof NotRegularFileError
          ? 'The file is not a regular file (a pipe, socket or device), so it is not read.'
          : `The file could not be read: ${(err as Error).message}`,
      );
    });
    if (text === undefined) throw new UserInputError('The file is too large.');
    return text;
  }

  private async insideWorkspace(file: string): Promise<boolean> {
    for (const fsPath of this.roots()) {
      const root = await realpath(fsPath).catch(() => undefined);
      if (root && (file === root || isInside(root, file))) return true;
    }
    return false;
  }
}
