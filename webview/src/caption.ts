// The words that say what the graph leaves out and what a picture of it shows: the links a component
// has beyond the depth filter or outside the scope, the fields of a flow the depth hides, and what an
// exported SVG is centred on with the filters that made it (written above the drawing and as its title
// and description, so a picture passed around says which filters it was made with).
import { FIELD_MAPPING_KINDS } from '../../common/src/api/paths';
import type { FieldFlowResult, GraphFilters, GraphNode, GraphResult } from '../../common/src/protocol';
import { counted } from '../../common/src/countWords';

const DEFAULT_DEPTH = 2;

function centreName(g: GraphResult): string {
  const f = g.focus;
  if (f.kind === 'namespace') return `namespace ${f.namespace || '(no namespace)'}`;
  if (f.kind === 'field') return `field ${f.field.field}`;
  if (f.kind === 'path') {
    const path = g.nodes.flatMap((n) => n.paths).find((p) => p.id === f.pathId);
    return `path ${path?.label ?? f.pathId}`;
  }
  return g.nodes.find((n) => n.id === f.componentId)?.label ?? f.componentId;
}

/** First line: what the graph is of; second: every filter, including the ones left as they were. */
export function graphCaption(g: GraphResult, f: GraphFilters): string[] {
  const kinds = f.kinds ?? FIELD_MAPPING_KINDS;
  const filters = [
    g.focus.kind === 'namespace'
      ? 'whole namespace'
      : `depth up ${f.depthUp ?? DEFAULT_DEPTH}, down ${f.depthDown ?? DEFAULT_DEPTH}`,
    f.namespaces?.length ? `namespace ${f.namespaces.join(', ')}` : 'all namespaces',
    f.tag ? `tag ${f.tag}` : 'any tag',
    kinds.length === FIELD_MAPPING_KINDS.length
      ? 'all mapping kinds'
      : `mappings ${kinds.join(', ') || 'none'}`,
  ];
  const count = counted(g.nodes.length, 'component');
  return [`Lineage graph of ${centreName(g)} (${count})`, `Filters: ${filters.join(' · ')}`];
}

/** The depth a side of the walk stopped at, as the filters say (2 when not set). */
function depthOf(f: GraphFilters, side: 'up' | 'down'): number {
  return (side === 'up' ? f.depthUp : f.depthDown) ?? DEFAULT_DEPTH;
}

/**
 * What a component links to that is not drawn: "+N beyond depth D" where the depth filter stopped
 * (up and down named when both), then "+M more linked" for the rest (other namespaces, tags, the cap).
 */
export function hiddenLinks(n: GraphNode, f: GraphFilters): string[] {
  const up = n.beyondDepth?.up ?? 0;
  const down = n.beyondDepth?.down ?? 0;
  const out: string[] = [];
  if (up && down) out.push(`+${up} up, +${down} down beyond depth`);
  else if (up) out.push(`+${up} beyond depth ${depthOf(f, 'up')} up`);
  else if (down) out.push(`+${down} beyond depth ${depthOf(f, 'down')}`);
  const rest = n.hiddenNeighbours - up - down;
  if (rest > 0) out.push(`+${rest} more linked`);
  return out;
}

/** The fields of a flow the depth left out, for the status line ("" when none). */
export function flowBeyondDepth(flow: FieldFlowResult, f: GraphFilters): string {
  const b = flow.beyondDepth;
  if (!b) return '';
  const parts = [
    b.upstream ? `${b.upstream} upstream beyond depth ${depthOf(f, 'up')}` : '',
    b.downstream ? `${b.downstream} downstream beyond depth ${depthOf(f, 'down')}` : '',
  ].filter(Boolean);
  return `+${parts.join(', +')} (raise Up or Down to draw them; Show impact counts them)`;
}

/** A collapsed component's counts: "1 path · 4 fields · 2 tagged". */
export function collapsedCounts(c: GraphNode['counts']): string {
  return [
    counted(c.paths, 'path'),
    counted(c.fields, 'field'),
    ...(c.taggedFields ? [`${c.taggedFields} tagged`] : []),
  ].join(' · ');
}
