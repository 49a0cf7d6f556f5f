// Walks the field graph upstream or downstream of some fields, level by level of component crossings
// (a mapping inside a component costs 0, a crossing 1), so every field is reached at its least number
// of crossings — the `hops` the impact and the graph show, counted as the service counts nearest_hops.
import type { GraphFilters, MappingKind } from '../../../common/src/protocol';
import type { Arc, LineageModel } from './lineageModel';

export interface Reached {
  hops: number;
  /** Field node it was reached from (-1 for a start). */
  parent: number;
  arc?: Arc;
}

export type Direction = 'down' | 'up';

export function walk(
  model: LineageModel,
  starts: number[],
  direction: Direction,
  filters: GraphFilters = {},
  maxHops = Number.POSITIVE_INFINITY,
): Map<number, Reached> {
  const kinds = filters.kinds ? new Set<MappingKind>(filters.kinds) : undefined;
  const tagged = filters.tag ? (model.fieldsByTag.get(filters.tag) ?? new Set<number>()) : undefined;
  const namespaces = filters.namespaces?.length ? new Set(filters.namespaces) : undefined;
  const adj = direction === 'down' ? model.out : model.in;
  const allowed = (v: number): boolean => {
    if (tagged && !tagged.has(v)) return false;
    if (namespaces && !namespaces.has(model.componentOfField(v)?.detail.namespace ?? '')) return false;
    return true;
  };

  const reached = new Map<number, Reached>();
  let frontier: Array<{ v: number; parent: number; arc?: Arc }> = starts.map((v) => ({ v, parent: -1 }));
  for (let d = 0; frontier.length > 0 && d <= maxHops; d++) {
    const stack: number[] = [];
    for (const f of frontier) {
      if (reached.has(f.v)) continue;
      const r: Reached = { hops: d, parent: f.parent };
      if (f.arc) r.arc = f.arc;
      reached.set(f.v, r);
      stack.push(f.v);
    }
    const next: typeof frontier = [];
    while (stack.length > 0) {
      const u = stack.pop()!;
      for (const a of adj[u]!) {
        if (reached.has(a.to) || !allowed(a.to)) continue;
        if (a.kind === 'crossing') {
          next.push({ v: a.to, parent: u, arc: a });
        } else {
          if (kinds && !kinds.has(a.kind)) continue;
          reached.set(a.to, { hops: d, parent: u, arc: a });
          stack.push(a.to);
        }
      }
    }
    frontier = next;
  }
  return reached;
}

/**
 * Mapping kinds on the way from a start to every reached field (in walking order, without repeats).
 * A field is always reached after its parent (the map keeps insertion order), so one pass suffices.
 */
export function kindsOnTheWay(reached: Map<number, Reached>): Map<number, MappingKind[]> {
  const out = new Map<number, MappingKind[]>();
  const none: MappingKind[] = [];
  for (const [v, r] of reached) {
    const before = r.parent >= 0 ? (out.get(r.parent) ?? none) : none;
    const k = r.arc?.kind;
    out.set(v, k && k !== 'crossing' && !before.includes(k) ? [...before, k] : before);
  }
  return out;
}

/** The id of a field arc as the graph names its edge. */
export function arcEdgeId(model: LineageModel, from: number, to: number): string {
  return `${model.fields[from]!.id}>${model.fields[to]!.id}`;
}
