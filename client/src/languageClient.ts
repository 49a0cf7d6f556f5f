// Creates the LanguageClient for the Lineage Lens language server (dist/server/server.js, over IPC).
import * as vscode from 'vscode';
import {
  LanguageClient,
  RevealOutputChannelOn,
  DidChangeConfigurationNotification,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import {
  COMMANDS,
  PATH_DOCUMENT_LANGUAGE,
  PATH_DOCUMENT_SCHEME,
  type ExternalSchemaValidation,
  type InitializationOptions,
} from '../../common/src/protocol';
import { SERVER_NODE_FLAGS } from '../../common/src/serverNodeFlags';
import { lineageSettings, SECTION, workspaceSettings } from './config';
import { redactingChannel, type Log } from './logging';
import { hoverGraphLink } from './graph/hoverGraphLink';

export function createLanguageClient(
  extensionUri: vscode.Uri,
  log: Log,
  initializationOptions: () => InitializationOptions,
  /** A hover shown links to the lineage graph: its command argument (undefined: not readable). */
  onHoverGraphLink: (arg: unknown) => void,
): LanguageClient {
  const module = vscode.Uri.joinPath(extensionUri, 'dist', 'server', 'server.js').fsPath;
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS] } },
    debug: {
      module,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=127.0.0.1:6019'] },
    },
  };
  // Server output and traces go into the one log, through the redaction.
  const channel = redactingChannel(log);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file' },
      { scheme: PATH_DOCUMENT_SCHEME, language: PATH_DOCUMENT_LANGUAGE },
    ],
    initializationOptions: () => ({
      ...initializationOptions(),
      settings: lineageSettings(),
      externalSchemaValidation: externalSchemaValidation(),
    }),
    synchronize: { configurationSection: SECTION },
    // The workspace-wide settings are read with an explicit `null` scope (see workspaceSettings): the
    // client's own reads of the section have no scope, and VS Code warns for every resource-scoped key.
    middleware: {
      // A hover offering the lineage graph: the server lays it out (or readies its layout process)
      // ahead of a click.
      provideHover: async (document, position, token, next) => {
        const hover = await next(document, position, token);
        const link =
          hover && hoverGraphLink(hover.contents.map((c) => (typeof c === 'string' ? c : c.value)));
        if (link) onHoverGraphLink(link.arg);
        return hover;
      },
      workspace: {
        configuration: (params, token, next) =>
          params.items.every((i) => !i.scopeUri && i.section === SECTION)
            ? params.items.map(() => workspaceSettings())
            : next(params, token),
        didChangeConfiguration: async () => {
          // The server pulls the settings per folder on this (workspace/configuration).
          await client.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
        },
      },
    },
    outputChannel: channel,
    traceOutputChannel: channel,
    // The status bar and views report problems; don't pop the output on every server message.
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    // Hover links may run our own commands and nothing else; the server escapes service text, no HTML.
    markdown: { isTrusted: { enabledCommands: Object.values(COMMANDS) }, supportHtml: false },
  };
  const client = new LanguageClient(
    SECTION, // the id names the trace setting too: lineageLens.trace.server
    vscode.l10n.t('Lineage Lens Language Server'),
    serverOptions,
    clientOptions,
  );
  return client;
}

/**
 * Which extensions validate contract files with the schema this extension contributes (package.json
 * yamlValidation / jsonValidation): the server leaves those problems to them (no double squiggles).
 */
function externalSchemaValidation(): ExternalSchemaValidation {
  const json = vscode.extensions.getExtension('vscode.json-language-features') !== undefined;
  const yaml =
    vscode.extensions.getExtension('redhat.vscode-yaml') !== undefined &&
    vscode.workspace.getConfiguration('yaml').get<boolean>('validate', true) !== false;
  return { json, yaml };
}
