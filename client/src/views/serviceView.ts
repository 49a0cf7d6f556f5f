// The Service view: API keys (2, values masked), webhooks from the `lineageLens.webhooks` setting
// (deletable, 13), edges (12) and history filters (7) with an optional commit-SHA search.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import {
  ApiKeysRequest,
  ComponentTreeRequest,
  EdgesRequest,
  HistoryFiltersRequest,
} from '../../../common/src/protocol';
import type { ApiKeyRecord, Edge } from '../../../common/src/api';
import { lineageSettings, SECTION, webhookIds } from '../config';
import type { LineageContext } from '../lineageContext';
import { safeText } from '../serviceErrors';
import { historyFilterRows } from './historyFilterNodes';
import { errorNode, MessageNode, NodeTreeProvider, TreeNode } from './treeNode';
import { disposeAll } from '../disposeAll';

/**
 * Shows no more than the last four characters of a key, by which a user tells keys apart. The language
 * server sends values masked already ("••••" and the last four); a raw value is masked the same way.
 */
export function maskKey(value: string): string {
  const tail = value.startsWith('•')
    ? value.replace(/^•+/, '').slice(-4)
    : value.length > 8
      ? value.slice(-4)
      : '';
  return `••••••••${tail}`;
}

class GroupNode extends TreeNode {
  constructor(
    private readonly label: string,
    private readonly icon: string,
    private readonly contextValue: string,
    private readonly load: () => Promise<TreeNode[]>,
    private readonly description?: string,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = this.contextValue;
    item.description = this.description;
    item.id = `group:${this.contextValue}`;
    return item;
  }
  override children(): Promise<TreeNode[]> {
    return this.load();
  }
}

export class ApiKeyNode extends TreeNode {
  constructor(readonly record: ApiKeyRecord) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      safeText(this.record.name || this.record.id, 100),
      vscode.TreeItemCollapsibleState.None,
    );
    item.description = maskKey(this.record.value);
    item.tooltip = vscode.l10n.t(
      'Key id {0}. Use Copy API Key to copy its value.',
      safeText(this.record.id, 100),
    );
    item.iconPath = new vscode.ThemeIcon('key');
    item.contextValue = 'apiKey';
    // Read aloud, the mask is a run of "bullet"s: the words say what it is.
    const tail = maskKey(this.record.value).replace(/^•+/, '');
    item.accessibilityInformation = {
      label: tail
        ? vscode.l10n.t('API key {0}, ending in {1}', safeText(this.record.name || this.record.id, 100), tail)
        : vscode.l10n.t('API key {0}', safeText(this.record.name || this.record.id, 100)),
    };
    return item;
  }
}

export class WebhookNode extends TreeNode {
  constructor(readonly webhookId: string) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(safeText(this.webhookId, 100), vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('broadcast');
    item.contextValue = 'webhook';
    return item;
  }
}

export class EdgeNode extends TreeNode {
  /** `names`: display names of the components the server has loaded, by id. */
  constructor(
    readonly edge: Edge,
    private readonly names: Record<string, string> = {},
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const e = this.edge;
    // A component's name when it is loaded; its id (cut short) otherwise.
    const name = (id: string) => safeText(this.names[id] ?? id, 60);
    const item = new vscode.TreeItem(
      `${name(e.sourceComponentId)} → ${name(e.destinationComponentId)}`,
      vscode.TreeItemCollapsibleState.None,
    );
    item.description = safeText(e.namespace, 60);
    item.tooltip = [
      vscode.l10n.t('From {0} ({1})', name(e.sourceComponentId), safeText(e.sourceComponentId, 100)),
      vscode.l10n.t('To {0} ({1})', name(e.destinationComponentId), safeText(e.destinationComponentId, 100)),
      vscode.l10n.t('Edge {0}', safeText(e.id, 100)),
    ].join('\n');
    item.iconPath = new vscode.ThemeIcon('arrow-right');
    item.contextValue = 'edge';
    // The graph has only the components loaded here to draw.
    if (this.names[e.sourceComponentId] !== undefined) {
      item.tooltip += `\n${vscode.l10n.t('Click to show the lineage graph around {0}.', name(e.sourceComponentId))}`;
      item.command = {
        command: Commands.showGraph,
        title: '',
        arguments: [{ componentId: e.sourceComponentId }],
      };
    }
    return item;
  }
}

export class ServiceView implements vscode.Disposable {
  readonly provider: NodeTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  private commitSha: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: LineageContext) {
    this.provider = new NodeTreeProvider(async () => this.roots());
    this.view = vscode.window.createTreeView('lineageLens.service', { treeDataProvider: this.provider });
    this.disposables.push(
      this.provider,
      this.view,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.webhooks`) || e.affectsConfiguration(`${SECTION}.namespace`))
          this.provider.refresh();
      }),
      // Refresh (the view's title button among others) loads the data again: the lists follow.
      ctx.onDidChangeData(() => this.provider.refresh()),
      ctx.onDidChangeState(() => this.provider.refresh()),
    );
  }

  get historySearch(): string | undefined {
    return this.commitSha;
  }

  setHistorySearch(sha: string | undefined): void {
    this.commitSha = sha || undefined;
    this.provider.refresh();
  }

  private roots(): TreeNode[] {
    if (this.ctx.status.state === 'signedOut') return []; // welcome content: sign in
    const namespace = lineageSettings().namespace || undefined;
    return [
      new GroupNode(vscode.l10n.t('API keys'), 'key', 'apiKeys', () => this.apiKeys()),
      new GroupNode(vscode.l10n.t('Webhooks'), 'broadcast', 'webhooks', async () => {
        const ids = webhookIds();
        if (ids.length) return ids.map((id) => new WebhookNode(id));
        return [
          // Short enough for the side bar's default width; why ids are asked for is in the tooltip.
          new MessageNode(
            vscode.l10n.t('Add Webhook by ID…'),
            'add',
            { command: Commands.addWebhook, title: '' },
            vscode.l10n.t(
              'The service lists no webhooks: add the ids of those you manage (kept in the lineageLens.webhooks setting).',
            ),
          ),
        ];
      }),
      new GroupNode(
        vscode.l10n.t('Edges'),
        'type-hierarchy',
        'edges',
        () => this.edges(namespace),
        namespace,
      ),
      new GroupNode(
        vscode.l10n.t('History filters'),
        'filter',
        'historyFilters',
        () => this.historyFilters(),
        this.commitSha ? vscode.l10n.t('commit {0}…', this.commitSha) : undefined,
      ),
    ];
  }

  private async apiKeys(): Promise<TreeNode[]> {
    try {
      const keys = await this.ctx.request(ApiKeysRequest);
      return keys.length
        ? keys.map((k) => new ApiKeyNode(k))
        : [new MessageNode(vscode.l10n.t('No API keys'))];
    } catch (err) {
      return [errorNode(vscode.l10n.t('Could not list API keys'), err)];
    }
  }

  private async edges(namespace: string | undefined): Promise<TreeNode[]> {
    try {
      const { edges, names } = await this.ctx.request(EdgesRequest, { namespace });
      return edges.length
        ? edges.map((e) => new EdgeNode(e, names))
        : [new MessageNode(vscode.l10n.t('No edges'))];
    } catch (err) {
      return [errorNode(vscode.l10n.t('Could not list edges'), err)];
    }
  }

  private async historyFilters(): Promise<TreeNode[]> {
    try {
      const [f, tree] = await Promise.all([
        this.ctx.request(HistoryFiltersRequest, { commitSha: this.commitSha }),
        // Without the components, names are still listed, only not linked.
        this.ctx.request(ComponentTreeRequest).catch(() => ({ namespaces: [] })),
      ]);
      const rows = historyFilterRows(
        f,
        tree.namespaces.flatMap((n) => n.components),
      );
      const group = (label: string, key: keyof typeof rows): TreeNode =>
        new GroupNode(label, 'list-filter', `history.${key}`, async () => rows[key], String(f[key].length));
      const nodes: TreeNode[] = [
        group(vscode.l10n.t('Component names'), 'componentNames'),
        group(vscode.l10n.t('Branches'), 'branches'),
        group(vscode.l10n.t('Namespaces'), 'namespaces'),
        group(vscode.l10n.t('Job triggers'), 'jobTriggers'),
      ];
      if (this.commitSha) {
        nodes.unshift(
          // Short enough for the side bar's default width; what a click does is in the tooltip.
          new MessageNode(
            vscode.l10n.t('Commit {0}…', this.commitSha),
            'search',
            { command: Commands.searchHistory, title: '' },
            vscode.l10n.t(
              'Filters for commits starting {0}. Click to change the search; empty shows all.',
              this.commitSha,
            ),
          ),
        );
      }
      return nodes;
    } catch (err) {
      return [errorNode(vscode.l10n.t('Could not load history filters'), err)];
    }
  }

  dispose(): void {
    disposeAll(this.disposables.splice(0));
  }
}
