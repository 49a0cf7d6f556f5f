// Nodes of the Components view: namespace → component → paths → boundaries → fields (with applied
// and depends-on tags kept apart), and a DATA_STORE's schema fields.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { DERIVED_TAG_MARK, hopsBadge, hopsWords } from '../../../common/src/tagWords';
import {
  ComponentDetailRequest,
  type ComponentSummary,
  type PathView,
  type ResolvedAnchor,
  boundaryNodeId,
  type FieldRef,
} from '../../../common/src/protocol';
import { flattenSchema, type PathBoundary, type Projection } from '../../../common/src/api';
import type { LineageContext } from '../lineageContext';
import { markdownText } from '../../../common/src/untrustedText';
import { redact } from '../logging';
import { safeText } from '../serviceErrors';
import { errorNode, MessageNode, TreeNode } from './treeNode';
import {
  pathLabel,
  pathSidesOf,
  shortPathSides,
  shortSignature,
  type PathSides,
} from '../../../common/src/pathLabels';
import { count } from '../counts';
import { componentLabel, summaryLabel } from '../../../common/src/componentLabel';

/** Something that names one path, from a tree node or from a server link (PathRef). */
export interface PathTarget {
  componentId: string;
  pathId: string;
}

export class NamespaceNode extends TreeNode {
  constructor(
    readonly name: string,
    readonly components: ComponentNode[],
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      this.name || vscode.l10n.t('(no namespace)'),
      vscode.TreeItemCollapsibleState.Expanded,
    );
    item.id = `ns:${this.name}`;
    item.iconPath = new vscode.ThemeIcon('symbol-namespace');
    item.description = count(this.components.length, 'component');
    item.contextValue = 'namespace';
    return item;
  }
  override children(): TreeNode[] {
    return this.components;
  }
}

export class ComponentNode extends TreeNode {
  private loaded: Promise<TreeNode[]> | undefined;
  constructor(
    private readonly ctx: LineageContext,
    readonly summary: ComponentSummary,
    private readonly projection: () => Projection,
  ) {
    super();
  }
  get id(): string {
    return this.summary.id;
  }
  treeItem(): vscode.TreeItem {
    const s = this.summary;
    const item = new vscode.TreeItem(
      safeText(summaryLabel(s), 120),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = `component:${s.id}`;
    // "DATA_STORE · UNAPPROVED" was cut off at the default side-bar width: the icon tells the type
    // (database or class; the tooltip says it in words), the description the approval, in a word.
    item.description = s.approvalStatus ? approvalWord(s.approvalStatus) : '';
    item.iconPath = new vscode.ThemeIcon(
      s.error ? 'warning' : s.type === 'DATA_STORE' ? 'database' : 'symbol-class',
    );
    const tip = new vscode.MarkdownString();
    tip.appendMarkdown(`**${markdownText(redact(s.name), 200)}**  \n`);
    tip.appendText(
      `${typeWord(s.type)} · ${s.namespace}${s.approvalStatus ? ` · ${approvalWord(s.approvalStatus)}` : ''}\n`,
    );
    tip.appendText(`${count(s.pathCount, 'path')} · ${vscode.l10n.t('id {0}', s.id)}`);
    if (s.error) tip.appendText(`\n${safeText(s.error)}`);
    item.tooltip = tip;
    item.contextValue = `component.${s.type === 'DATA_STORE' ? 'dataStore' : 'code'}`;
    // The icon alone tells the type: a screen reader is told it in words.
    item.accessibilityInformation = {
      label: [
        safeText(summaryLabel(s), 120),
        typeWord(s.type),
        s.approvalStatus ? approvalWord(s.approvalStatus) : '',
        s.error ? vscode.l10n.t('could not be loaded') : '',
      ]
        .filter(Boolean)
        .join(', '),
    };
    return item;
  }
  override children(): Promise<TreeNode[]> {
    this.loaded ??= this.load();
    return this.loaded;
  }
  /** Forgets loaded children (after a save or a projection change). */
  reset(): void {
    this.loaded = undefined;
  }
  private async load(): Promise<TreeNode[]> {
    if (this.summary.error)
      return [
        new MessageNode(safeText(this.summary.error), 'warning', {
          command: Commands.showOutput,
          title: '',
        }),
      ];
    try {
      const detail = await this.ctx.request(ComponentDetailRequest, {
        componentId: this.summary.id,
        projection: this.projection(),
      });
      const c = detail.component;
      if (c.type === 'DATA_STORE') {
        // As the lineage knows them (tags through upstream services, a place in the graph), else the schema.
        const fields =
          detail.storeFields?.map((f) => new FieldNode(f.path, f.type, f.applied, f.dependsOn, f.ref)) ??
          (c.schema?.fields ?? []).map((f) => new FieldNode(f.name, f.type, [], []));
        // Its contracts first (what a store's owner checks), then its fields.
        const contracts = (detail.storeContracts ?? []).map(
          (k) => new StoreContractNode(vscode.Uri.parse(k.uri, true), k.name),
        );
        if (fields.length === 0) return [...contracts, new MessageNode(vscode.l10n.t('No schema fields'))];
        return [...contracts, ...fields];
      }
      if (detail.paths.length === 0) return [new MessageNode(vscode.l10n.t('No lineage paths'))];
      const short = shortPathSides(detail.paths.map((p) => pathSidesOf(p.path)));
      const name = componentLabel(c);
      return detail.paths.map((p, i) => new PathNode(p, short[i], name));
    } catch (err) {
      this.loaded = undefined; // try again next time the node expands
      return [errorNode(vscode.l10n.t('Could not load the component'), err)];
    }
  }
}

export class PathNode extends TreeNode implements PathTarget {
  /** The sides' short names ("createOrder", "insertOrder"): see pathLabels.ts; full signatures are in the tooltip. */
  readonly short: PathSides;
  constructor(
    readonly view: PathView,
    short?: PathSides,
    /** Its component's name (the path document's folder in the breadcrumb). */
    readonly componentName?: string,
  ) {
    super();
    this.short = short ?? shortPathSides([pathSidesOf(view.path)])[0]!;
  }
  get componentId(): string {
    return this.view.componentId;
  }
  get pathId(): string {
    return this.view.path.path_id ?? '';
  }
  get anchors(): ResolvedAnchor[] {
    return this.view.anchors;
  }
  treeItem(): vscode.TreeItem {
    const p = this.view.path;
    const item = new vscode.TreeItem(
      safeText(pathLabel(this.short), 160),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = `path:${this.componentId}/${this.pathId}`;
    const badges: string[] = [];
    if (p.path_type === 'USER_OVERRIDE') badges.push(vscode.l10n.t('override'));
    if (p.is_suppressed) badges.push(vscode.l10n.t('suppressed'));
    if (p.payload_name) badges.push(safeText(p.payload_name, 40));
    const kinds = [p.ingress.kind, p.egress.kind].filter(Boolean).map((k) => safeText(k, 30));
    if (kinds.length) badges.push(kinds.join(' → '));
    item.description = badges.join(' · ');
    item.iconPath = new vscode.ThemeIcon(
      p.is_suppressed ? 'circle-slash' : p.path_type === 'USER_OVERRIDE' ? 'edit' : 'arrow-swap',
      p.is_suppressed ? new vscode.ThemeColor('disabledForeground') : undefined,
    );
    const tip = new vscode.MarkdownString();
    tip.appendText(
      `${safeText(p.ingress.signature_name, 300)}\n→ ${safeText(p.egress.signature_name, 300)}\n`,
    );
    if (p.payload_name) tip.appendText(vscode.l10n.t('Payload: {0}', safeText(p.payload_name, 100)) + '\n');
    if (p.transformation_summary) tip.appendText(`\n${safeText(p.transformation_summary, 500)}\n`);
    tip.appendText(`\n${p.path_type ?? ''}${p.is_suppressed ? ' · suppressed' : ''} · ${this.pathId}`);
    item.tooltip = tip;
    item.contextValue = [
      'path',
      p.path_type === 'USER_OVERRIDE' ? 'override' : 'scan',
      this.anchors.length ? 'anchored' : '',
      this.anchors.some((a) => a.drifted) ? 'drifted' : '',
    ]
      .filter(Boolean)
      .join('.');
    return item;
  }
  override children(): TreeNode[] {
    const p = this.view.path;
    const nodes: TreeNode[] = [
      new BoundaryNode('ingress', p.ingress, this.short.ingress, this.componentId),
      new BoundaryNode('egress', p.egress, this.short.egress, this.componentId),
    ];
    const mappings = p.field_mappings ?? [];
    if (mappings.length) nodes.push(new MappingsNode(mappings));
    for (const a of this.anchors) nodes.push(new AnchorNode(a, this));
    return nodes;
  }
}

export class BoundaryNode extends TreeNode {
  constructor(
    private readonly side: 'ingress' | 'egress',
    private readonly boundary: PathBoundary,
    /** The side's short name as its path row shows it (the full signature is in the tooltip). */
    private readonly shortName = shortSignature(boundary.signature_name),
    private readonly componentId?: string,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const b = this.boundary;
    const item = new vscode.TreeItem(
      `${this.side === 'ingress' ? vscode.l10n.t('Ingress') : vscode.l10n.t('Egress')}: ${safeText(this.shortName, 100)}`,
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.description = [b.kind, b.payload_name]
      .filter(Boolean)
      .map((v) => safeText(v, 40))
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(this.side === 'ingress' ? 'arrow-right' : 'arrow-left');
    item.tooltip = safeText(`${b.signature_name}${b.description ? `\n${b.description}` : ''}`, 1000);
    item.contextValue = 'boundary';
    return item;
  }
  override children(): TreeNode[] {
    const b = this.boundary;
    const types = new Map(flattenSchema(b.schema).map((f) => [f.path, f.type]));
    const applied = new Map((b.field_tags ?? []).map((e) => [e.field_path, e.tags.map((t) => t.name)]));
    const dependsOn = new Map(
      (b.field_depends_on_tags ?? []).map((e) => [
        e.field_path,
        e.depends_on.map((t) => ({ name: t.name, hops: t.nearest_hops })),
      ]),
    );
    const paths = [...new Set([...types.keys(), ...applied.keys(), ...dependsOn.keys()])];
    if (paths.length === 0) return [new MessageNode(vscode.l10n.t('No fields in this boundary schema'))];
    const boundaryId = this.componentId ? boundaryNodeId(this.componentId, b) : undefined;
    return paths.map(
      (p) =>
        new FieldNode(
          p,
          types.get(p),
          applied.get(p) ?? [],
          dependsOn.get(p) ?? [],
          boundaryId ? { boundaryId, field: p } : undefined,
        ),
    );
  }
}

/** A contract file of the workspace on one of a data store's assets: a click opens it. */
export class StoreContractNode extends TreeNode {
  constructor(
    readonly uri: vscode.Uri,
    private readonly name: string,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(safeText(this.name, 120), vscode.TreeItemCollapsibleState.None);
    item.description = vscode.l10n.t('contract');
    item.tooltip = vscode.workspace.asRelativePath(this.uri);
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [this.uri] };
    item.contextValue = 'storeContract';
    return item;
  }
}

export class FieldNode extends TreeNode {
  constructor(
    private readonly path: string,
    private readonly type: string | undefined,
    private readonly applied: string[],
    private readonly dependsOn: { name: string; hops: number }[],
    /** The field in the lineage graph (Show Lineage Graph / Show Impact on it). */
    readonly ref?: FieldRef,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(safeText(this.path, 120), vscode.TreeItemCollapsibleState.None);
    const badges = [
      ...this.applied.map((t) => `● ${safeText(t, 30)}`),
      ...this.dependsOn.map((t) => `${DERIVED_TAG_MARK} ${safeText(t.name, 30)} (${hopsBadge(t.hops)})`),
    ];
    item.description = [this.type ? safeText(this.type, 30) : '', ...badges].filter(Boolean).join('  ');
    item.iconPath = new vscode.ThemeIcon(
      this.applied.length ? 'tag' : this.dependsOn.length ? 'references' : 'symbol-field',
    );
    const lines = [`${this.path}${this.type ? `: ${this.type}` : ''}`];
    if (this.applied.length) lines.push(vscode.l10n.t('● Tags applied: {0}', this.applied.join(', ')));
    if (this.dependsOn.length) {
      lines.push(
        vscode.l10n.t(
          '◌ Depends on, through lineage (not applied here): {0}',
          this.dependsOn.map((t) => `${t.name} ${hopsWords(t.hops)}`).join(', '),
        ),
      );
    }
    item.tooltip = safeText(lines.join('\n'), 1000);
    item.contextValue = this.applied.length ? 'field.tagged' : 'field';
    return item;
  }
}

class MappingsNode extends TreeNode {
  constructor(private readonly mappings: NonNullable<PathView['path']['field_mappings']>) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('Field mappings'),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.description = String(this.mappings.length);
    item.iconPath = new vscode.ThemeIcon('git-compare');
    return item;
  }
  override children(): TreeNode[] {
    return this.mappings.map(
      (m) =>
        new MessageNode(
          `${safeText(m.ingress_field, 80)} → ${safeText(m.egress_field, 80)}`,
          'arrow-small-right',
          undefined,
          safeText([m.kind ?? 'DataFlow', m.notes].filter(Boolean).join(' — ')),
        ),
    );
  }
}

export class AnchorNode extends TreeNode {
  constructor(
    readonly anchor: ResolvedAnchor,
    readonly path: PathNode,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const a = this.anchor;
    const item = new vscode.TreeItem(
      safeText(a.name || a.anchorId, 100),
      vscode.TreeItemCollapsibleState.None,
    );
    const where = a.location
      ? vscode.workspace.asRelativePath(vscode.Uri.parse(a.location.uri)) +
        `:${a.location.range.start.line + 1}`
      : '';
    item.description = [where, a.state === 'resolved' ? '' : a.state].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(a.location ? 'go-to-file' : 'warning');
    item.tooltip = safeText(a.problem ?? where, 500);
    item.command = {
      command: Commands.goToAnchor,
      title: vscode.l10n.t('Go to Anchor'),
      arguments: [this],
    };
    item.contextValue = a.drifted ? 'anchor.drifted' : 'anchor';
    return item;
  }
}

function typeWord(type: string): string {
  if (type === 'CODE') return vscode.l10n.t('code');
  if (type === 'DATA_STORE') return vscode.l10n.t('data store');
  return safeText(type, 20).toLowerCase();
}

function approvalWord(status: string): string {
  if (status === 'APPROVED') return vscode.l10n.t('approved');
  if (status === 'UNAPPROVED') return vscode.l10n.t('unapproved');
  return safeText(status, 20).replace(/_/g, ' ').toLowerCase();
}
