// How many times the edges of a laid-out graph cross one another: each pair of segments of two
// different edges that properly intersect counts once (touching at an end or running along each other
// does not). The figure the graph's bundling of crossings is measured by.
import type { Laid } from '../../common/src/graphLayout/layout';

type Point = { x: number; y: number };

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** Whether segments ab and cd cross at a point inside both. */
function properlyIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  const eps = 1e-9;
  return (
    ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) &&
    ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps))
  );
}

/**
 * The edges drawn outside field mode: every laid-out edge but the crossings a bundle stands for (and,
 * with `only`, those of them it keeps).
 */
export function drawnEdges(l: Laid, only: (id: string) => boolean = () => true): Point[][] {
  const bundled = new Set(l.bundles.flatMap((b) => b.members.map((e) => e.id)));
  return [...l.edges].filter(([id]) => !bundled.has(id) && only(id)).map(([, pts]) => pts);
}

export function segmentCrossings(edges: readonly Point[][]): number {
  const segs = edges.map((pts) => pts.slice(1).map((p, i) => [pts[i]!, p] as const));
  let n = 0;
  for (let i = 0; i < segs.length; i++)
    for (let j = i + 1; j < segs.length; j++)
      for (const [a, b] of segs[i]!) for (const [c, d] of segs[j]!) if (properlyIntersect(a, b, c, d)) n++;
  return n;
}
