// The graph drawn as SVG from its layout: components with their boundaries and field rows, the edges
// (arrowheads sized for the zoom), and the small overview. Every string from the data is set as text,
// never as markup. The document is passed in, so a drawing can be made and read in Node too.
import type { GraphNode, GraphResult, GraphFilters } from '../../common/src/protocol';
import { tagLine, tagWords } from '../../common/src/tagWords';
import {
  BOX_WIDTH,
  HEADER,
  NODE_HEADER,
  ROW,
  type Box,
  type Laid,
} from '../../common/src/graphLayout/layout';
import { collapsedCounts, hiddenLinks } from './caption';
import { markerSize } from './viewport';
import { bundleLabel, bundleLines, type Bundle } from '../../common/src/graphLayout/bundles';

export const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and, optionally, text (as text, never markup). */
export function svgEl<K extends keyof SVGElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Record<string, string | number> = {},
  text?: string,
): SVGElementTagNameMap[K] {
  const e = doc.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function focusable(g: SVGGElement, label: string): void {
  g.setAttribute('tabindex', '0');
  g.setAttribute('role', 'button');
  g.setAttribute('aria-label', label);
  g.classList.add('focusable');
}

export function nodeLabel(n: GraphNode): string {
  return n.type === 'DATA_STORE' ? `${n.label} (${n.storeKind ?? 'store'})` : n.label;
}

/** A database cylinder, 11 × 13 px, its top-left corner at (x, y). */
function storeGlyph(doc: Document, x: number, y: number): SVGElement {
  const [rx, ry, h] = [5.5, 2.2, 13];
  const cx = x + rx;
  const g = svgEl(doc, 'g', { class: 'store-glyph', 'aria-hidden': 'true' });
  g.append(
    svgEl(doc, 'ellipse', { cx, cy: y + ry, rx, ry }),
    svgEl(doc, 'path', {
      d: `M${x} ${y + ry} V${y + h - ry} A${rx} ${ry} 0 0 0 ${x + 2 * rx} ${y + h - ry} V${y + ry}`,
    }),
  );
  return g;
}

/** The drawing of a laid-out graph at a zoom (for the arrowheads' size). */
export function drawGraph(
  doc: Document,
  g: GraphResult,
  l: Laid,
  scale: number,
  filters: GraphFilters,
): SVGSVGElement {
  const el = <K extends keyof SVGElementTagNameMap>(
    tag: K,
    attrs?: Record<string, string | number>,
    text?: string,
  ) => svgEl(doc, tag, attrs, text);
  const svg = el('svg', { class: 'graph', role: 'application', 'aria-label': 'Lineage graph' });
  const defs = el('defs');
  for (const kind of ['arrow', 'arrow-hl']) {
    // In the graph's units, not the edge's width (a KeyValueBridge's wide double line would blow it
    // up over the field labels); the view keeps it the same size on screen at every zoom.
    const m = el('marker', {
      id: kind,
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerUnits: 'userSpaceOnUse',
      markerWidth: markerSize(scale),
      markerHeight: markerSize(scale),
      orient: 'auto-start-reverse',
    });
    m.append(el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: kind }));
    defs.append(m);
  }
  svg.append(defs);
  const vp = el('g', { class: 'viewport' });
  svg.append(vp);
  const centre = new Set(g.centre);

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
    if (store) header.append(storeGlyph(doc, box.x + 10, box.y + 8));
    header.append(
      el('text', { x: box.x + (store ? 26 : 10), y: box.y + 18, class: 'node-title' }, nodeLabel(n)),
    );
    ng.append(header);
    if (!n.expanded) {
      ng.append(
        el('text', { x: box.x + 10, y: box.y + 38, class: 'counts' }, collapsedCounts(n.counts)),
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
        // The texts in a tspan each: fitted to the row once the drawing is in the page (fitLabels.ts).
        fg.append(el('text', { x: bb.x + 8, y: y + 13, class: 'field-name' }));
        fg.lastElementChild!.append(el('tspan', { class: 'field-name-text' }, f.name));
        const tags = tagLine(f);
        if (tags) {
          const t = el('text', {
            x: bb.x + BOX_WIDTH - 6,
            y: y + 13,
            class: `field-tags${f.tags.length ? ' applied' : ''}`,
            'text-anchor': 'end',
          });
          t.append(el('tspan', { class: 'field-tags-text' }, tags));
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
  // A bundle's crossings are drawn too, shown in field mode only (the bundle outside it).
  const bundled = new Set(l.bundles.flatMap((b) => b.members.map((e) => e.id)));
  for (const e of g.edges) {
    const pts = l.edges.get(e.id);
    if (!pts || pts.length < 2) continue;
    const d = pts.map((p, i) => `${i ? 'L' : 'M'} ${p.x} ${p.y}`).join(' ');
    const cls = ['edge', `edge-${e.kind}`];
    if (e.mapping) cls.push(`kind-${e.mapping}`);
    if (e.suppressed) cls.push('suppressed');
    if (bundled.has(e.id)) cls.push('bundled');
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
  for (const b of l.bundles) {
    const route = l.edges.get(b.id);
    if (route && route.length >= 2) eg.append(drawBundle(doc, g, b, route));
  }
  // Above the boxes: a mapping inside a component runs over the component's own box.
  vp.append(eg);
  return svg;
}

/** The middle of a route's longest segment (where a label sits clear of the boxes' sides). */
function labelPoint(route: ReadonlyArray<{ x: number; y: number }>): { x: number; y: number } {
  let best = { x: route[0]!.x, y: route[0]!.y };
  let longest = -1;
  for (let i = 1; i < route.length; i++) {
    const [a, b] = [route[i - 1]!, route[i]!];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len > longest) {
      longest = len;
      best = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
  }
  return best;
}

/** A bundle: one edge with the number of fields on it, a tooltip listing them, focusable and clickable. */
function drawBundle(
  doc: Document,
  g: GraphResult,
  b: Bundle,
  route: ReadonlyArray<{ x: number; y: number }>,
): SVGGElement {
  const lines = bundleLines(g, b);
  const d = route.map((p, i) => `${i ? 'L' : 'M'} ${p.x} ${p.y}`).join(' ');
  const group = svgEl(doc, 'g', { class: 'bundle', 'data-bundle': b.id });
  focusable(group, lines[0]!);
  group.append(svgEl(doc, 'title', {}, lines.join('\n')));
  // A wide transparent line under the drawn one: the thin edge is easy to miss with the pointer.
  group.append(svgEl(doc, 'path', { d, class: 'bundle-hit' }));
  group.append(
    svgEl(doc, 'path', {
      d,
      class: 'edge edge-crossing edge-bundle',
      'data-edge': b.id,
      'marker-end': 'url(#arrow)',
    }),
  );
  const text = bundleLabel(b);
  const at = labelPoint(route);
  const width = text.length * 6.5 + 10;
  group.append(
    svgEl(doc, 'rect', {
      x: at.x - width / 2,
      y: at.y - 9,
      width,
      height: 18,
      rx: 9,
      class: 'bundle-label-box',
    }),
    svgEl(doc, 'text', { x: at.x, y: at.y + 4, class: 'bundle-label', 'text-anchor': 'middle' }, text),
  );
  return group;
}

/** The overview's size in the panel's corner. */
export const OVERVIEW = { width: 180, height: 120 };

/**
 * The whole graph small: its components as blocks, an expanded component's boundaries as blocks inside
 * it, and a frame (.ov-view) where the panel is. Nothing when it would be a single block (one
 * component with no boundary drawn): it would say nothing the panel does not.
 */
export function drawOverview(doc: Document, g: GraphResult, l: Laid): SVGSVGElement | undefined {
  const centre = new Set(g.centre);
  const blocks: SVGElement[] = [];
  const block = (b: Box, cls: string) =>
    svgEl(doc, 'rect', { x: b.x, y: b.y, width: b.width, height: b.height, class: cls });
  for (const n of g.nodes) {
    const b = l.nodes.get(n.id);
    if (!b) continue;
    blocks.push(block(b, `ov-node${centre.has(n.id) ? ' centre' : ''}`));
    for (const bd of n.boundaries) {
      const bb = l.boundaries.get(bd.id);
      if (bb) blocks.push(block(bb, `ov-boundary${centre.has(bd.id) ? ' centre' : ''}`));
    }
  }
  if (blocks.length < 2) return undefined;
  const k = Math.min(OVERVIEW.width / Math.max(1, l.width), OVERVIEW.height / Math.max(1, l.height));
  const svg = svgEl(doc, 'svg', {
    viewBox: `0 0 ${l.width} ${l.height}`,
    width: Math.round(l.width * k),
    height: Math.round(l.height * k),
    role: 'img',
    'aria-label': 'Overview of the graph',
  });
  svg.append(...blocks, svgEl(doc, 'rect', { class: 'ov-view' }));
  return svg;
}
