// A field row's name and tags fitted to the row: a long name and a long tag line would otherwise run
// over each other (the tags are anchored at the row's right end). What does not fit ends in an ellipsis;
// the whole text stays in the row's tooltip and its accessible label. Widths are measured by the
// browser once the drawing is in the page, so the fit is exact in any font.

/** The room a row has for its name and tags, and the gap kept between them. */
export const ROW_TEXT_ROOM = 216;
export const ROW_TEXT_GAP = 10;
/** The most of the room the tags take when both must be cut (the name is what the row is). */
const TAGS_SHARE = 0.45;
const ELLIPSIS = '…';

/** How wide each part may be: the name first, the tags at least what is left, at most their share. */
export function rowBudgets(
  nameWidth: number,
  tagsWidth: number,
  room = ROW_TEXT_ROOM,
  gap = ROW_TEXT_GAP,
): { name: number; tags: number } {
  if (tagsWidth <= 0) return { name: room, tags: 0 };
  if (nameWidth + gap + tagsWidth <= room) return { name: nameWidth, tags: tagsWidth };
  const tags = Math.max(room - gap - nameWidth, Math.min(tagsWidth, room * TAGS_SHARE));
  return { name: room - gap - tags, tags };
}

/** A text element as far as fitting it goes (SVGTextContentElement in the page). */
export interface Measurable {
  textContent: string | null;
  getComputedTextLength(): number;
  getSubStringLength(start: number, length: number): number;
}

/**
 * How many characters of `t`'s text fit in `budget` pixels followed by an ellipsis `ellipsis` wide;
 * undefined when the whole text fits. Only reads: the page lays out once for all rows.
 */
export function fittingLength(t: Measurable, budget: number, ellipsis: number): number | undefined {
  const length = (t.textContent ?? '').length;
  if (!length || t.getComputedTextLength() <= budget) return undefined;
  const room = budget - ellipsis;
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (t.getSubStringLength(0, mid) <= room) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export const cut = (text: string, length: number) => text.slice(0, length).trimEnd() + ELLIPSIS;

/**
 * Every field row of a drawing in the page: its name and tags (`tspan.field-name-text`,
 * `tspan.field-tags-text`) fitted to the row. All widths are read first, then the cut texts written.
 * A drawing not in a page (no text measurement) is left as it is.
 */
export function fitRowLabels(svg: SVGSVGElement): void {
  // Probes for the ellipsis's width in each style (the applied tags are bold).
  const probe = (cls: string) => {
    const t = svg.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'text');
    t.setAttribute('class', cls);
    t.textContent = ELLIPSIS;
    svg.append(t);
    return t;
  };
  const probes = [probe('field-name'), probe('field-tags applied')];
  if (typeof probes[0]!.getComputedTextLength !== 'function') return probes.forEach((p) => p.remove());
  const [nameEllipsis, tagsEllipsis] = probes.map((p) => p.getComputedTextLength()) as [number, number];
  const cuts: Array<[SVGTSpanElement, number]> = [];
  for (const row of svg.querySelectorAll('g.field')) {
    const name = row.querySelector<SVGTSpanElement>('tspan.field-name-text');
    const tags = row.querySelector<SVGTSpanElement>('tspan.field-tags-text');
    if (!name) continue;
    const nameWidth = name.getComputedTextLength();
    const tagsWidth = tags ? tags.getComputedTextLength() : 0;
    const budget = rowBudgets(nameWidth, tagsWidth);
    if (budget.name >= nameWidth && budget.tags >= tagsWidth) continue;
    const n = fittingLength(name, budget.name, nameEllipsis);
    const t = tags ? fittingLength(tags, budget.tags, tagsEllipsis) : undefined;
    if (n !== undefined) cuts.push([name, n]);
    if (tags && t !== undefined) cuts.push([tags, t]);
  }
  for (const p of probes) p.remove();
  for (const [t, n] of cuts) {
    const full = t.textContent ?? '';
    t.textContent = cut(full, n);
    // The whole text as the tooltip (the tags' text has one already: the tags in words).
    const text = t.parentElement;
    if (text && !text.querySelector('title')) {
      const title = svg.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'title');
      title.textContent = full;
      text.append(title);
    }
  }
}
