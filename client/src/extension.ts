// Entry point of the Lineage Lens extension. Everything it creates is owned by the LineageContext
// and disposed on deactivate; all data comes from the language server.
import * as vscode from 'vscode';
import * as l10n from '@vscode/l10n';
import { ImpactRequest, PATH_DOCUMENT_SCHEME } from '../../common/src/protocol';
import { registerComponentCommands } from './commands/componentCommands';
import { registerBaseDiff } from './changeImpact/baseDiff';
import { registerAnchorRepairCommands } from './commands/anchorRepairCommands';
import { registerConnectionCommands } from './commands/connectionCommands';
import { registerContractCommands } from './commands/contractCommands';
import { registerAssetCommands } from './commands/assetCommands';
import { registerServiceCommands } from './commands/serviceCommands';
import { registerCopyIdCommand } from './commands/copyId';
import { serviceUrl } from './config';
import { registerDemoService } from './demoService';
import { launchedServiceDatabase } from './launchedService';
import { LineageContext } from './lineageContext';
import { errorText } from './logging';
import { registerPathVersionDocuments } from './pathDocuments/versionDocuments';
import { registerReviewChanges } from './pathDocuments/reviewChanges';
import { PathFileSystem } from './pathDocuments/pathFileSystem';
import { registerRemoteDocuments } from './pathDocuments/remoteDocuments';
import { registerStatusBar } from './statusBar';
import { AssetsView } from './views/assetsView';
import { ComponentsView } from './views/componentsView';
import { ContractsView } from './views/contractsView';
import { ServiceView } from './views/serviceView';
import type { LineageLensApi } from './api';
import { GraphPanels } from './graph/graphPanel';
import { ImpactView } from './graph/impactView';
import { ChangeImpactView } from './changeImpact/changeImpactView';
import { registerGraphCommands } from './graph/graphCommands';
import { registerAgentTools } from './agentTools';

let current: LineageContext | undefined;

export async function activate(extension: vscode.ExtensionContext): Promise<LineageLensApi> {
  // Sentences worded in common/ (a failed service call) go through @vscode/l10n: give it our bundle.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const ctx = new LineageContext(extension);
  current = ctx;
  extension.subscriptions.push(ctx);
  ctx.log.info(
    `Lineage Lens ${String((extension.extension.packageJSON as { version?: unknown }).version)} activating (workspace trusted: ${vscode.workspace.isTrusted})`,
  );
  // The URL is no secret; whether it is known at activation explains a "signed out" after a reload.
  ctx.log.info(`Service URL at activation: ${serviceUrl() || '(not set yet)'}`);

  registerConnectionCommands(ctx);
  registerAgentTools(ctx);
  const demo = registerDemoService(ctx);
  // The database of the service this window runs, else of the one `npm start` runs at the configured URL.
  const statusBar = registerStatusBar(ctx, () => demo.database ?? launchedServiceDatabase(serviceUrl()));

  const fs = new PathFileSystem(ctx);
  ctx.push(
    fs,
    vscode.workspace.registerFileSystemProvider(PATH_DOCUMENT_SCHEME, fs, { isCaseSensitive: true }),
  );
  ctx.push(registerRemoteDocuments());
  registerPathVersionDocuments(ctx);
  registerReviewChanges(ctx, (u) => fs.resolve(u));

  const components = new ComponentsView(ctx);
  const contracts = new ContractsView(ctx);
  const assets = new AssetsView(ctx, (darn) => contracts.contractName(darn));
  const service = new ServiceView(ctx);
  ctx.push(components, contracts, assets, service);
  registerComponentCommands(ctx, components);
  registerAnchorRepairCommands(ctx);
  registerContractCommands(ctx, contracts);
  registerAssetCommands(ctx, assets);
  registerServiceCommands(ctx, service);
  registerCopyIdCommand(ctx);
  const graph = new GraphPanels(ctx);
  const impact = new ImpactView(
    (target) => ctx.request(ImpactRequest, { target }),
    [ctx.onDidChangeData, ctx.onDidChangeContractFiles, ctx.onDidChangeState],
    ctx.log,
    () => ctx.status,
    ctx.onDidSavePath,
  );
  ctx.push(graph, impact);
  registerGraphCommands(ctx, graph, impact, components);
  const changeImpact = new ChangeImpactView(ctx);
  ctx.push(changeImpact);
  registerBaseDiff(ctx);

  await ctx.pushCredentials(); // sets the signed-in context key before the views render
  const ready = ctx.startWhenNeeded().catch((err) => {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Lineage Lens: the language server did not start: {0}', errorText(err)),
    );
  });

  return {
    ready: ready.then(() => undefined),
    logUri: extension.logUri,
    trees: {
      components: components.provider,
      contracts: contracts.provider,
      assets: assets.provider,
      service: service.provider,
      impact: impact.provider,
      changeImpact: changeImpact.provider,
    },
    treeViews: { components: components.view, impact: impact.view, changeImpact: changeImpact.view },
    changeImpact: () => changeImpact.current,
    graph: {
      onDidRender: graph.onDidRender,
      onDidHighlight: graph.onDidHighlight,
      visible: () => graph.visible,
      impact: () => impact.result,
      onDidUpdateImpact: impact.onDidUpdate,
    },
    status: () => ctx.status,
    languageServer: { requested: () => ctx.serverRequested, started: ctx.whenServerStarted() },
    statusTooltip: statusBar.tooltip,
    statusText: statusBar.text,
    onDidChangeStatus: ctx.onDidChangeStatus,
    onDidChangeCredentials: ctx.onDidChangeCredentials,
    demoServiceUrl: () => demo.serviceUrl,
  };
}

export async function deactivate(): Promise<void> {
  const ctx = current;
  current = undefined;
  if (!ctx) return;
  await ctx.stop();
  ctx.dispose();
}
