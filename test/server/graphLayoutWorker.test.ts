// The server's layout worker (server/src/graph/layoutEngine.ts, graphLayouts.ts) with the built worker
// script (dist/server/layoutWorker.js, real elkjs in a worker thread): it lays a graph out as elkjs does
// in-process, starts only when a layout is asked for and stops after its idle time, a newer layout
// supersedes an older one still running, a graph that only hides edges is drawn on the kept layout,
// and a worker that fails or exits gives a clear error, after which the next layout starts a new one.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { elkGraph, layout } from '../../common/src/graphLayout/layout';
import { layoutFromWire } from '../../common/src/graphLayout/wire';
import type { GraphResult } from '../../common/src/protocol';
import { GraphLayouts } from '../../server/src/graph/graphLayouts';
import { LayoutEngine, LayoutSuperseded } from '../../server/src/graph/layoutEngine';
import { chain } from '../helpers/graphFixtures';
import { repoRoot } from '../helpers/lspClient';

const WORKER = join(repoRoot, 'dist', 'server', 'layoutWorker.js');
const FIELDS = ['id', 'email', 'amount', 'currency'];

/** Resolves when `log` is told something matching `re` (the engine's own report of what it did). */
function logged(re: RegExp): { log: (m: string) => void; seen: Promise<string> } {
  let done!: (m: string) => void;
  const seen = new Promise<string>((r) => (done = r));
  return { log: (m) => re.test(m) && done(m), seen };
}

describe('server: the graph layout worker', function () {
  this.timeout(60_000);
  const disposables: Array<{ dispose(): void }> = [];
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'lineage-layout-worker-'))));
  afterEach(() => disposables.splice(0).forEach((d) => d.dispose()));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lays a graph out in its worker as elkjs does in-process, started only when asked and stopped when idle', async () => {
    const stopped = logged(/stopped after a while unused/);
    const layouts = new GraphLayouts({ workerFile: WORKER, idleMs: 200, log: stopped.log });
    disposables.push(layouts);
    assert.equal(layouts.engine.running, false, 'no worker before the first layout');
    const g = chain(3, FIELDS);
    const wire = await layouts.laidOut(g, 'RIGHT');
    assert.equal(wire.made, 'new');
    assert.equal(layouts.engine.running, true);
    const want = await layout(g, new ELK());
    const got = layoutFromWire(g, JSON.parse(JSON.stringify(wire)) as typeof wire);
    assert.ok(got);
    assert.deepEqual(got.nodes, want.nodes);
    assert.deepEqual(got.boundaries, want.boundaries);
    assert.deepEqual(got.edges, want.edges);
    assert.deepEqual(
      got.bundles.map((b) => b.id),
      want.bundles.map((b) => b.id),
    );
    await stopped.seen;
    assert.equal(layouts.engine.running, false, 'stopped once idle');
    // The next layout starts a new worker.
    const again = await layouts.laidOut(chain(4, FIELDS), 'DOWN');
    assert.equal(again.direction, 'DOWN');
    assert.equal(layouts.engine.running, true);
  });

  it('draws a graph that only hides edges on the kept layout, without elkjs', async () => {
    const started = logged(/worker started/);
    const layouts = new GraphLayouts({ workerFile: WORKER, log: started.log });
    disposables.push(layouts);
    const g = chain(3, FIELDS);
    const first = await layouts.laidOut(g, 'RIGHT');
    await started.seen;
    layouts.engine.dispose(); // no worker: a layout would have to start one
    const fewer: GraphResult = { ...g, edges: g.edges.filter((e) => !e.id.endsWith('email')) };
    const kept = await layouts.laidOut(fewer, 'RIGHT');
    assert.equal(kept.made, 'kept');
    assert.equal(layouts.engine.running, false, 'no worker was started');
    assert.deepEqual(kept.nodes, first.nodes);
    assert.ok(kept.routes.length < first.routes.length, 'the hidden edges have no route');
  });

  it('warmed up (a hover offered the graph): the worker starts and lays out a small graph, and the first real layout queues behind it', async () => {
    const started = { count: 0 };
    const layouts = new GraphLayouts({
      workerFile: WORKER,
      log: (m) => /started/.test(m) && started.count++,
    });
    disposables.push(layouts);
    layouts.warmUp();
    assert.equal(layouts.engine.running, true);
    layouts.warmUp(); // a second hover: nothing more
    const g = chain(3, FIELDS);
    const wire = await layouts.laidOut(g, 'RIGHT');
    assert.equal(wire.made, 'new');
    assert.deepEqual(layoutFromWire(g, wire)?.nodes, (await layout(g, new ELK())).nodes);
    assert.equal(started.count, 1, 'one worker: warmed, then laying out');
  });

  it('a newer layout supersedes one still running: the older rejects, the newer is laid out', async () => {
    const started = { count: 0 };
    const engine = new LayoutEngine({ workerFile: WORKER, log: (m) => /started/.test(m) && started.count++ });
    disposables.push(engine);
    // A small graph's layout ends in its worker (sooner than a new worker starts): the same worker.
    let older = engine.layout(elkGraph(chain(3, FIELDS)));
    let newer = engine.layout(elkGraph(chain(2, FIELDS)));
    await assert.rejects(older, LayoutSuperseded);
    assert.deepEqual(
      ((await newer).children ?? []).map((c) => c.id),
      ['c0', 'c1'],
    );
    assert.equal(started.count, 1, 'the worker was kept');
    // A large graph's layout has its worker stopped: a new one lays out the newer graph.
    older = engine.layout(elkGraph(chain(40, FIELDS)));
    newer = engine.layout(elkGraph(chain(2, FIELDS)));
    await assert.rejects(older, LayoutSuperseded);
    assert.equal((await newer).children?.length, 2);
    assert.equal(started.count, 2, 'a new worker was started');
    assert.equal(engine.running, true);
  });

  it('leaves the main thread free while it lays out (hovers are answered meanwhile)', async () => {
    const layouts = new GraphLayouts({ workerFile: WORKER });
    disposables.push(layouts);
    await layouts.laidOut(chain(2, FIELDS), 'RIGHT'); // the worker started and elkjs loaded
    // Turns of the event loop while a large graph is laid out: elkjs on this thread would run as one
    // block (a handful of turns in all); in the worker the loop keeps turning throughout.
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    const wire = await layouts.laidOut(chain(40, FIELDS), 'RIGHT');
    done = true;
    assert.equal(wire.made, 'new');
    assert.ok(turns > 100, `the event loop turned ${turns} times during the layout`);
  });

  it('a worker that exits or fails gives a clear error; the next layout starts a new worker', async () => {
    // Exits on its first layout, once; then it is the real worker.
    const marker = join(dir, 'crashed');
    const flaky = join(dir, 'flaky.js');
    writeFileSync(
      flaky,
      `const fs = require('node:fs');
       if (!fs.existsSync(${JSON.stringify(marker)})) {
         require('node:worker_threads').parentPort.on('message', () => {
           fs.writeFileSync(${JSON.stringify(marker)}, '');
           process.exit(3);
         });
       } else require(${JSON.stringify(WORKER)});`,
    );
    const engine = new LayoutEngine({ workerFile: flaky });
    disposables.push(engine);
    await assert.rejects(
      engine.layout(elkGraph(chain(2, FIELDS))),
      /The layout worker stopped \(exit code 3\)/,
    );
    assert.equal(engine.running, false);
    const out = await engine.layout(elkGraph(chain(2, FIELDS)));
    assert.equal(out.children?.length, 2, 'laid out by a new worker');

    const broken = join(dir, 'broken.js');
    writeFileSync(broken, `throw new Error('elkjs could not be loaded');`);
    const failing = new LayoutEngine({ workerFile: broken });
    disposables.push(failing);
    await assert.rejects(
      failing.layout(elkGraph(chain(2, FIELDS))),
      /The layout worker failed: elkjs could not be loaded/,
    );
  });
});
