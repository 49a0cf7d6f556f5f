// The lineage-graph panel: one webview panel, restored after a reload (WebviewPanelSerializer). It asks
// the language server for the graph laid out (the server runs elkjs) and for field flows, and relays the
// renderer's choices to commands; every message from the webview is checked
// (common/src/graphMessages.ts) before it is acted on.
import { readFileSync } from 'node:fs';
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import {
  type FieldFlowResult,
  FieldFlowRequest,
  type GraphParams,
  type LaidOutGraph,
  type LaidOutGraphParams,
  LaidOutGraphRequest,
  parseFieldId,
} from '../../../common/src/protocol';
import {
  type FromWebview,
  type GraphViewState,
  type ToWebview,
  parseFromWebview,
  parseViewState,
} from '../../../common/src/graphMessages';
import type { LineageContext } from '../lineageContext';
import { errorText } from '../logging';
import type { GraphDirection } from '../../../common/src/graphLayout/wire';
import { GraphDirectionSchema } from '../../../common/src/graphSchemas';
import { Value } from '@sinclair/typebox/value';
import { graphHtml } from './graphHtml';

export const GRAPH_VIEW_TYPE = 'lineageLens.graph';
const DIRECTION_KEY = 'lineageLens.graphDirections';

/**
 * Where a new panel opens: beside an editor (it gets part of the editor area: usually narrow, laid out
 * top to bottom) or alone (the whole area: left to right).
 */
type Placement = 'beside' | 'alone';
type Directions = Record<Placement, GraphDirection>;
const GUESSED: Directions = { beside: 'DOWN', alone: 'RIGHT' };

function directionsOf(v: unknown): Directions {
  const d = { ...GUESSED };
  const kept = v as Partial<Record<Placement, unknown>> | undefined;
  for (const p of ['beside', 'alone'] as const) {
    const v = kept?.[p];
    if (Value.Check(GraphDirectionSchema, v)) d[p] = v;
  }
  return d;
}

/**
 * The state with other params (filters, depth, another centre): the selected field and component stay,
 * so field mode and the details follow the new drawing instead of silently ending.
 */
function withParams(state: GraphViewState, params: GraphParams): GraphViewState {
  return { ...state, params };
}

export interface RenderedEvent {
  nodes: number;
  edges: number;
  layoutMs: number;
  drawMs: number;
}

/** Where a panel opened now goes: beside the editors, or alone when none is open. */
const placementNow = (): Placement => (vscode.window.visibleTextEditors.length > 0 ? 'beside' : 'alone');

export class GraphPanels implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private state: GraphViewState | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly rendered = new vscode.EventEmitter<RenderedEvent>();
  /** Fires when the webview has drawn a graph (tests and logs use it). */
  readonly onDidRender = this.rendered.event;
  private readonly selected = new vscode.EventEmitter<FieldFlowResult>();
  readonly onDidHighlight = this.selected.event;
  /** The graph asked for as a panel opens, while its page and script load; used once it is ready. */
  private early: { params: GraphParams; direction: GraphDirection; graph: Promise<LaidOutGraph> } | undefined;
  /** Which way the page lays graphs out (it says so when it loads and when it is resized across). */
  private direction: GraphDirection = 'RIGHT';
  /**
   * Which way the last page opened beside an editor, and alone, laid out; kept across sessions, so the
   * graph asked for as a panel opens is laid out the way its page will want.
   */
  private directions: Directions;
  private placement: Placement = 'alone';

  constructor(private readonly ctx: LineageContext) {
    this.directions = directionsOf(ctx.extension.globalState.get(DIRECTION_KEY));
    this.disposables.push(
      this.rendered,
      this.selected,
      vscode.window.registerWebviewPanelSerializer(GRAPH_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, raw) => {
          const state = parseViewState(raw);
          if (!state) {
            panel.dispose();
            return;
          }
          this.adopt(panel, state);
        },
      }),
      ctx.onDidChangeData(() => {
        this.early = undefined; // asked for before the change
        void this.reload();
      }),
    );
  }

  get visible(): boolean {
    return this.panel !== undefined;
  }

  /**
   * What `show(params)` would ask the server for now: the panel's filters kept, in the direction of the
   * page that will draw it (the open panel's, else the last one of the placement it will open in).
   */
  laidOutParams(params: GraphParams): LaidOutGraphParams {
    const filters = params.filters ?? this.state?.params.filters;
    return {
      graph: { ...params, ...(filters ? { filters } : {}) },
      direction: this.panel ? this.direction : this.directions[placementNow()],
    };
  }

  /** Opens the panel (or brings it forward) centred on what it was opened from. */
  show(params: GraphParams, selectedField?: string): void {
    const asked = this.laidOutParams(params);
    const state: GraphViewState = { params: asked.graph };
    if (selectedField) state.selectedField = selectedField;
    // Opened again after its tab was closed: the component whose details it showed shows again, if it
    // is drawn (this.state outlives the panel; a reload restores it through the serializer).
    else if (this.state?.selectedComponent) state.selectedComponent = this.state.selectedComponent;
    if (this.panel) {
      this.state = state;
      // One graph panel, brought forward where it is: revealing it "beside" again would move it to
      // (or open) another editor group each time.
      this.panel.reveal(this.panel.viewColumn, false);
      void this.reload();
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      GRAPH_VIEW_TYPE,
      vscode.l10n.t('Lineage Graph'),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      this.options(),
    );
    this.adopt(panel, state);
    // Asked for now (and laid out by the server meanwhile), while the page and its script load, not
    // once the page says it is ready; in the direction the last page opened so had (the page says if
    // it wants the other).
    this.placement = placementNow();
    const direction = (this.direction = this.directions[this.placement]);
    const graph = this.ctx.request(LaidOutGraphRequest, { graph: state.params, direction });
    graph.catch(() => undefined); // reported when the page is ready and takes it
    this.early = { params: state.params, direction, graph };
  }

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'dist', 'webview')],
    };
  }

  private adopt(panel: vscode.WebviewPanel, state: GraphViewState): void {
    this.panel = panel;
    this.state = state;
    panel.iconPath = vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'media', 'lineage.svg');
    panel.webview.options = this.options();
    panel.webview.html = graphHtml(panel.webview, { source: this.script() });
    const subs = [
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        const m = parseFromWebview(raw);
        if (!m) return this.ctx.log.warn('Lineage graph: ignored a malformed message from the webview.');
        void this.onMessage(m).catch((err: unknown) => this.post({ type: 'error', message: errorText(err) }));
      }),
      panel.onDidDispose(() => {
        if (this.panel === panel) this.panel = undefined;
        for (const s of subs) s.dispose();
      }),
    ];
  }

  private source: string | undefined;
  /** The renderer bundle's text, read once (the page carries it inline). */
  private script(): string {
    this.source ??= readFileSync(
      vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'dist', 'webview', 'graph.js').fsPath,
      'utf8',
    );
    return this.source;
  }

  private setDirection(d: GraphDirection): void {
    this.direction = d;
    if (this.directions[this.placement] === d) return;
    this.directions = { ...this.directions, [this.placement]: d };
    void this.ctx.extension.globalState.update(DIRECTION_KEY, this.directions);
  }

  private post(m: ToWebview): void {
    void this.panel?.webview.postMessage(m);
  }

  private async reload(): Promise<void> {
    if (!this.panel || !this.state) return;
    const state = this.state;
    const direction = this.direction;
    const early = this.early;
    this.early = undefined;
    try {
      const { graph, layout } = await (early?.params === state.params && early.direction === direction
        ? early.graph
        : this.ctx.request(LaidOutGraphRequest, { graph: state.params, direction }));
      // A selection made meanwhile changes the state, not the graph asked for.
      if (this.state?.params === state.params) this.post({ type: 'graph', graph, layout, state: this.state });
    } catch (err) {
      // Asked for before another graph (its layout superseded): the newer one is drawn instead.
      if (this.state?.params !== state.params || this.direction !== direction) return;
      this.post({
        type: 'error',
        message: vscode.l10n.t('The lineage graph could not be loaded: {0}', errorText(err)),
      });
    }
  }

  private async onMessage(m: FromWebview): Promise<void> {
    const state = this.state;
    if (!state) return;
    switch (m.type) {
      case 'ready':
        // A page loaded (a new panel, or one shown again after being hidden): it has no graph yet.
        this.setDirection(m.direction);
        return this.reload();
      case 'direction':
        // The panel was made narrow (or wide again): the graph laid out the other way round.
        this.setDirection(m.direction);
        return this.reload();
      case 'rendered':
        this.ctx.log.info(
          `Lineage graph drawn: ${m.nodes} components, ${m.edges} edges (layout ${m.layoutMs} ms, draw ${m.drawMs} ms).`,
        );
        this.rendered.fire(m);
        return;
      case 'filters':
        this.state = withParams(state, { ...state.params, filters: m.filters });
        return this.reload();
      case 'expand': {
        // Expanding or collapsing overrides what the graph would choose (the focus and small scopes
        // are expanded by default).
        const expand = new Set(state.params.expand ?? []);
        const collapse = new Set(state.params.collapse ?? []);
        if (m.expanded) {
          expand.add(m.componentId);
          collapse.delete(m.componentId);
        } else {
          expand.delete(m.componentId);
          collapse.add(m.componentId);
        }
        this.state = { ...state, params: { ...state.params, expand: [...expand], collapse: [...collapse] } };
        return this.reload();
      }
      case 'focus':
        this.state = withParams(state, {
          ...state.params,
          focus: { kind: 'component', componentId: m.componentId },
        });
        return this.reload();
      case 'selectComponent': {
        const { selectedComponent: _, ...rest } = state;
        this.state = m.componentId ? { ...rest, selectedComponent: m.componentId } : rest;
        return;
      }
      case 'clearSelection':
        this.state = { params: state.params };
        return;
      case 'selectField': {
        // The details now show the field: no component is selected any more.
        const { selectedComponent: _, ...rest } = state;
        this.state = { ...rest, selectedField: m.field };
        const flow = await this.ctx.request(FieldFlowRequest, {
          field: m.field,
          ...(state.params.filters ? { filters: state.params.filters } : {}),
        });
        this.post({ type: 'flow', flow });
        this.selected.fire(flow);
        return;
      }
      case 'impact': {
        const field = parseFieldId(m.field);
        if (field) await vscode.commands.executeCommand(Commands.showImpact, { kind: 'field', field });
        return;
      }
      case 'open': {
        const ref = m.pathId ? { componentId: m.componentId, pathId: m.pathId } : undefined;
        if (m.action === 'reveal')
          await vscode.commands.executeCommand(Commands.revealComponent, { componentId: m.componentId });
        else if (m.action === 'source' && ref) await vscode.commands.executeCommand(Commands.goToAnchor, ref);
        else if (m.action === 'document' && ref) await vscode.commands.executeCommand(Commands.editPath, ref);
        return;
      }
      case 'exportSvg': {
        const target = await vscode.window.showSaveDialog({
          filters: { SVG: ['svg'] },
          defaultUri: vscode.Uri.joinPath(
            vscode.workspace.workspaceFolders?.[0]?.uri ?? this.ctx.extension.globalStorageUri,
            'lineage-graph.svg',
          ),
        });
        if (!target) return;
        await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(m.svg));
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Lineage graph saved to {0}.', target.fsPath),
        );
        return;
      }
    }
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
