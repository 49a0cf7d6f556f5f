// What the graph panel holds between drawings, and how it changes: the graph and its layout, the zoom
// and pan, what is selected (a field, whose flow is field mode, or a component, whose details are
// shown) and what is kept across a reload. Plain data and decisions, no DOM: the view (graphView.ts)
// carries them out.
import type { FieldFlowResult, GraphResult } from '../../common/src/protocol';
import type { GraphViewState } from '../../common/src/graphMessages';
import type { Box, Laid } from '../../common/src/graphLayout/layout';
import { keptView, openingBox, openingView, type Direction, type Size, type View } from './viewport';

/** What the panel saves with the host (a tab shown again, or a reload, draws it where it was). */
export interface SavedView extends GraphViewState {
  view: View;
  drawnKey: string | undefined;
}

/** What a new drawing asks of the view besides drawing it. */
export interface Redraw {
  view: View;
  /** The component whose details to show again, if any. */
  componentDetails?: string;
  /** The selected component is no longer drawn: forget it (and tell the extension). */
  componentGone: boolean;
  /** Clear the details pane (nothing selected any more). */
  clearDetails: boolean;
  /** The field whose flow to ask for again once drawn (field mode stays on across redraws). */
  requestFlow?: string;
}

/** The box a field, a boundary or a component is drawn in (a field: its boundary's). */
export function boxOf(l: Laid | undefined, id: string): Box | undefined {
  return l?.nodes.get(id) ?? l?.boundaries.get(id) ?? l?.boundaries.get(id.slice(0, id.indexOf('#')));
}

/** What the user looks at in a drawing: the selected field, else what the graph is centred on. */
export function anchorBox(
  l: Laid | undefined,
  g: GraphResult | undefined,
  s: GraphViewState | undefined,
): Box | undefined {
  const selected = s?.selectedField ? boxOf(l, s.selectedField) : undefined;
  if (selected) return selected;
  for (const id of g?.centre ?? []) {
    const box = boxOf(l, id);
    if (box) return box;
  }
  return l?.nodes.get(g?.nodes[0]?.id ?? '');
}

/**
 * What a first drawing opens on: the anchor, or for a component too large, the boundary where most of
 * its data comes in (its ingress with the most fields drawn; the topmost of equals), whatever order
 * the layout stacked its boundaries in.
 */
function openingAnchor(panel: Size, l: Laid, g: GraphResult, s: GraphViewState): Box | undefined {
  const box = anchorBox(l, g, s);
  const node = g.nodes.find((n) => l.nodes.get(n.id) === box);
  if (!box || !node) return box;
  const drawn = node.boundaries.filter((b) => l.boundaries.has(b.id));
  const ingress = drawn.filter((b) => b.roles.includes('ingress'));
  const most = Math.max(0, ...ingress.map((b) => b.fields.length));
  const candidates = ingress.length ? ingress.filter((b) => b.fields.length === most) : drawn;
  return openingBox(
    panel,
    box,
    candidates.map((b) => l.boundaries.get(b.id)!),
  );
}

export class GraphViewModel {
  graph: GraphResult | undefined;
  state: GraphViewState | undefined;
  laid: Laid | undefined;
  view: View = { x: 0, y: 0, scale: 1 };
  /** What the drawing shown is of (its focus and layout direction): a redrawing of the same keeps the view. */
  drawnKey: string | undefined;
  /** The component whose details are shown (its header clicked), for the e key. */
  selectedNode: string | undefined;
  /** The field whose flow was asked for last: a flow arriving after Escape (or for another field) is not shown. */
  flowField: string | undefined;
  /** The state the drawing shown was made with (what the user looked at in it). */
  private drawnState: GraphViewState | undefined;

  /** The zoom the user left, from what the host kept (the webview is made anew when its tab is shown again). */
  restore(saved: unknown): void {
    const s = saved as { view?: View; drawnKey?: unknown } | undefined;
    const v = s?.view;
    if (v && [v.x, v.y, v.scale].every(Number.isFinite) && v.scale > 0 && typeof s.drawnKey === 'string') {
      this.view = { x: v.x, y: v.y, scale: v.scale };
      this.drawnKey = s.drawnKey;
    }
  }

  /** What to save with the host, or nothing before the first graph. */
  saved(): SavedView | undefined {
    return this.state ? { ...this.state, view: this.view, drawnKey: this.drawnKey } : undefined;
  }

  /** A graph arrived: its state is the panel's from now on (the layout comes later, in `drawn`). */
  receive(s: GraphViewState): void {
    this.state = s;
  }

  /**
   * A graph laid out and about to be drawn. The same focus laid out the same way (a filter, the depth,
   * a component expanded, the tab shown again) keeps the user's zoom and what they looked at in place;
   * else a readable first view. The selection carries over: the field's flow is asked for again, the
   * component's details follow the drawing (gone with it, they go).
   */
  drawn(g: GraphResult, s: GraphViewState, l: Laid, panel: Size, direction: Direction): Redraw {
    const before = { laid: this.laid, graph: this.graph, state: this.drawnState };
    this.state = s;
    this.drawnState = s;
    const key = JSON.stringify([s.params.focus, direction]);
    this.view =
      key === this.drawnKey
        ? keptView(this.view, anchorBox(before.laid, before.graph, before.state ?? s), anchorBox(l, g, s))
        : openingView(panel, l, openingAnchor(panel, l, g, s));
    this.drawnKey = key;
    this.graph = g;
    this.laid = l;
    const out: Redraw = { view: this.view, componentGone: false, clearDetails: false };
    const selected = s.selectedComponent;
    if (selected) {
      if (g.nodes.some((x) => x.id === selected)) {
        out.componentDetails = selected;
        this.selectedNode = selected;
      } else {
        delete s.selectedComponent;
        out.componentGone = true;
      }
    }
    if (!s.selectedComponent && this.selectedNode) {
      this.selectedNode = undefined;
      out.clearDetails = true;
    }
    // No field selected in this state (the graph opened again from elsewhere): no field's details or
    // highlight left over from the last drawing.
    if (!s.selectedField && !s.selectedComponent) {
      this.flowField = undefined;
      out.clearDetails = true;
    }
    if (s.selectedField && g.nodes.length) out.requestFlow = this.requestFlow(s.selectedField);
    return out;
  }

  /** The field whose flow is asked for (a flow for another one is dropped when it comes). */
  requestFlow(id: string): string {
    this.flowField = id;
    return id;
  }

  /** A field chosen: remembered, and the details will show it (the component is forgotten). */
  selectField(id: string): boolean {
    if (!this.state) return false;
    this.state.selectedField = id;
    delete this.state.selectedComponent;
    this.requestFlow(id);
    return true;
  }

  /** A component's header clicked: its details, remembered (across reloads and a closed tab). */
  selectComponent(id: string): void {
    this.selectedNode = id;
    if (this.state) this.state.selectedComponent = id;
  }

  /** The field's details are shown (no component's). */
  showingField(): void {
    this.selectedNode = undefined;
  }

  /**
   * Escape: no highlight and no details. The component is forgotten (a closed and reopened tab shows no
   * details); the field stays remembered, so a reload or a refresh shows its flow again. True when a
   * remembered component was forgotten (the extension is told).
   */
  dismiss(): boolean {
    this.flowField = undefined;
    this.selectedNode = undefined;
    if (!this.state?.selectedComponent) return false;
    delete this.state.selectedComponent;
    return true;
  }

  /** Clear (in a field's details): nothing shown, nothing remembered as selected. */
  clear(): void {
    this.flowField = undefined;
    this.selectedNode = undefined;
    if (this.state) {
      delete this.state.selectedField;
      delete this.state.selectedComponent;
    }
  }

  /** Whether a flow that came is the one last asked for (else it is not shown). */
  wants(flow: FieldFlowResult): boolean {
    return flow.field === this.flowField;
  }

  /** Whether the component's details are to follow the flow's (none was selected after the field). */
  fieldDetailsShown(): boolean {
    return !this.state?.selectedComponent;
  }

  zoom(factor: number, about?: { x: number; y: number }): void {
    if (about) {
      this.view.x = about.x - (about.x - this.view.x) * factor;
      this.view.y = about.y - (about.y - this.view.y) * factor;
    }
    this.view.scale *= factor;
  }
}
