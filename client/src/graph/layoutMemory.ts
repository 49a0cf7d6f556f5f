// The last few layouts the graph panel's pages made, kept in the extension's memory (it outlives the
// panel): a page opened again (the tab closed and reopened, or hidden and shown, which reloads it) on a
// graph of a kept shape draws at once on those positions instead of waiting for elkjs. Only layouts of
// the graph's exact shape are handed over; the page checks the shape and the edges again.
import { type GraphDirection, type KeptLayout, graphShape } from '../../../common/src/graphLayout';
import type { GraphResult } from '../../../common/src/protocol';

const DIRECTIONS: readonly GraphDirection[] = ['RIGHT', 'DOWN'];

export class LayoutMemory {
  /** By shape, oldest first. */
  private readonly kept = new Map<string, KeptLayout>();

  constructor(private readonly limit = 4) {}

  /** A layout a page made (checked against its schema by the caller): the newest of its shape. */
  keep(layout: KeptLayout): void {
    this.kept.delete(layout.shape);
    this.kept.set(layout.shape, layout);
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
  }

  /** The kept layouts of `g`'s shape, one per direction the page may lay it out in; none for another shape. */
  for(g: GraphResult): KeptLayout[] {
    const found: KeptLayout[] = [];
    for (const d of DIRECTIONS) {
      const k = this.kept.get(graphShape(g, d));
      if (k) found.push(k);
    }
    return found;
  }

  get size(): number {
    return this.kept.size;
  }
}
