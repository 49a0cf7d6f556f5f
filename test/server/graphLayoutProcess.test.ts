// The server's layout process (server/src/graph/layoutEngine.ts, graphLayouts.ts) with the built script
// (dist/server/layoutProcess.js, real elkjs in a forked child process): it lays a graph out as elkjs
// does in-process, starts only when a layout is asked for and stops after its idle time, a newer layout
// supersedes an older one still running, a graph that only hides edges is drawn on the kept layout, a
// process that fails to start, exits or crashes gives one clear error, after which the next layout
// starts a new one; it is forked without the server's V8 flags or environment, and none is left behind
// when the real server stops or is killed.
import { strict as assert } from 'node:assert';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { elkGraph, layout } from '../../common/src/graphLayout/layout';
import { layoutFromWire } from '../../common/src/graphLayout/wire';
import * as P from '../../common/src/protocol';
import type { GraphResult } from '../../common/src/protocol';
import { GraphLayouts } from '../../server/src/graph/graphLayouts';
import {
  LAYOUT_PROCESS_FLAGS,
  LayoutEngine,
  LayoutSuperseded,
  SMALL_LAYOUT,
  layoutProcessEnv,
  sizeOf,
} from '../../server/src/graph/layoutEngine';
import { warmUpGraph } from '../../server/src/graph/warmUpGraph';
import { chain } from '../helpers/graphFixtures';
import { LspClient, repoRoot, serverJs } from '../helpers/lspClient';
import { turnCounter } from '../helpers/turnCounter';

const SCRIPT = join(repoRoot, 'dist', 'server', 'layoutProcess.js');
const ELK_SCRIPT = join(repoRoot, 'dist', 'server', 'elk.js');
/** The name of elkjs's code cache, whatever the digest. */
const CACHE_NAME = /^elk\.js\.[0-9a-f]{16}\.v8cache$/;
const FIELDS = ['id', 'email', 'amount', 'currency'];

/** Resolves when `log` is told something matching `re` (the engine's own report of what it did). */
function logged(re: RegExp): { log: (m: string) => void; seen: Promise<string>; all: string[] } {
  let done!: (m: string) => void;
  const all: string[] = [];
  const seen = new Promise<string>((r) => (done = r));
  return { log: (m) => (all.push(m), re.test(m) && done(m)), seen, all };
}

/** Whether process `pid` has ended (gone, or a zombie nobody has reaped yet). Linux: read from /proc. */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/**
 * Resolves once `pid` has ended. It is not this process's child, so no event tells of its end: its
 * state is read every 20 ms, up to `ms`.
 */
async function waitEnded(pid: number, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!ended(pid)) {
    if (Date.now() > until) throw new Error(`process ${pid} is still running after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('server: the graph layout process', function () {
  this.timeout(60_000);
  const disposables: Array<{ dispose(): void }> = [];
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'lineage-layout-process-'))));
  afterEach(() => disposables.splice(0).forEach((d) => d.dispose()));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lays a graph out in its process as elkjs does in-process, started only when asked and stopped when idle', async () => {
    const stopped = logged(/stopped after a while unused/);
    const layouts = new GraphLayouts({ script: SCRIPT, idleMs: 200, log: stopped.log });
    disposables.push(layouts);
    assert.equal(layouts.engine.running, false, 'no process before the first layout');
    const g = chain(3, FIELDS);
    const wire = await layouts.laidOut(g, 'RIGHT');
    assert.equal(wire.made, 'new');
    assert.equal(layouts.engine.running, true);
    const proc = layouts.engine.process!;
    assert.notEqual(proc.pid, process.pid);
    const exit = once(proc, 'exit');
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
    await exit; // the process itself ended
    // The next layout starts a new process.
    const again = await layouts.laidOut(chain(4, FIELDS), 'DOWN');
    assert.equal(again.direction, 'DOWN');
    assert.equal(layouts.engine.running, true);
    assert.notEqual(layouts.engine.process!.pid, proc.pid);
  });

  it('draws a graph that only hides edges on the kept layout, without elkjs', async () => {
    const started = logged(/process started/);
    const layouts = new GraphLayouts({ script: SCRIPT, log: started.log });
    disposables.push(layouts);
    const g = chain(3, FIELDS);
    const first = await layouts.laidOut(g, 'RIGHT');
    await started.seen;
    layouts.engine.dispose(); // no process: a layout would have to start one
    const fewer: GraphResult = { ...g, edges: g.edges.filter((e) => !e.id.endsWith('email')) };
    const kept = await layouts.laidOut(fewer, 'RIGHT');
    assert.equal(kept.made, 'kept');
    assert.equal(layouts.engine.running, false, 'no process was started');
    assert.deepEqual(kept.nodes, first.nodes);
    assert.ok(kept.routes.length < first.routes.length, 'the hidden edges have no route');
  });

  it('warmed up (a hover offered the graph): the process starts and lays out a graph shaped like a real one, and the first real layout queues behind it', async () => {
    const started = { count: 0 };
    const told = logged(/warmed up in \d+ ms/);
    const layouts = new GraphLayouts({
      script: SCRIPT,
      log: (m) => (/started/.test(m) && started.count++, told.log(m)),
    });
    disposables.push(layouts);
    const warming = layouts.warmUp();
    assert.equal(layouts.engine.running, true);
    await layouts.warmUp(); // a second hover: nothing more
    const g = chain(3, FIELDS);
    const wire = await layouts.laidOut(g, 'RIGHT');
    assert.equal(wire.made, 'new');
    assert.deepEqual(layoutFromWire(g, wire)?.nodes, (await layout(g, new ELK())).nodes);
    assert.equal(started.count, 1, 'one process: warmed, then laying out');
    await warming; // superseded by the real layout, its answer dropped: ends quietly
    assert.equal(told.all.filter((m) => /warmed up/.test(m)).length, 0);
    // Left alone, the warm-up ends laid out and says so.
    const alone = new GraphLayouts({ script: SCRIPT, log: told.log });
    disposables.push(alone);
    await alone.warmUp();
    await told.seen;
    assert.equal(alone.engine.running, true, 'kept for the layout to come');
  });

  it('the warm-up graph goes where real graphs go (an expanded component with field ports, its mappings, collapsed neighbours) and is small enough to be left to end when a click supersedes it', async () => {
    const g = warmUpGraph();
    const expanded = g.nodes.filter((n) => n.expanded);
    assert.equal(expanded.length, 1);
    assert.ok(g.nodes.length - expanded.length >= 5, 'collapsed neighbours');
    const fieldIds = new Set(expanded[0]!.boundaries.flatMap((b) => b.fields.map((f) => f.id)));
    assert.ok(g.edges.some((e) => e.kind === 'mapping' && fieldIds.has(e.source) && fieldIds.has(e.target)));
    assert.ok(
      g.edges.some((e) => e.kind === 'component' && fieldIds.has(e.source)),
      'field → neighbour',
    );
    assert.ok(
      g.edges.some((e) => e.kind === 'component' && !fieldIds.has(e.source)),
      'neighbour → neighbour',
    );
    assert.ok(sizeOf(elkGraph(g)) <= SMALL_LAYOUT, `size ${sizeOf(elkGraph(g))}`);
    const laid = await layout(g, new ELK());
    for (const e of g.edges) assert.ok(laid.edges.get(e.id)?.length, `edge ${e.id} routed`);
  });

  it('a newer layout supersedes one still running: the older rejects, the newer is laid out', async () => {
    const started = { count: 0 };
    const engine = new LayoutEngine({ script: SCRIPT, log: (m) => /started/.test(m) && started.count++ });
    disposables.push(engine);
    // A small graph's layout ends in its process (sooner than a new process starts): the same process.
    let older = engine.layout(elkGraph(chain(3, FIELDS)));
    let newer = engine.layout(elkGraph(chain(2, FIELDS)));
    await assert.rejects(older, LayoutSuperseded);
    assert.deepEqual(
      ((await newer).children ?? []).map((c) => c.id),
      ['c0', 'c1'],
    );
    assert.equal(started.count, 1, 'the process was kept');
    // A large graph's layout has its process killed: a new one lays out the newer graph.
    older = engine.layout(elkGraph(chain(40, FIELDS)));
    const busy = engine.process!;
    const killed = once(busy, 'exit');
    newer = engine.layout(elkGraph(chain(2, FIELDS)));
    await assert.rejects(older, LayoutSuperseded);
    assert.equal((await newer).children?.length, 2);
    assert.equal(started.count, 2, 'a new process was started');
    assert.equal(engine.running, true);
    assert.deepEqual(await killed, [null, 'SIGTERM'], 'the busy process was killed');
  });

  it('stopped (the server shutting down): a layout still running rejects and the process ends', async () => {
    const engine = new LayoutEngine({ script: SCRIPT });
    const running = engine.layout(elkGraph(chain(40, FIELDS)));
    const exit = once(engine.process!, 'exit');
    engine.dispose();
    await assert.rejects(running, /The layout process was stopped/);
    await exit;
    assert.equal(engine.running, false);
  });

  it('leaves the main thread free while it lays out (hovers are answered meanwhile)', async () => {
    const layouts = new GraphLayouts({ script: SCRIPT });
    disposables.push(layouts);
    await layouts.laidOut(chain(2, FIELDS), 'RIGHT'); // the process started and elkjs loaded
    // Turns of the event loop while a large graph is laid out: elkjs on this thread would run as one
    // block (a handful of turns in all); in the process the loop keeps turning throughout.
    const turns = turnCounter();
    const wire = await layouts.laidOut(chain(40, FIELDS), 'RIGHT');
    turns.stop();
    assert.equal(wire.made, 'new');
    assert.ok(turns.now() > 100, `the event loop turned ${turns.now()} times during the layout`);
  });

  it('a process that exits, crashes or fails to start gives one clear error, never a layout on this thread; the next layout starts a new process', async () => {
    // Exits on its first layout, once; then it is the real script.
    const marker = join(dir, 'crashed');
    const flaky = join(dir, 'flaky.js');
    writeFileSync(
      flaky,
      `const fs = require('node:fs');
       if (!fs.existsSync(${JSON.stringify(marker)})) {
         process.on('message', () => {
           fs.writeFileSync(${JSON.stringify(marker)}, '');
           process.exit(3);
         });
       } else require(${JSON.stringify(SCRIPT)});`,
    );
    const told = logged(/Lineage graph: The layout process/);
    const engine = new LayoutEngine({ script: flaky, log: told.log });
    disposables.push(engine);
    await assert.rejects(
      engine.layout(elkGraph(chain(2, FIELDS))),
      /^Error: The layout process stopped \(exit code 3\)\.$/,
    );
    assert.equal(engine.running, false);
    assert.equal(told.all.filter((m) => /The layout process/.test(m)).length, 1, told.all.join('\n'));
    const out = await engine.layout(elkGraph(chain(2, FIELDS)));
    assert.equal(out.children?.length, 2, 'laid out by a new process');

    // One that throws as it loads: the error it died of.
    const broken = join(dir, 'broken.js');
    writeFileSync(broken, `throw new Error('elkjs could not be loaded');`);
    const toldBroken = logged(/Lineage graph: The layout process/);
    const failing = new LayoutEngine({ script: broken, log: toldBroken.log });
    disposables.push(failing);
    await assert.rejects(
      failing.layout(elkGraph(chain(2, FIELDS))),
      /^Error: The layout process failed: elkjs could not be loaded$/,
    );
    assert.deepEqual(
      toldBroken.all.filter((m) => /The layout process/.test(m)),
      ['Lineage graph: The layout process failed: elkjs could not be loaded'],
    );

    // One that is not there; again on the next layout (a new process each time).
    const missing = new LayoutEngine({ script: join(dir, 'missing.js') });
    disposables.push(missing);
    for (let i = 0; i < 2; i++)
      await assert.rejects(
        missing.layout(elkGraph(chain(2, FIELDS))),
        /The layout process failed: Cannot find module/,
      );

    // Killed from outside while it lays out.
    const killedEngine = new LayoutEngine({ script: SCRIPT });
    disposables.push(killedEngine);
    const running = killedEngine.layout(elkGraph(chain(40, FIELDS)));
    killedEngine.process!.kill('SIGKILL');
    await assert.rejects(running, /^Error: The layout process stopped \(signal SIGKILL\)\.$/);
  });

  it('ends by itself when its channel to the server closes', async () => {
    const engine = new LayoutEngine({ script: SCRIPT });
    disposables.push(engine);
    await engine.layout(elkGraph(chain(2, FIELDS)));
    const proc = engine.process!;
    const exit = once(proc, 'exit');
    proc.disconnect(); // as when the server is killed and its end of the channel closes
    assert.deepEqual(await exit, [0, null]);
  });

  it("keeps elkjs's compiled code in the user's directory: the first process writes it after its first layout, owner-only; the next process starts from it and lays out the same", async () => {
    const cacheDir = join(dir, 'cache-first', 'code-cache'); // not there yet
    const written = logged(/layout process's code cache written \(\d+ KB\)/);
    const first = new GraphLayouts({ script: SCRIPT, cacheDir, log: written.log });
    disposables.push(first);
    const g = chain(3, FIELDS);
    const want = layoutFromWire(g, await first.laidOut(g, 'RIGHT'));
    await written.seen;
    assert.ok(
      written.all.some((m) => /code cache absent/.test(m)),
      written.all.join('\n'),
    );
    const files = readdirSync(cacheDir);
    assert.equal(files.length, 1, `only the cache, no temporary file: ${files.join(', ')}`);
    assert.match(files[0]!, CACHE_NAME);
    assert.equal(statSync(join(cacheDir, files[0]!)).mode & 0o777, 0o600);
    assert.equal(statSync(cacheDir).mode & 0o777, 0o700);
    first.dispose();

    const used = logged(/layout process's code cache used/);
    const second = new GraphLayouts({ script: SCRIPT, cacheDir, log: used.log });
    disposables.push(second);
    const got = layoutFromWire(g, await second.laidOut(g, 'RIGHT'));
    await used.seen;
    assert.deepEqual(got?.nodes, want?.nodes);
    assert.deepEqual(got?.edges, want?.edges);
    assert.ok(!used.all.some((m) => /written/.test(m)), 'a cache used is not written again');
  });

  it('a damaged cache is never given to V8 (it would crash the process): the layout is made all the same and the cache written anew', async () => {
    const cacheDir = join(dir, 'cache-damaged');
    const written = logged(/code cache written/);
    const first = new GraphLayouts({ script: SCRIPT, cacheDir, log: written.log });
    disposables.push(first);
    await first.laidOut(chain(2, FIELDS), 'RIGHT');
    await written.seen;
    first.dispose();
    const [name] = readdirSync(cacheDir);
    const path = join(cacheDir, name!);
    const bytes = readFileSync(path);
    // Bytes inside V8's part of the file flipped: V8 itself would take them and crash.
    for (let i = 5_000; i < 5_064; i++) bytes[i] = bytes[i]! ^ 0x5a;
    writeFileSync(path, bytes);

    const again = logged(/code cache written/);
    const second = new GraphLayouts({ script: SCRIPT, cacheDir, log: again.log });
    disposables.push(second);
    const g = chain(3, FIELDS);
    const got = layoutFromWire(g, await second.laidOut(g, 'RIGHT'));
    assert.deepEqual(got?.nodes, (await layout(g, new ELK())).nodes);
    await again.seen;
    assert.ok(
      again.all.some((m) => /code cache damaged/.test(m)),
      again.all.join('\n'),
    );
    assert.notDeepEqual(readFileSync(path), bytes, 'written anew');
  });

  it('a cache directory that cannot be made costs the cache only: layouts go on, and the log says why', async () => {
    const blocker = join(dir, 'not-a-directory');
    writeFileSync(blocker, 'a file where the cache directory would be');
    const told = logged(/code cache could not be written: /);
    const layouts = new GraphLayouts({
      script: SCRIPT,
      cacheDir: join(blocker, 'code-cache'),
      log: told.log,
    });
    disposables.push(layouts);
    const g = chain(3, FIELDS);
    const first = await layouts.laidOut(g, 'RIGHT');
    await told.seen;
    const next = await layouts.laidOut(chain(4, FIELDS), 'RIGHT');
    assert.equal(first.made, 'new');
    assert.equal(next.made, 'new');
  });

  it('gets none of the environment but what starting Node needs', () => {
    const env = {
      PATH: '/usr/bin',
      HOME: '/home/someone',
      NODE_OPTIONS: '--max-old-space-size=100',
      LINEAGE_LENS_API_KEY: 'secret',
      ELECTRON_RUN_AS_NODE: '1',
    };
    assert.deepEqual(layoutProcessEnv(env), { ELECTRON_RUN_AS_NODE: '1' });
    assert.deepEqual(layoutProcessEnv({ PATH: '/usr/bin' }), {});
  });

  it('holds none of the tuning the server does for itself (V8 flags, thread priorities)', () => {
    assert.ok(readFileSync(ELK_SCRIPT, 'utf8').includes('layered'), 'elk.js holds elkjs');
    for (const file of [SCRIPT, ELK_SCRIPT]) {
      const bundle = readFileSync(file, 'utf8');
      for (const call of ['setFlagsFromString', 'setPriority'])
        assert.ok(!bundle.includes(call), `${file} calls ${call}`);
    }
  });

  describe('started by the real server', function () {
    if (process.platform !== 'linux') return; // processes and their command lines read from /proc
    let folder: string;
    before(() => (folder = mkdtempSync(join(tmpdir(), 'lineage-layout-server-'))));
    after(() => rmSync(folder, { recursive: true, force: true }));

    /** A server started with V8 flags and environment of its own, its layout process warmed up. */
    async function serverWithLayoutProcess(storageDir?: string): Promise<{ client: LspClient; pid: number }> {
      const client = await LspClient.start({
        workspaceFolder: folder,
        initializationOptions: { storageDir },
        serverArgs: ['--no-turbo-inlining', '--max-semi-space-size=8', serverJs, '--stdio'],
        env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=2000', LINEAGE_TEST_SECRET: 'not for it' },
      });
      const from = client.mark();
      await client.conn.sendNotification(P.WarmGraphLayoutNotification, {});
      const line = await client.waitFor<{ message: string }>(
        'window/logMessage',
        (m) => /Lineage graph: layout process started \(pid \d+\)/.test(m.message),
        from,
      );
      return { client, pid: Number(/pid (\d+)/.exec(line.message)![1]) };
    }

    it('forks it with its own V8 flag only (no --no-turbo-inlining, nothing of the server’s command line or NODE_OPTIONS) and no environment of the server’s', async () => {
      const storage = join(folder, 'storage');
      const { client, pid } = await serverWithLayoutProcess(storage);
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        // Only its own flag (less inlining, not none): nothing of the server's command line; its one
        // argument the code cache's directory, in the client's storage.
        assert.deepEqual(
          cmdline.slice(1),
          [...LAYOUT_PROCESS_FLAGS, SCRIPT, join(storage, 'code-cache')],
          `its command line: ${cmdline.join(' ')}`,
        );
        assert.ok(!cmdline.some((a) => /turbo-inlining/.test(a)), 'TurboFan inlines in the layout process');
        const server = readFileSync(`/proc/${client.child.pid}/cmdline`, 'utf8');
        assert.ok(server.includes('--no-turbo-inlining'), 'the server itself runs with the flag');
        // Node adds its IPC channel's own two variables; nothing else.
        const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
        assert.deepEqual(
          environ.map((v) => v.slice(0, v.indexOf('='))).sort(),
          ['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE'],
          `its environment: ${environ.join(' ')}`,
        );
        const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        assert.equal(ppid, client.child.pid, 'the server’s child');
      } finally {
        await client.stop();
      }
      await waitEnded(pid);
    });

    it("keeps the layout process's code cache in the client's storage directory, from which the next server's starts; a relative directory is not used", async () => {
      const storage = join(folder, 'storage-next');
      for (const want of [/code cache written/, /code cache used/]) {
        const { client } = await serverWithLayoutProcess(storage);
        try {
          await client.waitFor<{ message: string }>('window/logMessage', (m) => want.test(m.message), 0);
        } finally {
          await client.stop();
        }
      }
      assert.match(readdirSync(join(storage, 'code-cache')).join(), CACHE_NAME);

      const { client, pid } = await serverWithLayoutProcess('relative/storage');
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        assert.deepEqual(cmdline.slice(1), [...LAYOUT_PROCESS_FLAGS, SCRIPT]);
      } finally {
        await client.stop();
      }
    });

    it('leaves no process behind when the server is killed', async () => {
      const { client, pid } = await serverWithLayoutProcess();
      assert.equal(ended(pid), false);
      const exit = once(client.child, 'exit');
      client.child.kill('SIGKILL');
      await exit;
      client.conn.dispose();
      await waitEnded(pid);
    });

    it('leaves no process behind when the server exits without a shutdown', async () => {
      const { client, pid } = await serverWithLayoutProcess();
      const exit = once(client.child, 'exit');
      await client.conn.sendNotification('exit');
      await exit;
      client.conn.dispose();
      await waitEnded(pid);
    });
  });
});
