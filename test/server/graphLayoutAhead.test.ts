// The graph a link offers, laid out ahead of the click (server/src/graph/graphLayouts.ts's layOutAhead)
// in the real layout process (dist/server/layoutProcess.js): the click's request takes that layout
// (waiting for it, or once done) and elkjs lays the graph out once; guesses never push out the
// layouts requests made; a guess never supersedes a
// layout being made, is superseded by a click on another graph, and is not made for a large graph (the
// process is warmed up instead).
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';
import { elkGraph, layout } from '../../common/src/graphLayout/layout';
import { layoutFromWire } from '../../common/src/graphLayout/wire';
import type { GraphResult } from '../../common/src/protocol';
import { AHEAD_LIMIT, GraphLayouts } from '../../server/src/graph/graphLayouts';
import { SMALL_LAYOUT, sizeOf } from '../../server/src/graph/layoutEngine';
import { chain } from '../helpers/graphFixtures';
import { repoRoot } from '../helpers/lspClient';

const SCRIPT = join(repoRoot, 'dist', 'server', 'layoutProcess.js');
const FIELDS = ['id', 'email', 'amount', 'currency'];

/** A chain whose components are named `prefix0`, `prefix1`, …: graphs told apart in the process's work. */
function named(prefix: string, length: number): GraphResult {
  const g = chain(length, FIELDS);
  const json = JSON.stringify(g).replace(/"c(\d+)/g, `"${prefix}$1`);
  return JSON.parse(json) as GraphResult;
}

/** GraphLayouts whose process's work is recorded: each elkjs graph's first component, in order. */
function recorded(): {
  layouts: GraphLayouts;
  made: string[];
  log: string[];
  told(re: RegExp): Promise<void>;
} {
  const log: string[] = [];
  const waiting: Array<{ re: RegExp; done(): void }> = [];
  const layouts = new GraphLayouts({
    script: SCRIPT,
    log: (m) => {
      log.push(m);
      for (const w of waiting.filter((x) => x.re.test(m))) w.done();
    },
  });
  const made: string[] = [];
  const engine = layouts.engine;
  const real = engine.layout.bind(engine);
  engine.layout = (graph: ElkNode) => {
    made.push(graph.children?.[0]?.id ?? '');
    return real(graph);
  };
  const told = (re: RegExp) =>
    log.some((m) => re.test(m)) ? Promise.resolve() : new Promise<void>((done) => waiting.push({ re, done }));
  return { layouts, made, log, told };
}

describe('server: the graph a link offers, laid out ahead of the click', function () {
  this.timeout(60_000);
  const disposables: Array<{ dispose(): void }> = [];
  afterEach(() => disposables.splice(0).forEach((d) => d.dispose()));

  it('a click while it is being laid out waits for that layout: elkjs lays the graph out once', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const g = named('a', 3);
    const ahead = r.layouts.layOutAhead(g, 'RIGHT');
    assert.equal(r.layouts.engine.busy, true, 'laid out at once');
    const wire = await r.layouts.laidOut(g, 'RIGHT');
    assert.equal(wire.made, 'ahead');
    assert.deepEqual(layoutFromWire(g, wire)?.nodes, (await layout(g, new ELK())).nodes);
    await ahead;
    assert.deepEqual(r.made, ['a0'], 'one layout, the guess; no warm-up after a click');
  });

  it('laid out before the click: the click draws it without the process, which was warmed up meanwhile', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const g = named('b', 3);
    await r.layouts.layOutAhead(g, 'DOWN');
    await r.told(/3 components laid out ahead/);
    await r.told(/warmed up in \d+ ms/); // a process started for the guess goes on to warm up
    assert.equal(r.made[0], 'b0');
    assert.ok(r.made.length > 1, 'the warm-up graphs after it');
    r.layouts.engine.dispose(); // no process: a layout would have to start one
    const wire = await r.layouts.laidOut(g, 'DOWN');
    assert.equal(wire.made, 'ahead');
    assert.equal(r.layouts.engine.running, false, 'no process was started');
    // Offered again: kept already, nothing laid out (the process is not even started for it).
    const count = r.made.length;
    await r.layouts.layOutAhead(g, 'DOWN');
    assert.equal(r.made.length > count && r.made.slice(count).includes('b0'), false);
  });

  it('ends a warm-up running (a hover came before the model was built), then warms the process up after it', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const warming = r.layouts.warmUp();
    assert.equal(r.layouts.engine.busy, true);
    const g = named('w', 3);
    await r.layouts.layOutAhead(g, 'RIGHT');
    await warming;
    await r.told(/3 components laid out ahead/);
    await r.told(/warmed up in \d+ ms/); // the warm-up the guess ended, made after it
    assert.deepEqual(r.made.slice(0, 2), ['c', 'w0'], 'one warm-up round, then the guess');
    assert.equal(r.made.filter((m) => m === 'w0').length, 1);
    assert.equal((await r.layouts.laidOut(g, 'RIGHT')).made, 'ahead');
  });

  it('guesses never push out the layouts the user saw (only the last guess is kept, apart)', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const seen = ['s', 't', 'u', 'v'].map((p) => named(p, 2));
    for (const g of seen) assert.equal((await r.layouts.laidOut(g, 'RIGHT')).made, 'new');
    for (const p of ['h', 'i', 'j', 'k', 'l']) await r.layouts.layOutAhead(named(p, 2), 'RIGHT');
    const count = r.made.length;
    for (const g of seen) assert.equal((await r.layouts.laidOut(g, 'RIGHT')).made, 'kept');
    assert.equal((await r.layouts.laidOut(named('l', 2), 'RIGHT')).made, 'ahead', 'the last guess');
    assert.equal((await r.layouts.laidOut(named('h', 2), 'RIGHT')).made, 'new', 'an older guess is gone');
    assert.deepEqual(r.made.slice(count), ['h0']);
  });

  it('a guess offered while another is made follows it, and of several only the newest', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const first = r.layouts.layOutAhead(named('f', 2), 'RIGHT');
    const moved = r.layouts.layOutAhead(named('o', 2), 'RIGHT'); // a hover moved on from
    const newest = r.layouts.layOutAhead(named('n', 2), 'RIGHT');
    await Promise.all([first, moved, newest]);
    assert.deepEqual(r.made.slice(0, 2), ['f0', 'n0']);
    assert.ok(!r.made.includes('o0'));
    assert.equal((await r.layouts.laidOut(named('n', 2), 'RIGHT')).made, 'ahead');
  });

  it('never supersedes a layout being made (a panel’s): the guess is dropped', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const panel = r.layouts.laidOut(named('p', 3), 'RIGHT');
    await r.layouts.layOutAhead(named('g', 3), 'RIGHT');
    assert.equal((await panel).made, 'new', 'the panel’s layout was not superseded');
    assert.deepEqual(r.made, ['p0']);
    assert.ok(!r.log.some((m) => /laid out ahead/.test(m)));
  });

  it('a click on another graph (or the same in another direction) supersedes the guess and is laid out itself', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const g = named('x', 3);
    const ahead = r.layouts.layOutAhead(g, 'RIGHT');
    const other = await r.layouts.laidOut(named('y', 2), 'RIGHT');
    assert.equal(other.made, 'new');
    await ahead; // superseded: ends quietly
    const turned = await r.layouts.laidOut(g, 'DOWN');
    assert.equal(turned.made, 'new');
    assert.deepEqual(r.made, ['x0', 'y0', 'x0']);
    assert.ok(!r.log.some((m) => /laid out ahead/.test(m)), 'the guess was superseded');
  });

  it('a graph above the small ones (which end in their process when superseded) is guessed too, up to a limit', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const mid = named('m', 14);
    const size = sizeOf(elkGraph(mid));
    assert.ok(size > SMALL_LAYOUT && size <= AHEAD_LIMIT, `size ${size}`);
    const ahead = r.layouts.layOutAhead(mid, 'RIGHT');
    assert.equal((await r.layouts.laidOut(mid, 'RIGHT')).made, 'ahead');
    await ahead;
    assert.deepEqual(r.made, ['m0']);
  });

  it('a large graph is not guessed: the process is warmed up instead', async () => {
    const r = recorded();
    disposables.push(r.layouts);
    const big = named('L', 40);
    assert.ok(sizeOf(elkGraph(big)) > AHEAD_LIMIT, `size ${sizeOf(elkGraph(big))}`);
    await r.layouts.layOutAhead(big, 'RIGHT');
    await r.told(/warmed up in \d+ ms/);
    assert.ok(r.made.length > 0 && !r.made.includes('L0'), `laid out: ${r.made.join(', ')}`);
  });
});
