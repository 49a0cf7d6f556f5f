// The graph panel's layouts, made by the server: the kept layout of the graph's shape when it serves
// (layoutReuse.ts), else elkjs in the layout process (layoutEngine.ts), never on the main thread.
import { layout, type Laid } from '../../../common/src/graphLayout/layout';
import { type GraphDirection, type GraphLayout, layoutToWire } from '../../../common/src/graphLayout/wire';
import type { GraphResult } from '../../../common/src/protocol';
import { LayoutEngine, type LayoutEngineOptions } from './layoutEngine';
import { LayoutReuse } from './layoutReuse';
import { WARM_UP_ROUNDS, warmUpGraph } from './warmUpGraph';

export class GraphLayouts {
  readonly engine: LayoutEngine;
  private readonly kept = new LayoutReuse();
  /** Layouts asked for (a warm-up stops when one is). */
  private asked = 0;

  constructor(private readonly opts: LayoutEngineOptions = {}) {
    this.engine = new LayoutEngine(opts);
  }

  /**
   * `g` laid out in `direction`. A layout still running for an older graph is superseded (its promise
   * rejects with LayoutSuperseded), also when this one is drawn on a kept layout.
   */
  async laidOut(g: GraphResult, direction: GraphDirection): Promise<GraphLayout> {
    this.asked++;
    const kept = this.kept.reuse(g, direction);
    if (kept) {
      // A layout still running is for an older graph: stopped, and a fresh process readied.
      if (this.engine.supersede()) void this.warmUp();
      return layoutToWire(kept, direction, 'kept');
    }
    const laid: Laid = await layout(g, this.engine, direction);
    this.kept.keep(g, direction, laid);
    return layoutToWire(laid, direction, 'new');
  }

  /**
   * Starts the layout process ahead of a layout and has it lay out small graphs shaped like real ones
   * (warmUpGraph.ts), one after another, so elkjs has loaded and the code a graph goes through is
   * optimised by the time one comes. A layout asked for meanwhile waits for the small one running and
   * ends the warm-up. A no-op while the process runs. Resolves when the warm-up has ended.
   */
  async warmUp(): Promise<void> {
    if (this.engine.running) return;
    const t0 = performance.now();
    const asked = this.asked;
    const graph = warmUpGraph();
    try {
      for (let i = 0; i < WARM_UP_ROUNDS; i++) {
        if (this.asked !== asked) return;
        await layout(graph, this.engine);
      }
      this.opts.log?.(`Lineage graph: layout process warmed up in ${Math.round(performance.now() - t0)} ms.`);
    } catch {
      // Superseded by a real layout, or the process failed (the engine has logged why).
    }
  }

  dispose(): void {
    this.engine.dispose();
  }
}
