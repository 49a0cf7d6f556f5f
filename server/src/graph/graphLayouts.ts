// The graph panel's layouts, made by the server: the kept layout of the graph's shape when it serves
// (layoutReuse.ts), else elkjs in the layout process (layoutEngine.ts), never on the main thread.
import { layout, type Laid } from '../../../common/src/graphLayout/layout';
import { type GraphDirection, type GraphLayout, layoutToWire } from '../../../common/src/graphLayout/wire';
import type { GraphResult } from '../../../common/src/protocol';
import { LayoutEngine, type LayoutEngineOptions } from './layoutEngine';
import { LayoutReuse } from './layoutReuse';
import { warmUpGraph } from './warmUpGraph';

export class GraphLayouts {
  readonly engine: LayoutEngine;
  private readonly kept = new LayoutReuse();

  constructor(private readonly opts: LayoutEngineOptions = {}) {
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
      if (this.engine.supersede()) void this.warmUp();
      return layoutToWire(kept, direction, 'kept');
    }
    const laid: Laid = await layout(g, this.engine, direction);
    this.kept.keep(g, direction, laid);
    return layoutToWire(laid, direction, 'new');
  }

  /**
   * Starts the layout process ahead of a layout and has it lay out a graph shaped like a real one
   * (warmUpGraph.ts), so elkjs has loaded and the code a graph goes through is optimised by the time one
   * comes; a layout asked for meanwhile queues behind it. A no-op while the process runs. Resolves when
   * the warm-up has ended (laid out, superseded or failed).
   */
  async warmUp(): Promise<void> {
    if (this.engine.running) return;
    const t0 = performance.now();
    try {
      await layout(warmUpGraph(), this.engine);
      this.opts.log?.(`Lineage graph: layout process warmed up in ${Math.round(performance.now() - t0)} ms.`);
    } catch {
      // Superseded by a real layout, or the process failed (the engine has logged why).
    }
  }

  dispose(): void {
    this.engine.dispose();
  }
}
