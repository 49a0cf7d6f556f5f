// Lineage Lens language server. Started by an editor with `node dist/server/server.js --stdio`
// (see docs/language-server.md). Wires the LSP connection to the session, the anchor index and the
// features; every handler is wrapped so one failure never stops the server.
import {
  createConnection,
  DidChangeConfigurationNotification,
  CodeLensRefreshRequest,
  TextDocumentSyncKind,
  CodeActionKind,
  type InitializeParams,
  type InitializeResult,
  type WorkspaceFolder,
} from 'vscode-languageserver/node';
import { uriToFsPath } from './anchors';
import { createEditorAnchorIndex } from './anchors/editorIndex';
import type { WorkspaceFolderInfo } from './anchors/types';
import { HttpLineageApi } from './api/httpClient';
import * as P from '../../common/src/protocol';
import { Session } from './session/session';
import { normalizeSettings, SECTION } from './session/settings';
import { Documents } from './documents';
import { OnceLogger } from './util/log';
import { feature, notification, request } from './util/handlers';
import { sourceHover } from './features/hover';
import { codeLenses } from './features/codeLens';
import { pathDocumentDefinition, pathDocumentLinks, sourceDefinition } from './features/definitions';
import { workspaceSymbols } from './features/symbols';
import { anchorProblemDiagnostics, DiagnosticsHub } from './features/diagnosticsHub';
import { OpenPathDocuments, type PathDocumentUriOf } from './pathDocs/pathDocumentUris';
import { validatePathDocument } from './pathDocs/validate';
import { completePathDocument, hoverPathDocument } from './pathDocs/assist';
import { componentDetail, componentTree, pathDetail } from './requests/views';
import { pathDocument, savePath } from './requests/pathDocuments';
import { registerGraphRequests } from './requests/graph';
import { GraphService } from './graph/graphService';
import { isContractPath } from './graph/contractCatalog';
import { impactLenses } from './features/impactLens';
import { contractFileSummaries, OpenContracts } from './contracts/openContracts';
import { completeContract, contractCodeActions, contractSymbols, hoverContract } from './contracts/assist';
import {
  apiKeys,
  apiKeyValue,
  checkCompliance,
  registerObjectStore,
  requireString,
} from './requests/service';

const connection = createConnection();
const log = new OnceLogger({
  info: (m) => connection.console.info(m),
  warn: (m) => connection.console.warn(m),
  error: (m) => connection.console.error(m),
});
process.on('uncaughtException', (err) =>
  log.errorOnce(`Uncaught: ${err.stack ?? err.message}`, `uncaught:${err.message}`),
);
process.on('unhandledRejection', (err) =>
  log.errorOnce(`Unhandled rejection: ${(err as Error)?.stack ?? String(err)}`, `rejection:${String(err)}`),
);

const docs = new Documents();
const index = createEditorAnchorIndex(log);
const contracts = new OpenContracts(() => folders);
const hub = new DiagnosticsHub((uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }));

let clientCanPullConfig = false;
let clientCanRefreshLenses = false;
let clientSendsFolderChanges = false;
let initOptions: P.InitializationOptions = {};
let folders: WorkspaceFolder[] = [];

const session = new Session({
  index,
  log,
  createApi: (config) => new HttpLineageApi(config),
  events: {
    status: (s) => void connection.sendNotification(P.StatusNotification, s),
    dataChanged: (ids) => {
      graph.contracts.invalidate(); // a refresh also picks up contract files created on disk
      void connection.sendNotification(P.DataChangedNotification, { componentIds: ids });
      refreshLenses();
    },
    anchorsRebuilt: () => {
      publishAnchorProblems();
      refreshLenses();
    },
  },
});

const graph = new GraphService(session);

index.onDidChange((uris) => {
  for (const uri of uris) hub.set('anchors', uri, index.diagnosticsFor(uri));
});

/** Where the server sends the user for a path: the tab open for it, else a labelled URI. */
const openPathDocs = new OpenPathDocuments();
const pathDocUri: PathDocumentUriOf = (componentId, pathId) =>
  openPathDocs.uriOf(session.store, componentId, pathId);
function publishAnchorProblems(): void {
  hub.replaceAll('anchorProblems', anchorProblemDiagnostics(index.problems(), pathDocUri));
}

function refreshLenses(): void {
  if (clientCanRefreshLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
}

// ---- lifecycle and settings ---------------------------------------------------------------------

connection.onInitialize((params: InitializeParams): InitializeResult => {
  initOptions = (params.initializationOptions as P.InitializationOptions | undefined) ?? {};
  const external = initOptions.externalSchemaValidation;
  contracts.external = { json: external?.json === true, yaml: external?.yaml === true };
  clientCanPullConfig = params.capabilities.workspace?.configuration === true;
  clientCanRefreshLenses = params.capabilities.workspace?.codeLens?.refreshSupport === true;
  // vscode-languageserver throws on subscribing to folder changes the client never sends.
  clientSendsFolderChanges = params.capabilities.workspace?.workspaceFolders === true;
  folders = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: 'root' }] : []);
  return {
    capabilities: {
      hoverProvider: true,
      codeLensProvider: { resolveProvider: false },
      definitionProvider: true,
      documentLinkProvider: { resolveProvider: false },
      workspaceSymbolProvider: true,
      completionProvider: { triggerCharacters: ['"', ':', ' '] },
      documentSymbolProvider: true,
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
});

connection.onInitialized(
  notification(log, 'initialized', async () => {
    if (clientCanPullConfig) {
      void connection.client
        .register(DidChangeConfigurationNotification.type, { section: SECTION })
        .catch(() => undefined);
    }
    if (clientSendsFolderChanges) {
      connection.workspace.onDidChangeWorkspaceFolders(
        notification(log, 'workspaceFolders', async (e) => {
          folders = [...folders.filter((f) => !e.removed.some((r) => r.uri === f.uri)), ...e.added];
          await applySettings(undefined);
        }),
      );
    }
    // Settings failing (e.g. an unreadable folder) must not keep the session from signing in.
    await applySettings(undefined).catch((err: unknown) =>
      log.errorOnce(`Applying settings failed: ${(err as Error)?.message}`),
    );
    await session.setCredentials(credentialsOf(initOptions));
  }),
);

function credentialsOf(o: { serviceUrl?: unknown; apiKey?: unknown } | undefined): P.Credentials | undefined {
  if (!o || typeof o.serviceUrl !== 'string' || !o.serviceUrl) return undefined;
  return { serviceUrl: o.serviceUrl, apiKey: typeof o.apiKey === 'string' && o.apiKey ? o.apiKey : null };
}

/** Reads the settings (pulled per folder when the client supports it) and applies them. */
async function applySettings(pushed: unknown): Promise<void> {
  let global: unknown = pushed ?? initOptions.settings;
  let perFolder: unknown[] = [];
  if (clientCanPullConfig) {
    try {
      const items = [{ section: SECTION }, ...folders.map((f) => ({ scopeUri: f.uri, section: SECTION }))];
      const values = (await connection.workspace.getConfiguration(items)) as unknown[];
      global = { ...(initOptions.settings ?? {}), ...((values[0] as object | null) ?? {}) };
      perFolder = values.slice(1);
    } catch (err) {
      log.warnOnce(`Reading settings failed, using defaults: ${(err as Error).message}`);
    }
  }
  const settings = normalizeSettings(global);
  const infos: WorkspaceFolderInfo[] = [];
  folders.forEach((f, i) => {
    const fsPath = uriToFsPath(f.uri);
    if (!fsPath)
      return log.warnOnce(`Workspace folder ${f.uri} is not a local folder; anchors are not resolved in it.`);
    infos.push({ uri: f.uri, fsPath, projectRoot: normalizeSettings(perFolder[i], settings).projectRoot });
  });
  docs.folders = infos;
  const foldersChanged = JSON.stringify(infos) !== JSON.stringify(lastFolders);
  lastFolders = infos;
  await session.setSettings(settings);
  if (foldersChanged) {
    graph.setFolders(infos);
    await session.setFolders(infos);
  }
}
let lastFolders: WorkspaceFolderInfo[] | undefined;

connection.onDidChangeConfiguration(
  notification(log, 'didChangeConfiguration', async (p) => {
    const pushed = (p.settings as Record<string, unknown> | null)?.[SECTION];
    await applySettings(clientCanPullConfig ? undefined : pushed);
  }),
);

connection.onNotification(
  P.SetCredentialsNotification,
  notification(log, 'setCredentials', async (c: P.Credentials) => {
    await session.setCredentials(credentialsOf(c));
  }),
);

connection.onShutdown(async () => {
  await session.dispose();
});

// ---- documents -----------------------------------------------------------------------------------

function validateIfPathDocument(uri: string): void {
  if (!P.parsePathDocumentUri(uri)) return;
  const doc = docs.get(uri);
  hub.set('pathDocument', uri, doc ? validatePathDocument(doc.getText()) : []);
}

function validateIfContract(uri: string): void {
  hub.set('contractFile', uri, contracts.diagnostics(docs.get(uri)));
}

connection.onDidOpenTextDocument(
  notification(log, 'didOpen', (p) => {
    const { uri, languageId, version, text } = p.textDocument;
    docs.open(uri, languageId, version, text);
    if (uri.startsWith('file:')) index.openDocument(uri, text);
    validateIfPathDocument(uri);
    validateIfContract(uri);
    // Anchor problems of this path move onto the URI it was opened under.
    if (openPathDocs.opened(uri)) publishAnchorProblems();
  }),
);

connection.onDidChangeTextDocument(
  notification(log, 'didChange', (p) => {
    const { uri, version } = p.textDocument;
    const doc = docs.change(uri, version, p.contentChanges);
    if (!doc) return;
    if (uri.startsWith('file:')) index.changeDocument(uri, p.contentChanges, doc.getText());
    if (isContractPath(uri)) graph.contracts.invalidate();
    validateIfPathDocument(uri);
    validateIfContract(uri);
  }),
);

connection.onDidCloseTextDocument(
  notification(log, 'didClose', (p) => {
    const uri = p.textDocument.uri;
    docs.close(uri);
    contracts.close(uri);
    hub.set('contractFile', uri, []);
    if (uri.startsWith('file:')) index.closeDocument(uri);
    if (openPathDocs.closed(uri)) {
      hub.set('pathDocument', uri, []);
      publishAnchorProblems();
    }
  }),
);

// ---- editor features -------------------------------------------------------------------------------

connection.onHover(
  feature(log, 'hover', null, (p) => {
    const uri = p.textDocument.uri;
    const doc = docs.get(uri);
    if (P.parsePathDocumentUri(uri)) return doc ? hoverPathDocument(doc, p.position) : null;
    const contract = contracts.get(doc);
    if (contract) return hoverContract(contract, p.position);
    return sourceHover(session, uri, p.position, doc?.getText());
  }),
);

connection.onCodeLens(
  feature(log, 'codeLens', [], async (p) =>
    P.parsePathDocumentUri(p.textDocument.uri)
      ? []
      : [
          ...codeLenses(session, p.textDocument.uri),
          ...(await impactLenses(index, graph, p.textDocument.uri)),
        ],
  ),
);

connection.onDefinition(
  feature(log, 'definition', null, (p) => {
    const uri = p.textDocument.uri;
    if (P.parsePathDocumentUri(uri)) {
      const doc = docs.get(uri);
      return doc ? pathDocumentDefinition(session, doc, p.position) : null;
    }
    return sourceDefinition(session, uri, p.position, pathDocUri);
  }),
);

connection.onDocumentLinks(
  feature(log, 'documentLinks', [], (p) => {
    const doc = docs.get(p.textDocument.uri);
    return doc && P.parsePathDocumentUri(doc.uri) ? pathDocumentLinks(session, doc) : [];
  }),
);

connection.onWorkspaceSymbol(
  feature(log, 'workspaceSymbol', [], (p) => workspaceSymbols(session, p.query ?? '', pathDocUri)),
);

connection.onCompletion(
  feature(log, 'completion', [], (p) => {
    const ref = P.parsePathDocumentUri(p.textDocument.uri);
    const doc = docs.get(p.textDocument.uri);
    const contract = contracts.get(doc);
    if (contract) return completeContract(contract, p.position);
    if (!ref || !doc) return [];
    return completePathDocument(doc, p.position, session.store.findPath(ref.componentId, ref.pathId));
  }),
);

connection.onDocumentSymbol(
  feature(log, 'documentSymbol', [], (p) => {
    const contract = contracts.get(docs.get(p.textDocument.uri));
    return contract ? contractSymbols(contract) : [];
  }),
);

connection.onCodeAction(
  feature(log, 'codeAction', [], (p) => {
    const contract = contracts.get(docs.get(p.textDocument.uri));
    return contract ? contractCodeActions(contract, p.textDocument.uri, p.context.diagnostics) : [];
  }),
);

connection.onDidSaveTextDocument(
  notification(log, 'didSave', async (p) => {
    const uri = p.textDocument.uri;
    if (!session.settings.complianceOnSave || !session.signedIn) return;
    const contract = contracts.get(docs.get(uri));
    if (!contract || contracts.diagnostics(docs.get(uri)).some((d) => d.severity === 1)) return;
    try {
      const result = await checkCompliance(session, docs, uri, (u, d) => hub.set('compliance', u, d), {});
      void connection.sendNotification(P.ComplianceCheckedNotification, { uri, ...result });
    } catch (err) {
      log.warnOnce(`Compliance check on save of ${uri} failed: ${(err as Error).message}`, `save:${uri}`);
    }
  }),
);

// ---- custom protocol -----------------------------------------------------------------------------------

const refresh = request(log, 'refresh', () => session.refresh());
connection.onRequest(P.RefreshRequest, (token) => refresh(undefined, token));
const tree = request(log, 'componentTree', () => componentTree(session));
connection.onRequest(P.ComponentTreeRequest, (token) => tree(undefined, token));
connection.onRequest(
  P.ComponentDetailRequest,
  request(log, 'componentDetail', (p, o) => componentDetail(session, p, o)),
);
connection.onRequest(
  P.PathDetailRequest,
  request(log, 'pathDetail', (p, o) => pathDetail(session, p, o)),
);
connection.onRequest(
  P.PathDocumentRequest,
  request(log, 'pathDocument', (p, o) => pathDocument(session, p, o)),
);
connection.onRequest(
  P.SavePathRequest,
  request(log, 'savePath', (p, o) => savePath(session, log, p, o)),
);
connection.onRequest(
  P.VersionsRequest,
  request(log, 'versions', (p, o) =>
    session.api().getVersions(requireString(p?.componentId, 'componentId'), o),
  ),
);
connection.onRequest(
  P.ViolationStatusRequest,
  request(log, 'violationStatus', (p, o) =>
    session.api().getViolationStatus(requireString(p?.contractId, 'contractId'), o),
  ),
);
connection.onRequest(
  P.CheckComplianceRequest,
  request(log, 'checkCompliance', (p, o) =>
    checkCompliance(session, docs, p?.uri, (uri, d) => hub.set('compliance', uri, d), o),
  ),
);
connection.onRequest(
  P.ContractFilesRequest,
  request(log, 'contractFiles', (p) => contractFileSummaries(docs, p?.uris)),
);
connection.onRequest(
  P.DeleteContractRequest,
  request(log, 'deleteContract', (p, o) =>
    session.api().deleteContract(requireString(p?.contractId, 'contractId'), o),
  ),
);
connection.onRequest(
  P.UpdateSubscriptionRequest,
  request(log, 'updateSubscription', (p, o) =>
    session.api().updateSubscription(requireString(p?.contractId, 'contractId'), p.subscription ?? {}, o),
  ),
);
connection.onRequest(
  P.DataAssetsRequest,
  request(log, 'dataAssets', (p, o) =>
    session
      .api()
      .getDataAssets(Array.isArray(p?.darns) ? p.darns : [], { limit: p?.limit, offset: p?.offset }, o),
  ),
);
connection.onRequest(
  P.RegisterObjectStoreRequest,
  request(log, 'registerObjectStore', (p, o) => registerObjectStore(session, docs, p, o)),
);
const keys = request(log, 'apiKeys', (_p: undefined, o) => apiKeys(session, o));
connection.onRequest(P.ApiKeysRequest, (token) => keys(undefined, token));
connection.onRequest(
  P.ApiKeyValueRequest,
  request(log, 'apiKeyValue', (p, o) => apiKeyValue(session, p, o)),
);
connection.onRequest(
  P.DeleteWebhookRequest,
  request(log, 'deleteWebhook', (p, o) =>
    session.api().deleteWebhook(requireString(p?.webhookId, 'webhookId'), o),
  ),
);
connection.onRequest(
  P.EdgesRequest,
  request(log, 'edges', (p, o) => session.api().getEdges(p?.namespace || undefined, o)),
);
connection.onRequest(
  P.HistoryFiltersRequest,
  request(log, 'historyFilters', (p, o) => session.api().getHistoryFilters(p?.commitSha || undefined, o)),
);

registerGraphRequests(connection, log, graph, docs);

connection.listen();
