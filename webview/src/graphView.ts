// The graph panel put together: the filters bar, the drawing with its zoom and pan, the overview, the
// selection (field mode and a component's details), the keyboard, and the messages with the
// extension. It wires the pieces (state, draw, details, messages) to the page; the host is passed in.
import type {
  FieldFlowResult,
  GraphFilters,
  GraphNode,
  GraphResult,
  MappingKind,
} from '../../common/src/protocol';
import { FIELD_MAPPING_KINDS } from '../../common/src/api/paths';
import { counted } from '../../common/src/countWords';
import type { FromWebview, GraphViewState } from '../../common/src/graphMessages';
import { type GraphDirection, type GraphLayout, layoutFromWire } from '../../common/src/graphLayout/wire';
import type { Laid } from '../../common/src/graphLayout/layout';
import { flowBeyondDepth, graphCaption } from './caption';
import { centredOn, directionFor, fitView, markerSize, partlyHidden, visibleArea } from './viewport';
import { GraphViewModel } from './state';
import { drawGraph, drawOverview } from './draw';
import { fitRowLabels } from './fitLabels';
import { bundleDetails, componentDetails, fieldDetails } from './details';
import { exportable } from './exportSvg';
import { nearestInDirection } from './keyboard';
import { GraphChannel, type WebviewHost } from './messages';

const KINDS: readonly MappingKind[] = FIELD_MAPPING_KINDS;
/** What the page posts that makes the extension send a graph. */
const ASKS_FOR_A_GRAPH: ReadonlySet<FromWebview['type']> = new Set([
  'filters',
  'expand',
  'focus',
  'direction',
]);
/** How long a graph asked for may take before the progress bar shows (none flickers for a quick one). */
const SHOW_WAIT_AFTER_MS = 150;

/** Field ids start with the boundary id, which names the component (`b:<id>:…` or `s:<id>`). */
function componentOfField(id: string): string | undefined {
  const m = /^[bs]:([^:#]+)/.exec(id);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

/**
 * Marks on the page's timeline (script started, a graph received, laid out, drawn): the benchmarks read
 * them to tell panel creation, the request, the layout and the drawing apart.
 */
function mark(name: 'start' | 'graph' | 'laid' | 'drawn'): void {
  globalThis.performance?.mark?.(`lineage:${name}`);
}

export function startGraphView(doc: Document, win: Window, host: WebviewHost): void {
  mark('start');
  const model = new GraphViewModel();
  const channel = new GraphChannel(host, {
    graph: (g, s, laid) => show(g, s, laid),
    flow: (f) => showFlow(f),
    error: (message) => {
      graphCame();
      progress.hidden = true;
      delete doc.body.dataset.busy;
      status.textContent = message;
    },
  });
  const post = (m: FromWebview) => {
    if (ASKS_FOR_A_GRAPH.has(m.type)) awaitGraph();
    void channel.post(m);
  };
  const save = () => {
    const s = model.saved();
    if (s) channel.save(s);
  };
  model.restore(channel.saved());

  const $ = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;
  const canvas = $<HTMLDivElement>('canvas');
  const status = $<HTMLDivElement>('status');
  const details = $<HTMLDivElement>('details');
  const overview = $<HTMLDivElement>('overview');
  const progress = $<HTMLDivElement>('progress');

  // ---- waiting for a graph -------------------------------------------------------------------------

  function busy(text: string): void {
    status.textContent = text;
    progress.hidden = false;
    doc.body.dataset.busy = 'true';
  }

  let awaiting: number | undefined;
  /**
   * A graph asked for (a filter, expand, another centre): the progress bar shows if it is a moment
   * coming (the server may be building its model), and not for one that comes at once.
   */
  function awaitGraph(): void {
    win.clearTimeout(awaiting);
    awaiting = win.setTimeout(() => {
      awaiting = undefined;
      busy('Loading the lineage graph…');
    }, SHOW_WAIT_AFTER_MS);
  }
  function graphCame(): void {
    win.clearTimeout(awaiting);
    awaiting = undefined;
  }

  // ---- filters ---------------------------------------------------------------------------------------

  const nsSelect = $<HTMLSelectElement>('namespace');
  const tagSelect = $<HTMLSelectElement>('tag');
  const depthUp = $<HTMLInputElement>('depthUp');
  const depthDown = $<HTMLInputElement>('depthDown');
  const kindBoxes = KINDS.map((k) => $<HTMLInputElement>(`kind-${k}`));

  function fillSelect(select: HTMLSelectElement, values: string[], current: string | undefined, all: string) {
    select.replaceChildren();
    const none = doc.createElement('option');
    none.value = '';
    none.textContent = all;
    select.append(none);
    for (const v of values) {
      const o = doc.createElement('option');
      o.value = v;
      o.textContent = v || '(no namespace)';
      select.append(o);
    }
    select.value = current ?? '';
  }

  function filtersFromUi(): GraphFilters {
    const f: GraphFilters = {
      depthUp: Math.max(0, Math.min(6, Number(depthUp.value) || 0)),
      depthDown: Math.max(0, Math.min(6, Number(depthDown.value) || 0)),
    };
    if (nsSelect.value) f.namespaces = [nsSelect.value];
    if (tagSelect.value) f.tag = tagSelect.value;
    const kinds = KINDS.filter((_, i) => kindBoxes[i]!.checked);
    if (kinds.length < KINDS.length) f.kinds = kinds;
    return f;
  }

  for (const input of [nsSelect, tagSelect, depthUp, depthDown, ...kindBoxes])
    input.addEventListener('change', () => post({ type: 'filters', filters: filtersFromUi() }));

  $('export').addEventListener('click', () => {
    const svg = canvas.querySelector('svg');
    if (!svg) return;
    const { graph, state, laid } = model;
    const caption = graph && state ? graphCaption(graph, state.params.filters ?? {}) : [];
    post({
      type: 'exportSvg',
      svg: exportable(doc, svg, laid, caption, {
        style: (e) => win.getComputedStyle(e),
        colour: win.getComputedStyle(status).color,
        font: win.getComputedStyle(doc.body).fontFamily,
      }),
    });
  });
  $('fit').addEventListener('click', () => showWhole());

  // ---- zoom, pan and the overview ------------------------------------------------------------------------

  function panelSize(): { width: number; height: number } {
    return { width: canvas.clientWidth || 800, height: canvas.clientHeight || 600 };
  }

  let saving: number | undefined;
  function applyView(): void {
    const view = model.view;
    canvas
      .querySelector('g.viewport')
      ?.setAttribute('transform', `translate(${view.x} ${view.y}) scale(${view.scale})`);
    const size = String(markerSize(view.scale));
    canvas.querySelectorAll('marker').forEach((m) => {
      m.setAttribute('markerWidth', size);
      m.setAttribute('markerHeight', size);
    });
    updateOverview();
    // Kept once the wheel or the drag pauses, not on every step of it.
    if (saving === undefined) saving = win.requestAnimationFrame(() => ((saving = undefined), save()));
  }

  /** Fit (and the 0 key): the whole graph, however small. */
  function showWhole(): void {
    if (!model.laid) return;
    model.view = fitView(panelSize(), model.laid);
    applyView();
  }

  function showOverview(g: GraphResult, l: Laid): void {
    const svg = drawOverview(doc, g, l);
    if (!svg) {
      overview.replaceChildren();
      overview.hidden = true;
      return;
    }
    // A click or a drag on the overview moves the panel there (the zoom stays).
    let dragging = false;
    const moveTo = (ev: PointerEvent) => {
      const r = svg.getBoundingClientRect();
      const point = {
        x: ((ev.clientX - r.left) / r.width) * l.width,
        y: ((ev.clientY - r.top) / r.height) * l.height,
      };
      model.view = centredOn(point, model.view, panelSize());
      applyView();
    };
    svg.addEventListener('pointerdown', (ev) => {
      dragging = true;
      svg.setPointerCapture(ev.pointerId);
      moveTo(ev);
    });
    svg.addEventListener('pointermove', (ev) => dragging && moveTo(ev));
    svg.addEventListener('pointerup', () => (dragging = false));
    overview.replaceChildren(svg);
  }

  /** The frame follows the view; the overview shows only while part of the graph is off the panel. */
  function updateOverview(): void {
    const frame = overview.querySelector('.ov-view');
    const laid = model.laid;
    if (!laid || !frame) return;
    const a = visibleArea(model.view, panelSize());
    frame.setAttribute('x', String(a.x));
    frame.setAttribute('y', String(a.y));
    frame.setAttribute('width', String(a.width));
    frame.setAttribute('height', String(a.height));
    overview.hidden = !partlyHidden(model.view, panelSize(), laid);
  }

  canvas.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const r = canvas.getBoundingClientRect();
    model.zoom(ev.deltaY < 0 ? 1.1 : 1 / 1.1, { x: ev.clientX - r.left, y: ev.clientY - r.top });
    applyView();
  });
  let drag: { x: number; y: number } | undefined;
  canvas.addEventListener('pointerdown', (ev) => {
    if ((ev.target as Element).closest('.focusable')) return;
    drag = { x: ev.clientX - model.view.x, y: ev.clientY - model.view.y };
  });
  win.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    model.view.x = ev.clientX - drag.x;
    model.view.y = ev.clientY - drag.y;
    applyView();
  });
  win.addEventListener('pointerup', () => (drag = undefined));

  // ---- selection, field mode and details ------------------------------------------------------------

  const detailsActions = {
    post,
    clear: () => clearSelection(),
    selectField: (id: string) => selectField(id),
  };

  function clearHighlight(): void {
    canvas.querySelector('svg')?.classList.remove('field-mode');
    canvas
      .querySelectorAll('.hl, .hl-up, .hl-down, .selected')
      .forEach((e) => e.classList.remove('hl', 'hl-up', 'hl-down', 'selected'));
  }

  function selectField(id: string): void {
    if (!model.selectField(id)) return;
    save();
    post({ type: 'selectField', field: id });
  }

  function showNodeDetails(n: GraphNode): void {
    details.replaceChildren(...componentDetails(doc, n, detailsActions));
  }

  function selectComponent(n: GraphNode): void {
    model.selectComponent(n.id);
    showNodeDetails(n);
    save();
    post({ type: 'selectComponent', componentId: n.id });
  }

  function dismiss(): void {
    clearHighlight();
    details.replaceChildren();
    if (model.dismiss()) {
      save();
      post({ type: 'selectComponent' });
    }
  }

  function clearSelection(): void {
    clearHighlight();
    details.replaceChildren();
    status.textContent = '';
    model.clear();
    save();
    post({ type: 'clearSelection' });
  }

  function showFlow(flow: FieldFlowResult): void {
    if (!model.wants(flow)) return;
    clearHighlight();
    const svg = canvas.querySelector('svg');
    if (!svg) return;
    svg.classList.add('field-mode');
    let drawnUp = 0;
    let drawnDown = 0;
    const mark = (id: string, cls: string) => {
      const row = svg.querySelector(`[data-field="${CSS.escape(id)}"]`);
      row?.classList.add('hl', cls);
      if (row && cls === 'hl-up') drawnUp++;
      if (row && cls === 'hl-down') drawnDown++;
      const nodeId = row?.getAttribute('data-node') ?? componentOfField(id);
      if (nodeId) svg.querySelector(`g.node[data-id="${CSS.escape(nodeId)}"]`)?.classList.add('hl');
    };
    mark(flow.field, 'selected');
    for (const u of flow.upstream) mark(u.id, 'hl-up');
    for (const d of flow.downstream) mark(d.id, 'hl-down');
    for (const e of flow.edges)
      svg.querySelectorAll(`[data-edge="${CSS.escape(e)}"]`).forEach((p) => {
        p.classList.add('hl');
        p.setAttribute('marker-end', 'url(#arrow-hl)');
      });
    const up = flow.upstream.length;
    const down = flow.downstream.length;
    // Fields of collapsed components or beyond a boundary's row limit are on the flow but not drawn.
    const hidden = up - drawnUp + (down - drawnDown);
    const beyond = flowBeyondDepth(flow, model.state?.params.filters ?? {});
    const name = flow.field.slice(flow.field.indexOf('#') + 1);
    status.textContent =
      (svg.querySelector('g.field.selected') ? '' : `${name} is not drawn with these filters. `) +
      `Field mode: ${drawnUp} upstream, ${drawnDown} downstream ${drawnUp + drawnDown === 1 ? 'field' : 'fields'} highlighted` +
      (hidden
        ? ` (of ${up} upstream and ${down} downstream; ${hidden} ${hidden === 1 ? 'is' : 'are'} in collapsed components or folded rows).`
        : '.') +
      (beyond ? ` ${beyond}.` : '');
    // A component selected after the field keeps the details (a restored panel highlights the field again).
    if (model.fieldDetailsShown()) {
      model.showingField();
      details.replaceChildren(...fieldDetails(doc, flow.field, detailsActions));
    }
  }

  // ---- keyboard and clicks -------------------------------------------------------------------------------

  /** A bundle clicked: its crossings listed in the details, each field selectable. */
  function showBundle(id: string): void {
    const b = model.laid?.bundles.find((x) => x.id === id);
    if (!b || !model.graph) return;
    model.showingField();
    canvas.querySelectorAll('.bundle.selected').forEach((e) => e.classList.remove('selected'));
    canvas.querySelector(`[data-bundle="${CSS.escape(id)}"]`)?.classList.add('selected');
    details.replaceChildren(...bundleDetails(doc, model.graph, b, detailsActions));
  }

  function activate(target: Element): void {
    const field = target.closest('[data-field]');
    if (field) return selectField(field.getAttribute('data-field')!);
    const bundle = target.closest('[data-bundle]');
    if (bundle) return showBundle(bundle.getAttribute('data-bundle')!);
    const header = target.closest('.node-header');
    if (header) {
      const n = model.graph?.nodes.find((x) => x.id === header.getAttribute('data-node'));
      if (n) selectComponent(n);
    }
  }

  /** Arrow keys move to the nearest focusable item in that direction (by the items' centres on screen). */
  function moveFocus(from: Element, key: string): void {
    const items = [...canvas.querySelectorAll<SVGGElement>('.focusable')];
    if (!items.length) return;
    if (!items.includes(from as SVGGElement)) return items[0]!.focus();
    const c = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    };
    const others = items.filter((it) => it !== from);
    others[nearestInDirection(c(from), others.map(c), key)]?.focus();
  }

  canvas.addEventListener('click', (ev) => activate(ev.target as Element));
  canvas.addEventListener('keydown', (ev) => {
    const target = ev.target as Element;
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      activate(target);
    } else if (ev.key.startsWith('Arrow')) {
      ev.preventDefault();
      moveFocus(target, ev.key);
    } else if (ev.key === 'Escape') dismiss();
    else if (ev.key === '+' || ev.key === '=') {
      model.zoom(1.2);
      applyView();
    } else if (ev.key === '-') {
      model.zoom(1 / 1.2);
      applyView();
    } else if (ev.key === '0') showWhole();
    else if (ev.key === 'e' && model.selectedNode) {
      const n = model.graph?.nodes.find((x) => x.id === model.selectedNode);
      if (n) post({ type: 'expand', componentId: n.id, expanded: !n.expanded });
    }
  });

  // ---- drawing a graph that came -------------------------------------------------------------------------

  let direction: GraphDirection = 'RIGHT';

  async function render(g: GraphResult, s: GraphViewState, wire: GraphLayout): Promise<void> {
    mark('graph');
    graphCame();
    const wanted = directionFor(panelSize());
    if (wire.direction !== wanted) {
      // Laid out for a panel of another width (the last page's, or before a resize): asked for again.
      busy('Loading the lineage graph…');
      post({ type: 'direction', direction: wanted });
      return;
    }
    direction = wanted;
    model.receive(s);
    save();
    const f = s.params.filters ?? {};
    fillSelect(nsSelect, g.namespaces, f.namespaces?.[0], 'All namespaces');
    fillSelect(tagSelect, g.tags, f.tag, 'Any tag');
    depthUp.value = String(f.depthUp ?? 2);
    depthDown.value = String(f.depthDown ?? 2);
    KINDS.forEach((k, i) => (kindBoxes[i]!.checked = !f.kinds || f.kinds.includes(k)));
    const t0 = performance.now();
    // The language server laid the graph out (elkjs in its layout process, or on its kept layout of the graph's
    // shape); checked to cover this graph before anything is drawn on it.
    const l: Laid | undefined = layoutFromWire(g, wire);
    progress.hidden = true;
    delete doc.body.dataset.busy;
    if (!l) throw new Error('the layout received does not match the graph');
    mark('laid');
    // Whether this drawing was laid out anew or drawn on a kept layout (tests read it).
    doc.body.dataset.layout = wire.made;
    const t1 = performance.now();
    const redraw = model.drawn(g, s, l, panelSize(), direction);
    const svg = drawGraph(doc, g, l, model.view.scale, s.params.filters ?? {});
    canvas.replaceChildren(svg);
    fitRowLabels(svg);
    showOverview(g, l);
    applyView();
    doc.body.dataset.direction = direction;
    // A component's details follow the new drawing (Expand after Collapse, a reload, the tab opened
    // again); gone with it, they go.
    const shown = redraw.componentDetails && g.nodes.find((x) => x.id === redraw.componentDetails);
    if (shown) showNodeDetails(shown);
    if (redraw.componentGone) {
      save();
      post({ type: 'selectComponent' });
    }
    if (redraw.clearDetails) details.replaceChildren();
    // Two frames: the SVG has been styled and painted once the second callback runs.
    await new Promise((r) => win.requestAnimationFrame(() => win.requestAnimationFrame(r)));
    const t2 = performance.now();
    const note = [
      counted(g.nodes.length, 'component'),
      g.collapsed ? 'collapsed to components with counts' : '',
      g.truncated ?? '',
    ].filter(Boolean);
    status.textContent = note.join(' · ');
    doc.body.dataset.ready = 'true';
    // Counts drawings: a test or a benchmark waits for the next one by its number.
    doc.body.dataset.renders = String(Number(doc.body.dataset.renders ?? 0) + 1);
    mark('drawn');
    post({
      type: 'rendered',
      nodes: g.nodes.length,
      edges: g.edges.length,
      layoutMs: Math.round(t1 - t0),
      drawMs: Math.round(t2 - t1),
    });
    if (redraw.requestFlow) post({ type: 'selectField', field: redraw.requestFlow });
  }

  function show(g: GraphResult, s: GraphViewState, laid: GraphLayout): void {
    render(g, s, laid).catch((err: unknown) => {
      status.textContent = `The graph could not be laid out: ${String((err as Error)?.message ?? err)}`;
    });
  }

  // A panel made narrow (or wide again) is laid out the other way round (by the language server).
  new ResizeObserver(() => {
    const wanted = directionFor(panelSize());
    if (model.laid && wanted !== direction) {
      direction = wanted;
      post({ type: 'direction', direction: wanted });
    } else updateOverview();
  }).observe(canvas);

  win.addEventListener('message', (ev: MessageEvent) => void channel.receive(ev.data));
  // The first graph is on its way (asked for as the panel opened): the page says so until it is drawn.
  busy('Loading the lineage graph…');
  post({ type: 'ready', direction: directionFor(panelSize()) });
}
