// A drawing of the graph as a standalone SVG file: the theme's colours resolved into the copy (so it
// reads outside VS Code too), the arrowheads at the graph's own scale, and the filters that made the
// picture written above it and as its title and description.
import type { Laid } from '../../common/src/graphLayout/layout';
import { SVG, svgEl } from './draw';
import { markerSize } from './viewport';

// display too: a bundle's crossings are hidden outside field mode, and the file has no style sheet.
const STYLE_PROPERTIES = [
  'display',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'font-size',
  'font-family',
  'font-weight',
];

export interface ExportLook {
  /** The computed style of an element of the drawing shown. */
  style(e: Element): CSSStyleDeclaration;
  /** The caption's colour and font (the panel's text). */
  colour: string;
  font: string;
}

export function exportable(
  doc: Document,
  svg: SVGSVGElement,
  l: Laid | undefined,
  caption: string[],
  look: ExportLook,
): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', SVG);
  const band = caption.length * 18 + (caption.length ? 8 : 0);
  copy.setAttribute('viewBox', `0 ${-band} ${l?.width ?? 0} ${(l?.height ?? 0) + band}`);
  copy.querySelector('g.viewport')?.removeAttribute('transform');
  copy.querySelectorAll('marker').forEach((m) => {
    m.setAttribute('markerWidth', String(markerSize(1)));
    m.setAttribute('markerHeight', String(markerSize(1)));
  });
  const originals = svg.querySelectorAll('*');
  copy.querySelectorAll('*').forEach((node, i) => {
    const cs = look.style(originals[i]!);
    const style = STYLE_PROPERTIES.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    (node as SVGElement).setAttribute('style', style);
  });
  // Added after the styles are copied: the copy's elements and the drawing's match one for one above.
  if (caption.length) {
    copy.prepend(svgEl(doc, 'desc', {}, caption.join('\n')));
    copy.prepend(svgEl(doc, 'title', {}, caption[0]!));
  }
  caption.forEach((line, i) =>
    copy.append(
      svgEl(
        doc,
        'text',
        {
          x: 4,
          y: -band + 16 + i * 18,
          class: 'caption',
          style: `fill:${look.colour};font-size:${i ? 11 : 13}px;font-family:${look.font}`,
        },
        line,
      ),
    ),
  );
  return new (doc.defaultView as Window & typeof globalThis).XMLSerializer().serializeToString(copy);
}
