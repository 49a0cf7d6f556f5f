// The lineage-graph webview: a thin renderer. It lays out and draws what the extension sends (the
// language server's graph), highlights a field's flow, and posts the user's choices back. It never
// talks to the service; every string from the data is set as text, never as markup.
import type {
  FieldFlowResult,
  GraphFilters,
  GraphNode,
  GraphResult,
  MappingKind,
} from '../../common/src/protocol';
import { FIELD_MAPPING_KINDS } from '../../common/src/api/paths';
import { tagLine, tagWords } from '../../common/src/tagWords';
import { type FromWebview, type GraphViewState, parseToWebview } from '../../common/src/graphMessages';
import { BOX_WIDTH, HEADER, NODE_HEADER, ROW, type Box, type Laid, type LayoutDirection } from './layout';
import { layoutInWorker, Superseded } from './layoutEngine';
import { flowBeyondDepth, graphCaption, hiddenLinks } from './caption';
import {
  centredOn,
  directionFor,
  fitView,
  keptView,
  markerSize,
  openingBox,
  openingView,
  partlyHidden,
  visibleArea,
  type View,
} from './viewport';

interface VsCodeApi {
  postMessage(m: FromWebview): void;
  getState(): unknown;
  setState(s: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const SVG = 'http://www.w3.org/2000/svg';
const KINDS: readonly MappingKind[] = FIELD_MAPPING_KINDS;

let graph: GraphResult | undefined;
let state: GraphViewState | undefined;
let laid: Laid | undefined;
let view: View = { x: 0, y: 0, scale: 1 };
/** What the drawing shown is of (its focus and layout direction): a redrawing of the same keeps the view. */
let drawnKey: string | undefined;
let selectedNode: string | undefined;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const canvas = $<HTMLDivElement>('canvas');
const status = $<HTMLDivElement>('status');
const details = $<HTMLDivElement>('details');

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  text?: string,
) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function post(m: FromWebview): void {
  vscode.postMessage(m);
}

/** The view state, with the zoom and pan (a tab shown again, or a reload, draws it where it was). */
function save(): void {
  if (state) vscode.setState({ ...state, view, drawnKey });
}

{
  // The webview is made anew when its tab is shown again: the zoom the user left comes back with it.
  const saved = vscode.getState() as { view?: View; drawnKey?: unknown } | undefined;
  const v = saved?.view;
  if (v && [v.x, v.y, v.scale].every(Number.isFinite) && v.scale > 0 && typeof saved.drawnKey === 'string') {
    view = { x: v.x, y: v.y, scale: v.scale };
    drawnKey = saved.drawnKey;
  }
}

// ---- filters ---------------------------------------------------------------------------------------

const nsSelect = $<HTMLSelectElement>('namespace');
const tagSelect = $<HTMLSelectElement>('tag');
const depthUp = $<HTMLInputElement>('depthUp');
const depthDown = $<HTMLInputElement>('depthDown');
const kindBoxes = KINDS.map((k) => $<HTMLInputElement>(`kind-${k}`));

function fillSelect(
  select: HTMLSelectElement,
  values: string[],
  current: string | undefined,
  all: string,
): void {
  select.replaceChildren();
  const none = document.createElement('option');
  none.value = '';
  none.textContent = all;
  select.append(none);
  for (const v of values) {
    const o = document.createElement('option');
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
  if (svg) post({ type: 'exportSvg', svg: exportable(svg) });
});
$('fit').addEventListener('click', () => showWhole());

/** A standalone SVG: the theme's colours resolved into the copy, so it reads outside VS Code too. */
function exportable(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', SVG);
  // The filters that made the picture, written above it (and as its description), so the file says
  // what it shows; the arrowheads at the graph's own scale.
  const lines = graph && state ? graphCaption(graph, state.params.filters ?? {}) : [];
  const band = lines.length * 18 + (lines.length ? 8 : 0);
  const width = laid?.width ?? 0;
  copy.setAttribute('viewBox', `0 ${-band} ${width} ${(laid?.height ?? 0) + band}`);
  copy.querySelector('g.viewport')?.removeAttribute('transform');
  copy.querySelectorAll('marker').forEach((m) => {
    m.setAttribute('markerWidth', String(markerSize(1)));
    m.setAttribute('markerHeight', String(markerSize(1)));
  });
  const originals = svg.querySelectorAll('*');
  copy.querySelectorAll('*').forEach((node, i) => {
    const cs = getComputedStyle(originals[i]!);
    const style = [
      'fill',
      'stroke',
      'stroke-width',
      'stroke-dasharray',
      'opacity',
      'font-size',
      'font-family',
      'font-weight',
    ]
      .map((p) => `${p}:${cs.getPropertyValue(p)}`)
      .join(';');
    (node as SVGElement).setAttribute('style', style);
  });
  // Added after the styles are copied: the copy's elements and the drawing's match one for one above.
  if (lines.length) {
    copy.prepend(el('desc', {}, lines.join('\n')));
    copy.prepend(el('title', {}, lines[0]!));
  }
  const colour = getComputedStyle(status).color;
  const font = getComputedStyle(document.body).fontFamily;
  lines.forEach((line, i) =>
    copy.append(
      el(
        'text',
        {
          x: 4,
          y: -band + 16 + i * 18,
          class: 'caption',
          style: `fill:${colour};font-size:${i ? 11 : 13}px;font-family:${font}`,
        },
        line,
      ),
    ),
  );
  return new XMLSerializer().serializeToString(copy);
}

// ---- drawing -----------------------------------------------------------------------------------------

function focusable(g: SVGGElement, label: string): void {
  g.setAttribute('tabindex', '0');
  g.setAttribute('role', 'button');
  g.setAttribute('aria-label', label);
  g.classList.add('focusable');
}

function nodeLabel(n: GraphNode): string {
  return n.type === 'DATA_STORE' ? `${n.label} (${n.storeKind ?? 'store'})` : n.label;
}

/** A database cylinder, 11 × 13 px, its top-left corner at (x, y). */
function storeGlyph(x: number, y: number): SVGElement {
  const [rx, ry, h] = [5.5, 2.2, 13];
  const cx = x + rx;
  const g = el('g', { class: 'store-glyph', 'aria-hidden': 'true' });
  g.append(
    el('ellipse', { cx, cy: y + ry, rx, ry }),
    el('path', {
      d: `M${x} ${y + ry} V${y + h - ry} A${rx} ${ry} 0 0 0 ${x + 2 * rx} ${y + h - ry} V${y + ry}`,
    }),
  );
  return g;
}

function draw(g: GraphResult, l: Laid): void {
  const svg = el('svg', { class: 'graph', role: 'application', 'aria-label': 'Lineage graph' });
  const defs = el('defs');
  for (const kind of ['arrow', 'arrow-hl']) {
    // In the graph's units, not the edge's width (a KeyValueBridge's wide double line would blow it
    // up over the field labels); applyView keeps it the same size on screen at every zoom.
    const m = el('marker', {
      id: kind,
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerUnits: 'userSpaceOnUse',
      markerWidth: markerSize(view.scale),
      markerHeight: markerSize(view.scale),
      orient: 'auto-start-reverse',
    });
    m.append(el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: kind }));
    defs.append(m);
  }
  svg.append(defs);
  const vp = el('g', { class: 'viewport' });
  svg.append(vp);
  const centre = new Set(g.centre);
  const filters = state?.params.filters ?? {};

  for (const n of g.nodes) {
    const box = l.nodes.get(n.id);
    if (!box) continue;
    const ng = el('g', {
      class: `node ${n.type === 'DATA_STORE' ? 'store' : 'code'}${n.expanded ? ' expanded' : ''}`,
      'data-id': n.id,
    });
    if (centre.has(n.id)) ng.classList.add('centre');
    ng.append(
      el('rect', { x: box.x, y: box.y, width: box.width, height: box.height, rx: 6, class: 'node-box' }),
    );
    const header = el('g', { class: 'node-header', 'data-node': n.id });
    focusable(
      header,
      `${n.type === 'DATA_STORE' ? 'Data store' : 'Component'} ${nodeLabel(n)}, namespace ${n.namespace}`,
    );
    header.append(
      el('rect', { x: box.x, y: box.y, width: box.width, height: NODE_HEADER - 4, rx: 6, class: 'hit' }),
    );
    // A data store's title starts with a small cylinder drawn in SVG: an emoji needs a font the
    // machine may lack (it showed as a box in a VS Code without an emoji font).
    const store = n.type === 'DATA_STORE';
    if (store) header.append(storeGlyph(box.x + 10, box.y + 8));
    header.append(
      el('text', { x: box.x + (store ? 26 : 10), y: box.y + 18, class: 'node-title' }, nodeLabel(n)),
    );
    ng.append(header);
    if (!n.expanded) {
      const c = n.counts;
      ng.append(
        el(
          'text',
          { x: box.x + 10, y: box.y + 38, class: 'counts' },
          `${c.paths} paths · ${c.fields} fields${c.taggedFields ? ` · ${c.taggedFields} tagged` : ''}`,
        ),
        el(
          'text',
          { x: box.x + 10, y: box.y + 52, class: 'counts dim-text' },
          [n.namespace || '(no namespace)', ...hiddenLinks(n, filters)].join(' · '),
        ),
      );
    } else if (n.moreBoundaries || n.hiddenNeighbours) {
      ng.append(
        el(
          'text',
          {
            x: box.x + box.width - 8,
            y: box.y + 18,
            class: 'counts dim-text hidden-links',
            'text-anchor': 'end',
          },
          [n.moreBoundaries ? `+${n.moreBoundaries} boundaries` : '', ...hiddenLinks(n, filters)]
            .filter(Boolean)
            .join(' · '),
        ),
      );
    }
    for (const b of n.boundaries) {
      const bb = l.boundaries.get(b.id);
      if (!bb) continue;
      const bg = el('g', { class: `boundary ${b.roles.join(' ')}`, 'data-id': b.id });
      if (centre.has(b.id)) bg.classList.add('centre');
      bg.append(
        el('rect', { x: bb.x, y: bb.y, width: bb.width, height: bb.height, rx: 4, class: 'boundary-box' }),
      );
      const title = `${b.roles.includes('schema') ? 'schema' : b.roles.join('/')} · ${b.label}`;
      const tt = el('text', { x: bb.x + 8, y: bb.y + 16, class: 'boundary-title' }, title);
      if (b.signature) tt.append(el('title', {}, b.signature));
      bg.append(tt);
      b.fields.forEach((f, i) => {
        const y = bb.y + HEADER + i * ROW;
        const fg = el('g', { class: 'field', 'data-field': f.id, 'data-node': n.id });
        if (centre.has(f.id)) fg.classList.add('centre');
        focusable(
          fg,
          `Field ${f.name} on ${b.label}${f.tags.length ? `, tagged ${f.tags.map((t) => t.name).join(', ')}` : ''}`,
        );
        fg.append(el('rect', { x: bb.x + 1, y, width: BOX_WIDTH - 2, height: ROW, class: 'field-row' }));
        fg.append(el('text', { x: bb.x + 8, y: y + 13, class: 'field-name' }, f.name));
        const tags = tagLine(f);
        if (tags) {
          const t = el(
            'text',
            {
              x: bb.x + BOX_WIDTH - 6,
              y: y + 13,
              class: `field-tags${f.tags.length ? ' applied' : ''}`,
              'text-anchor': 'end',
            },
            tags,
          );
          t.append(el('title', {}, tagWords(f)));
          fg.append(t);
        }
        bg.append(fg);
      });
      if (b.moreFields > 0)
        bg.append(
          el(
            'text',
            { x: bb.x + 8, y: bb.y + HEADER + b.fields.length * ROW + 13, class: 'counts dim-text' },
            `+${b.moreFields} more fields`,
          ),
        );
      ng.append(bg);
    }
    vp.append(ng);
  }
  const eg = el('g', { class: 'edges' });
  for (const e of g.edges) {
    const pts = l.edges.get(e.id);
    if (!pts || pts.length < 2) continue;
    const d = pts.map((p, i) => `${i ? 'L' : 'M'} ${p.x} ${p.y}`).join(' ');
    const cls = ['edge', `edge-${e.kind}`];
    if (e.mapping) cls.push(`kind-${e.mapping}`);
    if (e.suppressed) cls.push('suppressed');
    const path = el('path', { d, class: cls.join(' '), 'data-edge': e.id, 'marker-end': 'url(#arrow)' });
    const label =
      e.kind === 'component' && e.count
        ? `${e.count} field flows`
        : (e.mapping ?? (e.suppressed ? 'suppressed path' : e.kind));
    path.append(el('title', {}, label));
    eg.append(path);
    if (e.kind === 'mapping' && e.mapping === 'KeyValueBridge') {
      eg.append(el('path', { d, class: 'edge-kvb-inner', 'data-edge': e.id }));
    }
  }
  // Above the boxes: a mapping inside a component runs over the component's own box.
  vp.append(eg);
  canvas.replaceChildren(svg);
}

// ---- overview ----------------------------------------------------------------------------------------

const overview = $<HTMLDivElement>('overview');
const OVERVIEW = { width: 180, height: 120 };

/** The whole graph small, its components as blocks, and a frame where the panel is. */
function drawOverview(g: GraphResult, l: Laid): void {
  const k = Math.min(OVERVIEW.width / Math.max(1, l.width), OVERVIEW.height / Math.max(1, l.height));
  const svg = el('svg', {
    viewBox: `0 0 ${l.width} ${l.height}`,
    width: Math.round(l.width * k),
    height: Math.round(l.height * k),
    role: 'img',
    'aria-label': 'Overview of the graph',
  });
  const centre = new Set(g.centre);
  for (const n of g.nodes) {
    const b = l.nodes.get(n.id);
    if (b)
      svg.append(
        el('rect', {
          x: b.x,
          y: b.y,
          width: b.width,
          height: b.height,
          class: `ov-node${centre.has(n.id) ? ' centre' : ''}`,
        }),
      );
  }
  svg.append(el('rect', { class: 'ov-view' }));
  // A click or a drag on the overview moves the panel there (the zoom stays).
  let dragging = false;
  const moveTo = (ev: PointerEvent) => {
    const r = svg.getBoundingClientRect();
    const point = {
      x: ((ev.clientX - r.left) / r.width) * l.width,
      y: ((ev.clientY - r.top) / r.height) * l.height,
    };
    view = centredOn(point, view, panelSize());
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
  if (!laid || !frame) return;
  const a = visibleArea(view, panelSize());
  frame.setAttribute('x', String(a.x));
  frame.setAttribute('y', String(a.y));
  frame.setAttribute('width', String(a.width));
  frame.setAttribute('height', String(a.height));
  overview.hidden = !partlyHidden(view, panelSize(), laid);
}

let saving: number | undefined;
function applyView(): void {
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
  if (saving === undefined) saving = requestAnimationFrame(() => ((saving = undefined), save()));
}

function panelSize(): { width: number; height: number } {
  return { width: canvas.clientWidth || 800, height: canvas.clientHeight || 600 };
}

/** Fit (and the 0 key): the whole graph, however small. */
function showWhole(): void {
  if (!laid) return;
  view = fitView(panelSize(), laid);
  applyView();
}

/** The box a field, a boundary or a component is drawn in (a field: its boundary's). */
function boxOf(l: Laid | undefined, id: string): Box | undefined {
  return l?.nodes.get(id) ?? l?.boundaries.get(id) ?? l?.boundaries.get(id.slice(0, id.indexOf('#')));
}

/** What the user looks at in a drawing: the selected field, else what the graph is centred on. */
function anchorBox(
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

/** What a first drawing opens on: the anchor, or for a component too large, its first boundary. */
function openingAnchor(l: Laid, g: GraphResult, s: GraphViewState): Box | undefined {
  const box = anchorBox(l, g, s);
  const node = g.nodes.find((n) => l.nodes.get(n.id) === box);
  if (!box || !node) return box;
  const inside = node.boundaries.map((b) => l.boundaries.get(b.id)).filter((b): b is Box => !!b);
  return openingBox(panelSize(), box, inside);
}

canvas.addEventListener('wheel', (ev) => {
  ev.preventDefault();
  const factor = ev.deltaY < 0 ? 1.1 : 1 / 1.1;
  const r = canvas.getBoundingClientRect();
  const mx = ev.clientX - r.left;
  const my = ev.clientY - r.top;
  view.x = mx - (mx - view.x) * factor;
  view.y = my - (my - view.y) * factor;
  view.scale *= factor;
  applyView();
});
let drag: { x: number; y: number } | undefined;
canvas.addEventListener('pointerdown', (ev) => {
  if ((ev.target as Element).closest('.focusable')) return;
  drag = { x: ev.clientX - view.x, y: ev.clientY - view.y };
});
window.addEventListener('pointermove', (ev) => {
  if (!drag) return;
  view.x = ev.clientX - drag.x;
  view.y = ev.clientY - drag.y;
  applyView();
});
window.addEventListener('pointerup', () => (drag = undefined));

// ---- selection, field mode and actions ---------------------------------------------------------------

function clearHighlight(): void {
  canvas.querySelector('svg')?.classList.remove('field-mode');
  canvas
    .querySelectorAll('.hl, .hl-up, .hl-down, .selected')
    .forEach((e) => e.classList.remove('hl', 'hl-up', 'hl-down', 'selected'));
}

/** The field whose flow was asked for last: a flow arriving after Escape (or for another field) is not shown. */
let flowField: string | undefined;

function requestFlow(id: string): void {
  flowField = id;
  post({ type: 'selectField', field: id });
}

function selectField(id: string): void {
  if (!state) return;
  state.selectedField = id;
  // The details will show the field (the extension forgets the component too).
  delete state.selectedComponent;
  save();
  requestFlow(id);
}

/** A component's header clicked: its details, remembered (across reloads and a closed tab). */
function selectComponent(n: GraphNode): void {
  showNodeDetails(n);
  if (state) state.selectedComponent = n.id;
  save();
  post({ type: 'selectComponent', componentId: n.id });
}

/**
 * Escape: no highlight and no details. The component is forgotten (a closed and reopened tab shows no
 * details); the field stays remembered, so a reload or a refresh shows its flow again.
 */
function dismiss(): void {
  clearHighlight();
  flowField = undefined;
  selectedNode = undefined;
  details.replaceChildren();
  if (state?.selectedComponent) {
    delete state.selectedComponent;
    save();
    post({ type: 'selectComponent' });
  }
}

/** Clear (in a field's details): nothing shown, nothing remembered as selected. */
function clearSelection(): void {
  clearHighlight();
  flowField = undefined;
  selectedNode = undefined;
  details.replaceChildren();
  status.textContent = '';
  if (state) {
    delete state.selectedField;
    delete state.selectedComponent;
  }
  save();
  post({ type: 'clearSelection' });
}

function showFlow(flow: FieldFlowResult): void {
  if (flow.field !== flowField) return;
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
  const beyond = flowBeyondDepth(flow, state?.params.filters ?? {});
  const name = flow.field.slice(flow.field.indexOf('#') + 1);
  status.textContent =
    (svg.querySelector('g.field.selected') ? '' : `${name} is not drawn with these filters. `) +
    `Field mode: ${drawnUp} upstream, ${drawnDown} downstream fields highlighted` +
    (hidden
      ? ` (of ${up} upstream and ${down} downstream; ${hidden} are in collapsed components or folded rows).`
      : '.') +
    (beyond ? ` ${beyond}.` : '');
  // A component selected after the field keeps the details (a restored panel highlights the field again).
  if (!state?.selectedComponent) showFieldDetails(flow.field);
}

/** Field ids start with the boundary id, which names the component (`b:<id>:…` or `s:<id>`). */
function componentOfField(id: string): string | undefined {
  const m = /^[bs]:([^:#]+)/.exec(id);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

function button(text: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

function showFieldDetails(id: string): void {
  selectedNode = undefined;
  const name = id.slice(id.indexOf('#') + 1);
  const h = document.createElement('strong');
  h.textContent = name;
  details.replaceChildren(
    h,
    button('Show impact', () => post({ type: 'impact', field: id })),
    button('Clear', clearSelection),
  );
}

function showNodeDetails(n: GraphNode): void {
  selectedNode = n.id;
  const h = document.createElement('strong');
  h.textContent = nodeLabel(n);
  const parts: HTMLElement[] = [h];
  parts.push(
    button('Reveal in Components view', () => post({ type: 'open', action: 'reveal', componentId: n.id })),
  );
  parts.push(
    button(n.expanded ? 'Collapse' : 'Expand', () =>
      post({ type: 'expand', componentId: n.id, expanded: !n.expanded }),
    ),
  );
  parts.push(button('Centre here', () => post({ type: 'focus', componentId: n.id })));
  for (const p of n.paths.slice(0, 8)) {
    const row = document.createElement('div');
    row.className = 'path-row';
    const label = document.createElement('span');
    label.textContent = `${p.label}${p.suppressed ? ' (suppressed)' : ''}`;
    row.append(label);
    if (p.anchored)
      row.append(
        button('Open source', () =>
          post({ type: 'open', action: 'source', componentId: n.id, pathId: p.id }),
        ),
      );
    row.append(
      button('Open path document', () =>
        post({ type: 'open', action: 'document', componentId: n.id, pathId: p.id }),
      ),
    );
    parts.push(row);
  }
  details.replaceChildren(...parts);
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
    view.scale *= 1.2;
    applyView();
  } else if (ev.key === '-') {
    view.scale /= 1.2;
    applyView();
  } else if (ev.key === '0') showWhole();
  else if (ev.key === 'e' && selectedNode) {
    const n = graph?.nodes.find((x) => x.id === selectedNode);
    if (n) post({ type: 'expand', componentId: n.id, expanded: !n.expanded });
  }
});

function activate(target: Element): void {
  const field = target.closest('[data-field]');
  if (field) return selectField(field.getAttribute('data-field')!);
  const header = target.closest('.node-header');
  if (header) {
    const n = graph?.nodes.find((x) => x.id === header.getAttribute('data-node'));
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
  const o = c(from);
  let best: SVGGElement | undefined;
  let bestScore = Infinity;
  for (const it of items) {
    if (it === from) continue;
    const p = c(it);
    const dx = p.x - o.x;
    const dy = p.y - o.y;
    const along = key === 'ArrowRight' ? dx : key === 'ArrowLeft' ? -dx : key === 'ArrowDown' ? dy : -dy;
    const across = key === 'ArrowRight' || key === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) continue;
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = it;
    }
  }
  best?.focus();
}

// ---- messages ----------------------------------------------------------------------------------------

const progress = $<HTMLDivElement>('progress');
let rendering = 0;

let direction: LayoutDirection = 'RIGHT';

async function render(g: GraphResult, s: GraphViewState): Promise<void> {
  const seq = ++rendering;
  const before = { laid, graph, state };
  state = s;
  save();
  direction = directionFor(panelSize());
  const f = s.params.filters ?? {};
  fillSelect(nsSelect, g.namespaces, f.namespaces?.[0], 'All namespaces');
  fillSelect(tagSelect, g.tags, f.tag, 'Any tag');
  depthUp.value = String(f.depthUp ?? 2);
  depthDown.value = String(f.depthDown ?? 2);
  KINDS.forEach((k, i) => (kindBoxes[i]!.checked = !f.kinds || f.kinds.includes(k)));
  // The layout runs in a worker: the panel stays usable and shows that it is working meanwhile.
  status.textContent = `Laying out ${g.nodes.length} component${g.nodes.length === 1 ? '' : 's'}…`;
  progress.hidden = false;
  document.body.dataset.busy = 'true';
  const t0 = performance.now();
  let l: Laid;
  try {
    l = await layoutInWorker(g, direction);
  } catch (err) {
    if (err instanceof Superseded) return; // a newer graph is being laid out
    throw err;
  } finally {
    if (seq === rendering) {
      progress.hidden = true;
      delete document.body.dataset.busy;
    }
  }
  if (seq !== rendering) return;
  graph = g;
  laid = l;
  const t1 = performance.now();
  // The same focus laid out the same way (a filter, the depth, a component expanded, the tab shown
  // again): the user's zoom stays and what they looked at stays in place. Else a readable first view.
  const key = JSON.stringify([s.params.focus, direction]);
  view =
    key === drawnKey
      ? keptView(view, anchorBox(before.laid, before.graph, before.state ?? s), anchorBox(l, g, s))
      : openingView(panelSize(), l, openingAnchor(l, g, s));
  drawnKey = key;
  draw(g, l);
  drawOverview(g, l);
  applyView();
  document.body.dataset.direction = direction;
  // A component's details follow the new drawing (Expand after Collapse, a reload, the tab opened
  // again); gone with it, they go.
  const selected = s.selectedComponent;
  if (selected) {
    const n = g.nodes.find((x) => x.id === selected);
    if (n) showNodeDetails(n);
    else {
      delete s.selectedComponent;
      save();
      post({ type: 'selectComponent' });
    }
  }
  if (!s.selectedComponent && selectedNode) {
    selectedNode = undefined;
    details.replaceChildren();
  }
  // No field selected in this state (the graph opened again from elsewhere): no field's details or
  // highlight left over from the last drawing.
  if (!s.selectedField && !s.selectedComponent) {
    flowField = undefined;
    details.replaceChildren();
  }
  // Two frames: the SVG has been styled and painted once the second callback runs.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const t2 = performance.now();
  const note = [
    `${g.nodes.length} component${g.nodes.length === 1 ? '' : 's'}`,
    g.collapsed ? 'collapsed to components with counts' : '',
    g.truncated ?? '',
  ].filter(Boolean);
  status.textContent = note.join(' · ');
  document.body.dataset.ready = 'true';
  post({
    type: 'rendered',
    nodes: g.nodes.length,
    edges: g.edges.length,
    layoutMs: Math.round(t1 - t0),
    drawMs: Math.round(t2 - t1),
  });
  if (s.selectedField && g.nodes.length) requestFlow(s.selectedField);
}

function show(g: GraphResult, s: GraphViewState): void {
  render(g, s).catch((err: unknown) => {
    status.textContent = `The graph could not be laid out: ${String((err as Error)?.message ?? err)}`;
  });
}

// A panel made narrow (or wide again) is laid out the other way round.
new ResizeObserver(() => {
  if (graph && state && laid && directionFor(panelSize()) !== direction) show(graph, state);
  else updateOverview();
}).observe(canvas);

window.addEventListener('message', (ev: MessageEvent) => {
  const m = parseToWebview(ev.data);
  if (!m) return;
  if (m.type === 'graph') show(m.graph, m.state);
  else if (m.type === 'flow') showFlow(m.flow);
  else status.textContent = m.message;
});

post({ type: 'ready' });
