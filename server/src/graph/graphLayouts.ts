// The graph panel's layouts, made by the server: the kept layout of the graph's shape when it serves
// (layoutReuse.ts), else elkjs in the layout worker (layoutEngine.ts), never on the main thread.
import { layout, type Laid } from '../../../common/src/graphLayout/layout';
import { type GraphDirection, type GraphLayout, layoutToWire } from '../../../common/src/graphLayout/wire';
import type { GraphResult } from '../../../common/src/protocol';
import { LayoutEngine, type LayoutEngineOptions } from './layoutEngine';
import { LayoutReuse } from './layoutReuse';

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
      // A layout still running is for an older graph: stopped, and a fresh worker readied.
      if (this.engine.supersede()) this.engine.warmUp();
      return layoutToWire(kept, direction, 'kept');
    }
    const laid: Laid = await layout(g, this.engine, direction);
    this.kept.keep(g, direction, laid);
    return layoutToWire(laid, direction, 'new');
  }

  dispose(): void {
    this.engine.dispose();
  }
}
