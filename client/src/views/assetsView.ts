// The Data assets view: the result of a DARN look-up (5), a page of up to 1,000 at a time with a
// "Load more" item while the service has more.
import { formatMoment } from '../../../common/src/moments';
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { DataAssetsRequest } from '../../../common/src/protocol';
import { DATA_ASSET_LIMIT_MAX, type DataAssetItem } from '../../../common/src/api';
import type { LineageContext } from '../lineageContext';
import { safeText } from '../serviceErrors';
import { errorNode, MessageNode, NodeTreeProvider, TreeNode, ValueNode } from './treeNode';
import { disposeAll } from '../disposeAll';

const QUERY_KEY = 'lineageLens.assetQuery';

export class AssetNode extends TreeNode {
  /** `contractName`: the name the workspace gives the contract of a DARN (see ContractsView). */
  constructor(
    readonly item: DataAssetItem,
    private readonly contractName: (darn: string) => string | undefined = () => undefined,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const i = this.item;
    const ok = i.status === 'success';
    const item = new vscode.TreeItem(
      safeText(i.darn, 200),
      ok ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.description = ok
      ? safeText(i.data?.type ?? '', 40)
      : safeText(`${i.status}${i.errorMessage ? `: ${i.errorMessage}` : ''}`, 200);
    item.iconPath = new vscode.ThemeIcon(ok ? 'database' : 'warning');
    item.contextValue = ok ? 'asset' : 'asset.missing';
    return item;
  }
  override children(): TreeNode[] {
    const d = this.item.data ?? {};
    const rows: [string, string | undefined][] = [
      [vscode.l10n.t('id'), d.id],
      [vscode.l10n.t('domain'), d.domain],
      [vscode.l10n.t('path'), d.path],
      [vscode.l10n.t('type'), d.type],
      // One date format everywhere ("2025-11-03 09:05 UTC"), not the service's ISO text.
      [vscode.l10n.t('updated'), d.updatedAt && formatMoment(d.updatedAt)],
    ];
    const nodes = rows.filter((r): r is [string, string] => !!r[1]).map(([k, v]) => new ValueNode(k, v));
    if (d.contractId) {
      // The contract by the name the workspace knows it by, its id in the tooltip.
      const name = this.contractName(this.item.darn);
      nodes.push(
        name
          ? new ValueNode(
              vscode.l10n.t('contract'),
              name,
              undefined,
              vscode.l10n.t('{0}\nContract id {1}', name, d.contractId),
            )
          : new ValueNode(vscode.l10n.t('contract'), d.contractId),
      );
    }
    return nodes;
  }
}

export class AssetsView implements vscode.Disposable {
  readonly provider: NodeTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  private darns: string[];
  private items: DataAssetItem[] = [];
  private total = 0;
  private loadError: unknown;
  /** Whether the query was asked in this session: a reload restores the query, not its answer. */
  private asked = false;
  /** Look-ups begun: only the latest one's answers are shown. */
  private generation = 0;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly ctx: LineageContext,
    private readonly contractName: (darn: string) => string | undefined = () => undefined,
  ) {
    this.darns = ctx.extension.workspaceState.get<string[]>(QUERY_KEY) ?? [];
    this.provider = new NodeTreeProvider(() => this.roots());
    this.view = vscode.window.createTreeView('lineageLens.assets', { treeDataProvider: this.provider });
    this.disposables.push(
      this.provider,
      this.view,
      // Assets read from the old service (or as the old user) are not this one's: ask again.
      ctx.onDidChangeCredentials(() => {
        if (this.darns.length) void this.lookUp(this.darns);
      }),
      // Connected (after the start, a sign-in, the service back): a look-up not yet asked, or one that
      // failed meanwhile, is asked again when the view shows it.
      ctx.onDidChangeState((state) => {
        if (state === 'connected' && this.darns.length && (!this.asked || this.loadError)) this.askAgain();
      }),
    );
  }

  get query(): string[] {
    return this.darns;
  }

  /** Looks up a new DARN list, first page. A newer look-up supersedes one still waiting for its answer. */
  async lookUp(darns: string[], token?: vscode.CancellationToken): Promise<void> {
    const generation = ++this.generation;
    this.darns = darns;
    await this.ctx.extension.workspaceState.update(QUERY_KEY, darns);
    if (generation !== this.generation) return;
    this.items = [];
    this.total = 0;
    await this.loadPage(generation, token);
  }

  /** Selects and expands the first asset of the result (after a look-up from a DARN link). */
  async revealFirst(): Promise<void> {
    const [first] = await this.provider.getChildren();
    if (first) await this.view.reveal(first, { select: true, focus: true, expand: true });
  }

  /** Appends the next page. */
  async loadMore(token?: vscode.CancellationToken): Promise<void> {
    await this.loadPage(this.generation, token);
  }

  /**
   * The page at the items' end, appended unless a newer look-up began meanwhile or another page
   * arrived first (two look-ups, or Load More clicked twice, would otherwise list assets twice).
   */
  private async loadPage(generation: number, token?: vscode.CancellationToken): Promise<void> {
    const offset = this.items.length;
    this.asked = true;
    try {
      const page = await this.ctx.request(
        DataAssetsRequest,
        { darns: this.darns, limit: DATA_ASSET_LIMIT_MAX, offset },
        token,
      );
      if (generation !== this.generation || offset !== this.items.length) return;
      this.loadError = undefined;
      this.items.push(...page.data);
      this.total = page.totalCount;
    } catch (err) {
      if (generation !== this.generation) return;
      this.loadError = err;
    }
    this.provider.refresh();
  }

  /** Forgets the answer; the view asks for the look-up again when it shows. */
  private askAgain(): void {
    this.generation++;
    this.items = [];
    this.total = 0;
    this.loadError = undefined;
    this.asked = false;
    this.provider.refresh();
  }

  private async roots(): Promise<TreeNode[]> {
    if (this.darns.length === 0) return []; // welcome content: look up DARNs
    // The query kept from an earlier session is asked once connected, when the view shows it (with
    // its progress meanwhile); never listed as "nothing found" nor failed for a connection not made yet.
    if (!this.asked) {
      if (this.ctx.status.state !== 'connected') return [this.waitingNode()];
      await this.loadPage(this.generation);
    }
    const nodes: TreeNode[] = this.items.map((i) => new AssetNode(i, this.contractName));
    if (this.loadError) nodes.push(errorNode(vscode.l10n.t('Could not load data assets'), this.loadError));
    else if (this.items.length === 0)
      nodes.push(
        new MessageNode(
          this.darns.length === 1
            ? vscode.l10n.t('No data asset found for {0}', safeText(this.darns[0], 200))
            : vscode.l10n.t('No data assets found for {0} DARNs', this.darns.length),
        ),
      );
    if (this.items.length < this.total && !this.loadError) {
      nodes.push(
        new MessageNode(
          vscode.l10n.t('Load more ({0} of {1} shown)', this.items.length, this.total),
          'ellipsis',
          { command: Commands.loadMoreDataAssets, title: vscode.l10n.t('Load More') },
        ),
      );
    }
    return nodes;
  }

  private waitingNode(): TreeNode {
    const what =
      this.darns.length === 1 ? safeText(this.darns[0], 200) : vscode.l10n.t('{0} DARNs', this.darns.length);
    return this.ctx.status.state === 'signedOut'
      ? new MessageNode(vscode.l10n.t('Sign in to look up {0}', what), 'sign-in', {
          command: Commands.signIn,
          title: vscode.l10n.t('Sign In'),
        })
      : new MessageNode(vscode.l10n.t('Looking up {0} once connected to the service…', what), 'loading~spin');
  }

  dispose(): void {
    disposeAll(this.disposables.splice(0));
  }
}
