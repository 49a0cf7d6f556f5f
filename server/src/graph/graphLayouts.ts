// The graph panel's layouts, made by the server: the kept layout of the graph's shape when it serves
// (layoutReuse.ts), else elkjs in the layout process (layoutEngine.ts), never on the main thread.
import { layout, type Laid } from '../../../common/src/graphLayout/layout';
import { type GraphDirection, type GraphLayout, layoutToWire } from '../../../common/src/graphLayout/wire';
import type { GraphResult } from '../../../common/src/protocol';
import { LayoutEngine, type LayoutEngineOptions } from './layoutEngine';
import { LayoutReuse } from './layoutReuse';

/** A component with a field passed on to a collapsed one: what a real graph's layout goes through. */
function warmUpGraph(): GraphResult {
  const boundary = (id: string, role: 'ingress' | 'egress') => ({
    id,
    label: id,
    roles: [role],
    fields: [{ id: `${id}#a`, name: 'a', tags: [], dependsOn: [] }],
    moreFields: 0,
  });
  const node = (id: string, expanded: boolean) => ({
    id,
    type: 'CODE' as const,
    label: id,
    namespace: '',
    expanded,
    counts: { paths: 1, boundaries: 2, fields: 2, taggedFields: 0 },
    boundaries: expanded ? [boundary('in', 'ingress'), boundary('out', 'egress')] : [],
    paths: [],
    moreBoundaries: 0,
    hiddenNeighbours: 0,
  });
  return {
    focus: { kind: 'component', componentId: 'c' },
    centre: ['c'],
    nodes: [node('c', true), node('d', false)],
    edges: [
      { id: 'm', source: 'in#a', target: 'out#a', kind: 'mapping', mapping: 'DataFlow' },
      { id: 'x', source: 'c', target: 'd', kind: 'component' },
    ],
    namespaces: [],
    tags: [],
    collapsed: false,
  };
}

export class GraphLayouts {
  readonly engine: LayoutEngine;
  private readonly kept = new LayoutReuse();

  constructor(opts: LayoutEngineOptions = {}) {
    this.engine = new LayoutEngine(opts);
  }

  /**
   * `g` laid out in `direction`. A layout still running for an older graph is superseded (its promise
   * rejects with LayoutSuperseded), also when this one is drawn on a kept layout.
   */
  async laidOut(g: GraphResult, direction: GraphDirection): Promise<GraphLayout> {
    const kept = this.kept.reuse(g, direction);
    if (kept) {
      // A layout still running is for an older graph: stopped, and a fresh process readied.
      if (this.engine.supersede()) this.engine.warmUp();
      return layoutToWire(kept, direction, 'kept');
    }
    const laid: Laid = await layout(g, this.engine, direction);
    this.kept.keep(g, direction, laid);
    return layoutToWire(laid, direction, 'new');
  }

  /**
   * Starts the layout process ahead of a layout and has it lay out a small graph of the kind it will get (a
   * compound component with field ports, an edge to a collapsed one), so elkjs has loaded and the code a
   * graph goes through has run by the time one comes; a layout asked for meanwhile queues behind it.
   * A no-op while the process runs.
   */
  warmUp(): void {
    if (this.engine.running) return;
    layout(warmUpGraph(), this.engine).catch(() => undefined); // superseded, or the process failed
  }

  dispose(): void {
    this.engine.dispose();
  }
}
