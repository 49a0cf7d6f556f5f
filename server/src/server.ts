// Lineage Lens language server. Started by an editor with `node --max-semi-space-size=4
// --interrupt-budget=270336 dist/server/server.js --stdio` (see docs/language-server.md). Wires the LSP
// connection to the session, the anchor index and the features; every handler is wrapped so one
// failure never stops the server.
import { join } from 'node:path';
import {
  CodeLensRefreshRequest,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { createEditorAnchorIndex } from './anchors/editorIndex';
import { HttpLineageApi } from './api/httpClient';
import * as P from '../../common/src/protocol';
import { Session } from './session/session';
import { ClientSettings, credentialsOf } from './session/clientSettings';
import { Documents } from './workspace/documents';
import { OnceLogger } from './util/log';
import { checkedNotification, notification } from './api/handlers';
import { SymbolIndex } from './features/symbolIndex';
import { AnchorDriftChanges } from './features/anchorDriftChanges';
import { DiagnosticsHub } from './features/diagnosticsHub';
import { anchorProblemDiagnostics } from './features/anchorProblems';
import { OpenPathDocuments, type PathDocumentUriOf } from './pathDocs/pathDocumentUris';
import { registerCustomRequests } from './requests/customRequests';
import { ContractIdentities } from './features/contractIdentities';
import { registerEditorFeatures } from './requests/editorFeatures';
import { registerGraphRequests } from './requests/graph';
import { ChangeImpactLive } from './requests/changeImpact';
import { registerAgentTools } from './requests/agentTools';
import { GraphService } from './graph/graphService';
import { GraphLayouts } from './graph/graphLayouts';
import { LayoutStore } from './graph/layoutStore';
import { registerContractWatch } from './graph/contractWatch';
import { WatchedFiles } from './workspace/watchedFiles';
import { watchAnchoredFiles } from './features/anchorFilesWatch';
import { OpenContracts } from './contracts/openContracts';
import { DarnFeatures } from './features/darns';
import { storeTagLines } from './features/storeTags';
import { registerPassThrough } from './requests/passThrough';
import { registerDocumentEvents } from './documentEvents';
import { CredentialsInUse } from './session/credentialsInUse';
import { AnchorMoves } from './features/anchorMoves';
import {
  describeIdleScheduling,
  describeThreadPriority,
  yieldBackgroundThreads,
} from './util/threadPriority';
import { tuneCompiler } from './util/compilerFlags';
import { MemorySettle } from './util/memorySettle';
import { createServerConnection } from './util/serverConnection';
import { componentLabel } from '../../common/src/componentLabel';
import { clientCapabilities, registerDynamicCapabilities, serverCapabilities } from './session/capabilities';
import { GrammarWarmUp } from './session/grammarWarmUp';
import { DEFAULT_LIMITS } from './session/componentStore';
import { LensRefresh } from './features/lensRefresh';
import { ComplianceResults } from './features/complianceResults';
import { applyCredentials } from './features/signIn';
import { dataChanged } from './features/dataChanged';
import { describeNodeFlags } from '../../common/src/serverNodeFlags';

// First, while the only other threads are V8's: its compiler and GC helpers yield to the main thread,
// and its compile jobs stay short (both for the tail of request latency on few cores).
// Linux only; the idle scheduling runs beside the start-up, not before it.
const backgroundThreads = yieldBackgroundThreads();
const compilerFlags = tuneCompiler();

const connection = createServerConnection();
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

// Folders come from `initialize`; clientSettings is made below, before any request can ask.
const docs = new Documents(() => clientSettings.folderPaths);
const index = createEditorAnchorIndex(log, { placeInBackground: true });
const contracts = new OpenContracts(() => [...clientSettings.workspaceFolders]);
const hub = new DiagnosticsHub((uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }));
const credentials = new CredentialsInUse();
const lenses = new LensRefresh(() => connection.sendRequest(CodeLensRefreshRequest.type));
const refreshLenses = (): void => lenses.refresh();
// The last compliance check of each contract file: its diagnostics, and its lens's result.
const compliance = new ComplianceResults(hub, (uri) => docs.get(uri)?.version, refreshLenses);
const grammars = new GrammarWarmUp(index, log);

const symbolIndex = new SymbolIndex();
const session: Session = new Session({
  index,
  log,
  limits: { ...DEFAULT_LIMITS, arrived: (c) => grammars.componentArrived(c) },
  createApi: (config) => new HttpLineageApi(config),
  events: {
    status: (s) => void connection.sendNotification(P.StatusNotification, s),
    dataChanged: (ids) =>
      dataChanged(
        {
          log,
          invalidateContracts: () => {
            graph.contracts.invalidate();
            contractIds.clear();
          },
          notifyClient: (componentIds) =>
            void connection.sendNotification(P.DataChangedNotification, { componentIds }),
          refreshLenses,
          symbolIndex,
          components: () => session.store.all(),
        },
        ids,
      ),
  },
});
// The lineage part of a DARN's hover reads the graph made below (called on a hover, never before).
const darns = new DarnFeatures(session, (darn) => storeTagLines(darn, graph));
// Which contract file is which configured contract id (its data asset's contract, read once).
const contractIds = new ContractIdentities(session);
const signIn = { credentials, compliance, session };

const graph = new GraphService(session);
// The graph panel's layouts: elkjs in a child process, started on the first one and stopped when idle.
const graphLayouts = new GraphLayouts({ log: (m) => log.info(m) });
// After a load's index build or a model build, once the server is quiet: the peaks' garbage collected
// and its memory returned.
const memory = new MemorySettle({
  onSettled: (r) =>
    log.info(
      `Memory settled after the ${r.reason}: heap ${r.heapBeforeMb} → ${r.heapAfterMb} MB in a ${Math.round(r.pauseMs)} ms pause (resident ${r.rssBeforeMb} MB before).`,
    ),
});
graph.onDidBuildModel(() => memory.want('lineage model'));
const watched = new WatchedFiles(connection, log);
// A contract file created or changed on disk changes the lenses' contract counts and the Impact view's
// contracts at once.
const contractWatch = registerContractWatch(watched, graph.contracts, (paths) => {
  refreshLenses();
  void connection.sendNotification(P.ContractFilesChangedNotification, { paths });
});
// An anchored file changed, created or deleted on disk while closed: its anchors are placed again
// (the index then asks for lenses itself: an unprompted change).
const anchoredFiles = watchAnchoredFiles(watched, index, log, publishAnchorProblems);
// After every build (a load, folders, a commit or checkout, a file created or deleted): the anchors
// without a place are reported on their paths, the lenses refreshed, the watched names renewed.
index.onDidRebuild(() => {
  memory.want('index build');
  anchoredFiles.update();
  publishAnchorProblems();
  refreshLenses();
});

const clientSettings = new ClientSettings({
  log,
  getConfiguration: async (items) => (await connection.workspace.getConfiguration(items)) as unknown[],
  async apply(settings, changedFolders) {
    if (changedFolders) docs.folders = changedFolders;
    await session.setSettings(settings);
    if (changedFolders) {
      graph.setFolders(changedFolders);
      await session.setFolders(changedFolders);
    }
  },
});

const anchorMoves = new AnchorMoves({
  hub,
  index,
  driftChanges: new AnchorDriftChanges(index),
  driftChanged: (componentIds) =>
    void connection.sendNotification(P.AnchorDriftChangedNotification, { componentIds }),
  report: (err) =>
    log.errorOnce(`Comparing drifted anchors failed: ${(err as Error)?.message ?? String(err)}`),
});
index.onDidChange((uris, unprompted) => {
  void anchorMoves.moved(uris);
  // Moved without an edit (git's mapping renewed, a reload, a closed file read): the editor would not
  // ask for lenses again on its own.
  if (unprompted) refreshLenses();
});

/** Where the server sends the user for a path: the tab open for it, else a labelled URI. */
const openPathDocs = new OpenPathDocuments();
const pathDocUri: PathDocumentUriOf = (componentId, pathId) =>
  openPathDocs.uriOf(session.store, componentId, pathId);
function publishAnchorProblems(): void {
  hub.replaceAll('anchorProblems', anchorProblemDiagnostics(index.problems(), pathDocUri));
}

// ---- lifecycle and settings ---------------------------------------------------------------------

let client = clientCapabilities({ capabilities: {} });
connection.onInitialize((params: InitializeParams): InitializeResult => {
  clientSettings.initialize(params);
  const storage = clientSettings.storageDir;
  graphLayouts.engine.cacheDir = storage && join(storage, 'code-cache');
  graphLayouts.store = storage ? new LayoutStore(join(storage, 'layouts'), (m) => log.info(m)) : undefined;
  const external = clientSettings.initOptions.externalSchemaValidation;
  contracts.external = { json: external?.json === true, yaml: external?.yaml === true };
  client = clientCapabilities(params);
  lenses.supported = client.refreshesLenses;
  watched.enabled = client.watchesFiles;
  return serverCapabilities(client);
});

connection.onInitialized(
  notification(log, 'initialized', async () => {
    log.info(`Background threads: ${describeThreadPriority(backgroundThreads.priority)}`);
    // Not awaited: the chrt runs end when they end, and the rest of the start-up does not wait for them.
    void backgroundThreads.idle?.then((r) => log.info(`Background threads: ${describeIdleScheduling(r)}`));
    log.info(`V8 flags: ${compilerFlags.join(' ')}`);
    log.info(describeNodeFlags(process.execArgv));
    registerDynamicCapabilities(connection, client, clientSettings.canPull);
    contractWatch.watch();
    anchoredFiles.update();
    if (client.sendsFolderChanges) {
      connection.workspace.onDidChangeWorkspaceFolders(
        notification(log, 'workspaceFolders', (e) => clientSettings.foldersChanged(e)),
      );
    }
    // Settings failing (e.g. an unreadable folder) must not keep the session from signing in.
    await clientSettings
      .apply(undefined)
      .catch((err: unknown) => log.errorOnce(`Applying settings failed: ${(err as Error)?.message}`));
    await applyCredentials(signIn, credentialsOf(clientSettings.initOptions));
  }),
);

connection.onDidChangeConfiguration(
  notification(log, 'didChangeConfiguration', (p) => clientSettings.configurationChanged(p.settings)),
);

connection.onNotification(
  P.SetCredentialsNotification,
  checkedNotification(log, P.SetCredentialsNotification, (c) => applyCredentials(signIn, credentialsOf(c))),
);

connection.onShutdown(async () => {
  memory.dispose();
  anchorMoves.dispose();
  graphLayouts.dispose();
  index.dispose();
  await session.dispose();
});

// ---- documents -----------------------------------------------------------------------------------

const changeImpactLive = new ChangeImpactLive({
  connection,
  log,
  docs,
  index,
  store: session.store,
  graph,
  service: session,
  hub,
});
registerDocumentEvents(connection, {
  log,
  docs,
  index,
  contracts,
  hub,
  compliance,
  openPathDocs,
  graph,
  session,
  publishAnchorProblems,
  textChanged: (_uri, saved) => changeImpactLive.textChanged(saved),
});

// ---- editor features -------------------------------------------------------------------------------

registerEditorFeatures(connection, log, {
  session,
  docs,
  index,
  contracts,
  darns,
  graph,
  symbolIndex,
  pathDocUri,
  refreshLenses,
  compliance,
});

// ---- custom protocol -----------------------------------------------------------------------------------

registerCustomRequests(connection, log, { session, docs, compliance, contractIds, graph });
registerPassThrough(connection, log, () => session.api(), {
  componentName: (id) => {
    const c = session.store.get(id);
    return c ? componentLabel(c) : undefined;
  },
});
registerGraphRequests(connection, log, graph, docs, graphLayouts);
registerAgentTools(connection, log, {
  session,
  graph,
  docs,
  folders: () => docs.folders,
  apiKey: () => credentials.apiKey,
});

connection.listen();
