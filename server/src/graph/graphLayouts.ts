// The graph panel's layouts, made by the server: the kept layout of the graph's shape when it serves
// (layoutReuse.ts; kept this session, or in an earlier one: layoutStore.ts), else elkjs in the layout
// process (layoutEngine.ts), never on the main thread.
import type { ChildProcess } from 'node:child_process';
import { crossingBundles } from '../../../common/src/graphLayout/bundles';
import { elkGraph, layout, type Laid } from '../../../common/src/graphLayout/layout';
import {
  type GraphDirection,
  type GraphLayout,
  graphShape,
  layoutToWire,
} from '../../../common/src/graphLayout/wire';
import type { GraphResult } from '../../../common/src/protocol';
import { LayoutEngine, type LayoutEngineOptions, LayoutSuperseded, sizeOf } from './layoutEngine';
import { LayoutReuse } from './layoutReuse';
import type { LayoutStore } from './layoutStore';
import { WARM_UP_ROUNDS, warmUpGraph } from './warmUpGraph';

/** A layout begun before it was asked for: the graph a link in front of the user opens. */
interface Ahead {
  shape: string;
  laid: Promise<Laid>;
}

/**
 * The last layout made ahead, until a request takes it: kept apart from the layouts requests made, so
 * guesses never push those out.
 */
interface Guess {
  shape: string;
  g: GraphResult;
  direction: GraphDirection;
  laid: Laid;
}

export class GraphLayouts {
  readonly engine: LayoutEngine;
  private readonly kept = new LayoutReuse();
  /** Layouts asked for (a warm-up stops when one is). */
  private asked = 0;
  private ahead: Ahead | undefined;
  private guess: Guess | undefined;
  /** The latest guess asked for (an older one still waiting for its turn gives way to it). */
  private newestGuess: object | undefined;
  /** The warm-up running, if one is. */
  private warming: object | undefined;
  /** The last process whose warm-up ended (its code optimised for a large graph). */
  private warmed: ChildProcess | undefined;
  /** Layouts kept across sessions (set once the server knows the user's storage); none: this session's only. */
  store: LayoutStore | undefined;

  constructor(private readonly opts: LayoutEngineOptions = {}) {
    this.engine = new LayoutEngine(opts);
  }

  /**
   * `g` laid out in `direction`. A layout still running for an older graph is superseded (its promise
   * rejects with LayoutSuperseded), also when this one is drawn on a kept layout.
   */
  async laidOut(g: GraphResult, direction: GraphDirection): Promise<GraphLayout> {
    const ask = ++this.asked;
    // Only asked for when it is looked up (a large graph's shape is long to write).
    const shape = this.ahead || this.guess || this.store ? graphShape(g, direction) : undefined;
    const ahead = this.ahead;
    if (ahead && ahead.shape === shape) {
      // Being laid out already, as its link was shown: that layout, not a second one.
      const done = await ahead.laid.then(
        () => true,
        () => false,
      );
      const laid = done ? this.takeGuess(g, direction, shape) : undefined;
      if (laid) return layoutToWire(laid, direction, 'ahead');
      // A newer graph was asked for meanwhile (and superseded the layout ahead): this one is not wanted.
      if (ask !== this.asked) throw new LayoutSuperseded();
    }
    const kept = this.kept.reuse(g, direction, shape);
    const reused = kept ?? this.takeGuess(g, direction, shape);
    if (reused) {
      // A layout still running is for an older graph: stopped, and a fresh process readied.
      if (this.engine.supersede()) void this.warmUp();
      return layoutToWire(reused, direction, kept ? 'kept' : 'ahead');
    }
    if (this.store && shape !== undefined && (await this.adoptStored(shape))) {
      if (ask !== this.asked) throw new LayoutSuperseded();
      const stored = this.kept.reuse(g, direction, shape);
      if (stored) {
        if (this.engine.supersede()) void this.warmUp();
        return layoutToWire(stored, direction, 'stored');
      }
    }
    const laid: Laid = await layout(g, this.engine, direction);
    this.keepLaid(g, direction, laid);
    return layoutToWire(laid, direction, 'new');
  }

  /** Keeps a layout elkjs made, for this session and (with a store) later ones. */
  private keepLaid(g: GraphResult, direction: GraphDirection, laid: Laid): void {
    const { shape, kept } = this.kept.keep(g, direction, laid);
    void this.store?.write(shape, kept);
  }

  /** Whether a layout of `shape` kept in an earlier session was found (it is then kept in memory). */
  private async adoptStored(shape: string): Promise<boolean> {
    const stored = await this.store?.read(shape);
    if (stored) this.kept.adopt(shape, stored);
    return stored !== undefined;
  }

  /**
   * Lays out the graph a link in front of the user opens (a hover's "Lineage graph"), before the click:
   * the panel's request then finds it laid out, or waits for this layout instead of making another.
   * Only a graph of up to AHEAD_LIMIT boxes, ports and edges (a guess must cost little; one superseded
   * by a click on another graph ends in its process, or above SMALL_LAYOUT has it restarted) and only
   * when no layout but the warm-up's is being made (a guess never supersedes a panel's layout; it ends
   * a warm-up; a guess being made is let end, and only the newest of those offered meanwhile follows).
   * A process not warmed up yet is then warmed up as `warmUp` would. Resolves when done; never rejects.
   */
  async layOutAhead(g: GraphResult, direction: GraphDirection): Promise<void> {
    // One guess at a time, the newest next: a hover moved on from is not waited for by the one after.
    const turn = (this.newestGuess = {});
    if (this.ahead) await this.ahead.laid.catch(() => undefined);
    if (this.newestGuess !== turn) return;
    if (this.engine.busy && !this.warming) return;
    const shape = graphShape(g, direction);
    if (this.store && !this.kept.has(shape) && this.guess?.shape !== shape) {
      const asked = this.asked;
      if (await this.adoptStored(shape)) {
        // Kept from an earlier session: the click draws on it, and nothing needs the layout process
        // yet (starting it would take a core from the editor making the panel).
        this.opts.log?.(
          `Lineage graph: ${g.nodes.length} components on a layout kept from an earlier session.`,
        );
        return;
      }
      // A click or a newer guess came while the file was looked for: theirs is the layout to make.
      if (this.newestGuess !== turn || this.asked !== asked || (this.engine.busy && !this.warming)) return;
    }
    if (this.kept.has(shape) || this.guess?.shape === shape || !withinAheadLimit(g, direction))
      return this.warmUp();
    const asked = this.asked;
    const ahead: Ahead = { shape, laid: layout(g, this.engine, direction) };
    this.ahead = ahead;
    try {
      this.guess = { shape, g, direction, laid: await ahead.laid };
      this.opts.log?.(
        `Lineage graph: ${g.nodes.length} components laid out ahead (a link to them was shown).`,
      );
    } catch {
      return; // superseded by a real layout, or the process failed (the engine has logged why)
    } finally {
      if (this.ahead === ahead) this.ahead = undefined;
    }
    // The warm-up after a guess, unless a click or a newer guess came meanwhile (that one warms up).
    if (this.asked === asked && this.newestGuess === turn && this.engine.process !== this.warmed)
      await this.warmUpRounds(asked);
  }

  /**
   * The guess's layout for `g`, if it was of `g`'s shape: from now on kept like any layout a request
   * made (undefined when `g` has edges the guess has no route for: a layout of its own, then).
   */
  private takeGuess(g: GraphResult, direction: GraphDirection, shape: string | undefined): Laid | undefined {
    const guess = this.guess;
    if (!guess || guess.shape !== shape) return undefined;
    this.guess = undefined;
    this.keepLaid(guess.g, guess.direction, guess.laid);
    return this.kept.reuse(g, direction, shape);
  }

  /**
   * Starts the layout process ahead of a layout and has it lay out small graphs shaped like real ones
   * (warmUpGraph.ts), one after another, so elkjs has loaded and the code a graph goes through is
   * optimised by the time one comes. A layout asked for meanwhile waits for the small one running and
   * ends the warm-up. A no-op while the process runs. Resolves when the warm-up has ended.
   */
  async warmUp(): Promise<void> {
    if (this.engine.running) return;
    await this.warmUpRounds(this.asked);
  }

  /**
   * The warm-up's layouts, until one is asked for (`asked` changes) or a layout ahead supersedes the
   * one running.
   */
  private async warmUpRounds(asked: number): Promise<void> {
    const t0 = performance.now();
    const graph = warmUpGraph();
    const run = {};
    this.warming = run;
    try {
      for (let i = 0; i < WARM_UP_ROUNDS; i++) {
        if (this.asked !== asked) return;
        await layout(graph, this.engine);
      }
      this.warmed = this.engine.process;
      this.opts.log?.(`Lineage graph: layout process warmed up in ${Math.round(performance.now() - t0)} ms.`);
    } catch {
      // Superseded by a real layout or one ahead, or the process failed (the engine has logged why).
    } finally {
      if (this.warming === run) this.warming = undefined;
    }
  }

  dispose(): void {
    this.engine.dispose();
  }
}

/**
 * The largest graph laid out ahead (boxes, ports and edges, as `sizeOf` counts): a neighbourhood of the
 * demo's size and more (hundreds), laid out in tens of milliseconds once elkjs runs warm.
 */
export const AHEAD_LIMIT = 1_000;

/** Whether `g` is small enough to be laid out ahead (a cheap bound first). */
function withinAheadLimit(g: GraphResult, direction: GraphDirection): boolean {
  if (g.nodes.length + g.edges.length > AHEAD_LIMIT) return false;
  return sizeOf(elkGraph(g, direction, crossingBundles(g))) <= AHEAD_LIMIT;
}
