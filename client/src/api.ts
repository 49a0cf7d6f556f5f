// What `activate` returns: read-only handles for tests and other extensions. It holds no credentials.
import type * as vscode from 'vscode';
import type {
  ChangeImpactResult,
  FieldFlowResult,
  ImpactResult,
  ServiceStatus,
} from '../../common/src/protocol';
import type { RenderedEvent } from './graph/graphPanel';
import type { NodeTreeProvider, TreeNode } from './views/treeNode';

export interface LineageLensApi {
  /** Settles when the language server has started (or failed to). */
  ready: Promise<void>;
  /** Folder of the extension's log files (the "Lineage Lens" log is in it). */
  logUri: vscode.Uri;
  trees: {
    components: NodeTreeProvider;
    contracts: NodeTreeProvider;
    assets: NodeTreeProvider;
    service: NodeTreeProvider;
    impact: NodeTreeProvider;
    changeImpact: NodeTreeProvider;
  };
  /** The tree views of those providers (selection and visibility, e.g. after Reveal Path). */
  treeViews: {
    components: vscode.TreeView<TreeNode>;
    impact: vscode.TreeView<TreeNode>;
    changeImpact: vscode.TreeView<TreeNode>;
  };
  /** The Change Impact view's last answer from the server. */
  changeImpact(): ChangeImpactResult | undefined;
  /** The lineage graph panel: when it has drawn, what a field selection highlighted, the Impact view's data. */
  graph: {
    onDidRender: vscode.Event<RenderedEvent>;
    onDidHighlight: vscode.Event<FieldFlowResult>;
    visible(): boolean;
    impact(): ImpactResult | undefined;
    /** The Impact view asked for its field or path again (undefined: it is no longer in the lineage). */
    onDidUpdateImpact: vscode.Event<ImpactResult | undefined>;
  };
  status(): ServiceStatus;
  /** The language server: whether it was asked to start, and when it first has. */
  languageServer: { requested(): boolean; started: Promise<void> };
  /** The status bar item's tooltip (service URL, a local service's database file, …). */
  statusTooltip(): string;
  /** The status bar item's text (e.g. "$(warning) Lineage: incomplete"). */
  statusText(): string;
  onDidChangeStatus: vscode.Event<ServiceStatus>;
  /** The service URL or key changed, told once the language server has the new ones. */
  onDidChangeCredentials: vscode.Event<unknown>;
  /** URL of the local demo service started by this window, if running. */
  demoServiceUrl(): string | undefined;
}
