// What the client said it can do (read once, at initialize), what the server offers in return, and the
// registrations that follow once initialized.
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DocumentFormattingRequest,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import * as P from '../../../common/src/protocol';
import { SECTION } from '../../../common/src/settings';

export interface ClientCapabilities {
  /** The client can be asked to refresh code lenses (`workspace/codeLens/refresh`). */
  refreshesLenses: boolean;
  /** vscode-languageserver throws on subscribing to folder changes the client never sends. */
  sendsFolderChanges: boolean;
  /**
   * Formatting is offered for path documents only: registered for them when the client allows it, else
   * for every document (and a no-op on the others).
   */
  registersFormatting: boolean;
  /** The client watches files for the server (`workspace/didChangeWatchedFiles`, registered dynamically). */
  watchesFiles: boolean;
}

export function clientCapabilities(params: Pick<InitializeParams, 'capabilities'>): ClientCapabilities {
  const c = params.capabilities;
  return {
    refreshesLenses: c.workspace?.codeLens?.refreshSupport === true,
    sendsFolderChanges: c.workspace?.workspaceFolders === true,
    registersFormatting: c.textDocument?.formatting?.dynamicRegistration === true,
    watchesFiles: c.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
  };
}

/** The server's answer to `initialize`. */
export function serverCapabilities(client: ClientCapabilities): InitializeResult {
  return {
    capabilities: {
      hoverProvider: true,
      codeLensProvider: { resolveProvider: false },
      definitionProvider: true,
      documentLinkProvider: { resolveProvider: false },
      workspaceSymbolProvider: true,
      completionProvider: { triggerCharacters: ['"', ':', ' '] },
      documentSymbolProvider: true,
      documentFormattingProvider: !client.registersFormatting,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      textDocumentSync: {
        openClose: true,
        change: TextDocumentSyncKind.Incremental,
        save: { includeText: false },
      },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'lineage-lens', version: '0.1.0' },
  };
}

/**
 * Once initialized: configuration changes of the `lineageLens` section (when the server pulls its
 * settings) and formatting for path documents (when the client registers it). A refusal is harmless.
 */
export function registerDynamicCapabilities(
  connection: Connection,
  client: ClientCapabilities,
  pullsConfiguration: boolean,
): void {
  if (pullsConfiguration) {
    void connection.client
      .register(DidChangeConfigurationNotification.type, { section: SECTION })
      .catch(() => undefined);
  }
  if (client.registersFormatting) {
    void connection.client
      .register(DocumentFormattingRequest.type, {
        documentSelector: [{ scheme: P.PATH_DOCUMENT_SCHEME, language: P.PATH_DOCUMENT_LANGUAGE }],
      })
      .catch(() => undefined);
  }
}
