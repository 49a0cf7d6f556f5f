// Nodes of the Contracts view: a contract by id (by its file's name when a workspace file is that
// contract) → its violation state (6) → violations; a contract file → the violations of its last compliance check (10).
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { ViolationStatusRequest, type ContractFileSummary } from '../../../common/src/protocol';
import type { Violation } from '../../../common/src/api';
import type { LineageContext } from '../lineageContext';
import { safeText } from '../serviceErrors';
import { errorNode, MessageNode, TreeNode } from './treeNode';
import { count } from '../counts';
import { formatMoment } from '../../../common/src/moments';

/**
 * A contract configured by id. When a workspace file is that contract (it declares the id, or its data
 * asset's contract is it), the row reads the file's name, with the id beside it and the file in the
 * tooltip; else the id, saying that no file names it.
 */
export class ContractNode extends TreeNode {
  constructor(
    private readonly ctx: LineageContext,
    readonly contractId: string,
    readonly file?: ContractFileSummary,
    /** False when the workspace's files could not be asked about (the server not ready). */
    private readonly lookedUp = true,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const id = safeText(this.contractId, 100);
    const file = this.file ? vscode.Uri.parse(this.file.uri) : undefined;
    const item = new vscode.TreeItem(
      file ? contractRowLabel(file.path, this.file) : id,
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = `contract:${this.contractId}`;
    item.iconPath = new vscode.ThemeIcon('law');
    item.contextValue = 'contract';
    if (!file) {
      item.description = this.lookedUp
        ? vscode.l10n.t('contract id — no contract file in this workspace names it')
        : vscode.l10n.t('contract');
      item.tooltip = this.lookedUp
        ? [
            vscode.l10n.t('Contract {0}', id),
            vscode.l10n.t(
              'No contract file in this workspace declares this id, nor covers a data asset whose contract it is.',
            ),
          ].join('\n')
        : vscode.l10n.t('Contract {0}', id);
      return item;
    }
    const relative = vscode.workspace.asRelativePath(file);
    item.description = id;
    item.tooltip = [
      vscode.l10n.t('Contract {0}', id),
      this.file?.contractIdFrom === 'dataAsset'
        ? vscode.l10n.t('{0} (the contract of its data asset)', relative)
        : vscode.l10n.t('{0} (declares this id)', relative),
    ].join('\n');
    return item;
  }
  override async children(): Promise<TreeNode[]> {
    const open = this.file
      ? [
          new MessageNode(
            vscode.workspace.asRelativePath(vscode.Uri.parse(this.file.uri)),
            'file-code',
            {
              command: 'vscode.open',
              title: vscode.l10n.t('Open'),
              arguments: [vscode.Uri.parse(this.file.uri)],
            },
            vscode.l10n.t('Open the contract file'),
          ),
        ]
      : [];
    try {
      const status = await this.ctx.request(ViolationStatusRequest, { contractId: this.contractId });
      return [new ViolationStateNode(status.violation_state, status.checkedAt, status.violations), ...open];
    } catch (err) {
      return [errorNode(vscode.l10n.t('Violation status unavailable'), err), ...open];
    }
  }
}

export class ViolationStateNode extends TreeNode {
  constructor(
    private readonly state: string,
    private readonly checkedAt: string | undefined,
    private readonly violations: Violation[],
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const compliant = this.violations.length === 0;
    const item = new vscode.TreeItem(
      safeText(this.state, 60),
      compliant ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded,
    );
    item.iconPath = new vscode.ThemeIcon(
      compliant ? 'pass' : 'error',
      new vscode.ThemeColor(compliant ? 'testing.iconPassed' : 'problemsErrorIcon.foreground'),
    );
    const when = this.checkedAt ? vscode.l10n.t('checked {0}', formatMoment(this.checkedAt)) : '';
    item.description = [count(this.violations.length, 'violation'), when].filter(Boolean).join(' · ');
    item.contextValue = 'violationState';
    return item;
  }
  override children(): TreeNode[] {
    return this.violations.map((v) => new ViolationNode(v));
  }
}

export class ViolationNode extends TreeNode {
  constructor(readonly violation: Violation) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const v = this.violation;
    const item = new vscode.TreeItem(
      safeText(v.field ?? v.violationType ?? vscode.l10n.t('violation'), 100),
      vscode.TreeItemCollapsibleState.None,
    );
    item.description = safeText([v.violationType, v.message].filter(Boolean).join(': '), 200);
    const detail = [
      v.message,
      v.expected ? vscode.l10n.t('expected {0}', v.expected) : '',
      v.actual ? vscode.l10n.t('actual {0}', v.actual) : '',
    ]
      .filter(Boolean)
      .join('\n');
    item.tooltip = safeText(detail, 1000);
    item.iconPath = new vscode.ThemeIcon('warning');
    item.contextValue = 'violation';
    return item;
  }
}

export interface ComplianceResult {
  darn: string;
  violations: Violation[];
  checkedAt: string;
}

/** The file name without a `.contract.yaml|yml|json` ending (the side bar is narrow; the path is in the tooltip). */
export function contractFileLabel(uriPath: string): string {
  const base = uriPath.slice(uriPath.lastIndexOf('/') + 1);
  return base.replace(/\.contract\.(ya?ml|json)$/i, '') || base;
}

/** A contract file's row label: its name, else the name of the data store it covers, else the file name. */
export function contractRowLabel(uriPath: string, summary?: { name?: string; assetName?: string }): string {
  if (summary?.name) return safeText(summary.name, 100);
  if (summary?.assetName) return safeText(summary.assetName, 100);
  return contractFileLabel(uriPath);
}

export class ContractFileNode extends TreeNode {
  constructor(
    readonly uri: vscode.Uri,
    private readonly result: ComplianceResult | undefined,
    private readonly summary?: ContractFileSummary,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.uri, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `contractFile:${this.uri.toString()}`;
    // Every row by a name, not the workspace path (a long path hid the "N violations" description) nor
    // a bare file name beside named contracts: the contract's name (file form), else the name of the
    // data store it covers ("Orders table", short enough for the count beside it), else the file name.
    const relative = vscode.workspace.asRelativePath(this.uri);
    item.label = contractRowLabel(this.uri.path, this.summary);
    const darn = this.result?.darn ?? this.summary?.darn;
    item.tooltip = darn ? `${relative}\n${safeText(darn, 200)}` : relative;
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.description = this.result
      ? this.result.violations.length
        ? count(this.result.violations.length, 'violation')
        : vscode.l10n.t('compliant')
      : vscode.l10n.t('not checked');
    item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [this.uri] };
    item.contextValue = 'contractFile';
    return item;
  }
  override children(): TreeNode[] {
    if (!this.result) {
      return [
        new MessageNode(vscode.l10n.t('Run Check Compliance to see violations'), 'check-all', {
          command: Commands.checkCompliance,
          title: vscode.l10n.t('Check Compliance'),
          arguments: [this.uri],
        }),
      ];
    }
    return [
      new MessageNode(safeText(this.result.darn, 200), 'database'),
      new ViolationStateNode(
        this.result.violations.length ? 'violation' : 'compliant',
        this.result.checkedAt,
        this.result.violations,
      ),
    ];
  }
}
