// Layouts kept across sessions (server/src/graph/layoutStore.ts through GraphLayouts): a graph laid out
// in one session is drawn in the next on the same boxes without a layout process; one whose edges the
// kept layout has no route for is laid out afresh; a damaged, foreign or oversized file is ignored and
// removed; a directory others may write to is neither read nor written; the most recently used are
// kept. Real files in a temporary directory, and the real layout process (dist/server/layoutProcess.js).
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphShape, layoutFromWire } from '../../common/src/graphLayout/wire';
import type { GraphResult } from '../../common/src/protocol';
import { GraphLayouts } from '../../server/src/graph/graphLayouts';
import { layoutDigest, LayoutStore, MAX_FILES } from '../../server/src/graph/layoutStore';
import type { KeptLayout } from '../../server/src/graph/layoutReuse';
import { chain } from '../helpers/graphFixtures';
import { repoRoot } from '../helpers/lspClient';

const SCRIPT = join(repoRoot, 'dist', 'server', 'layoutProcess.js');
const FIELDS = ['id', 'email', 'amount'];
/** The identity of the code that lays graphs out (the server's: its bundle's digest). */
const BUILD = 'build-1';
const shapeDigest = (shape: string) => layoutDigest(BUILD, shape);

describe('server: graph layouts kept across sessions', function () {
  this.timeout(60_000);
  let dir: string;
  const sessions: GraphLayouts[] = [];
  const logs: string[] = [];

  /** A session's layouts: a fresh engine (no process yet) and a store in `dir`. */
  function session(build = BUILD): GraphLayouts {
    const layouts = new GraphLayouts({ script: SCRIPT, log: (m) => logs.push(m) });
    layouts.store = new LayoutStore(join(dir, 'layouts'), (m) => logs.push(m), build);
    sessions.push(layouts);
    return layouts;
  }
  const files = () => readdirSync(join(dir, 'layouts')).filter((n) => n.endsWith('.layout.json'));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lineage-layout-store-'));
    logs.length = 0;
  });
  afterEach(async () => {
    const ended = sessions.splice(0);
    // Writes still in flight land before their directory goes.
    await Promise.all(ended.flatMap((s) => (s.store ? [s.store.settled()] : [])));
    ended.forEach((s) => s.dispose());
    rmSync(dir, { recursive: true, force: true });
  });

  it('a graph laid out in one session is drawn on the same boxes in the next, without a layout process', async () => {
    const g = chain(3, FIELDS);
    const first = session();
    const made = await first.laidOut(g, 'RIGHT');
    assert.equal(made.made, 'new');
    await first.store!.settled();
    assert.deepEqual(files(), [`${shapeDigest(graphShape(g, 'RIGHT'))}.layout.json`]);
    assert.ok(logs.some((m) => /^Lineage graph: layout kept for later sessions \(\d+ KB\)\.$/.test(m)));
    const file = join(dir, 'layouts', files()[0]!);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'owner-only');
    assert.equal(statSync(join(dir, 'layouts')).mode & 0o777, 0o700);
    first.dispose();

    const next = session();
    const again = await next.laidOut(g, 'RIGHT');
    assert.equal(again.made, 'stored');
    assert.equal(next.engine.running, false, 'no layout process started');
    assert.deepEqual(layoutFromWire(g, again)?.nodes, layoutFromWire(g, made)?.nodes);
    assert.deepEqual(again.routes, made.routes);
    // The other direction is another shape: laid out afresh.
    assert.equal((await next.laidOut(g, 'DOWN')).made, 'new');
  });

  it('a layout kept by another build (other layout options, another elkjs) is not used', async () => {
    const g = chain(2, FIELDS);
    const first = session('build-0');
    await first.laidOut(g, 'RIGHT');
    await first.store!.settled();
    const next = session();
    assert.equal((await next.laidOut(g, 'RIGHT')).made, 'new');
    await next.store!.settled();
    assert.equal(files().length, 2, "each build's own file (the older one goes when 64 newer are kept)");
    assert.equal((await session().laidOut(g, 'RIGHT')).made, 'stored');
  });

  it("the server's build is the digest of its own bundle", async () => {
    const g = chain(2, FIELDS);
    const layouts = new GraphLayouts({ script: SCRIPT, log: (m) => logs.push(m) });
    layouts.store = new LayoutStore(join(dir, 'layouts'));
    sessions.push(layouts);
    await layouts.laidOut(g, 'RIGHT');
    await layouts.store.settled();
    // The server's code is bundled, as this test is (the store's code is in this very file).
    const own = createHash('sha256').update(readFileSync(__filename)).digest('hex');
    assert.deepEqual(files(), [`${layoutDigest(own, graphShape(g, 'RIGHT'))}.layout.json`]);
  });

  it('a hover offering a kept graph needs no process, and the click draws on the kept layout', async () => {
    const g = chain(2, FIELDS);
    const first = session();
    await first.laidOut(g, 'DOWN');
    await first.store!.settled();
    const next = session();
    await next.layOutAhead(g, 'DOWN');
    assert.equal(next.engine.running, false, 'nothing laid out ahead, no warm-up');
    assert.ok(logs.some((m) => /2 components on a layout kept from an earlier session/.test(m)));
    assert.equal((await next.laidOut(g, 'DOWN')).made, 'kept');
    assert.equal(next.engine.running, false);
  });

  it("a guess offered while a click's graph is being looked for never supersedes the click's layout", async () => {
    const next = session();
    const click = next.laidOut(chain(3, FIELDS), 'RIGHT');
    const guess = next.layOutAhead(chain(2, FIELDS), 'RIGHT');
    assert.equal((await click).made, 'new');
    await guess;
  });

  it('a graph with an edge the kept layout has no route for is laid out afresh, and that layout kept', async () => {
    const g = chain(3, FIELDS);
    const first = session();
    await first.laidOut(g, 'RIGHT');
    await first.store!.settled();
    const before = statSync(join(dir, 'layouts', files()[0]!)).size;
    // The same boxes, one crossing more (a field flowing on from the last component to the first).
    const more: GraphResult = {
      ...g,
      edges: [...g.edges, { id: 'back', source: 'c2:out#id', target: 'c0:in#id', kind: 'crossing' }],
    };
    const next = session();
    const made = await next.laidOut(more, 'RIGHT');
    assert.equal(made.made, 'new');
    await next.store!.settled();
    assert.equal(files().length, 1, 'one shape, one file');
    assert.notEqual(statSync(join(dir, 'layouts', files()[0]!)).size, before, 'replaced by the newer layout');
    const third = session();
    assert.equal((await third.laidOut(more, 'RIGHT')).made, 'stored');
  });

  for (const [what, text] of [
    ['not JSON', '{"format":1,'],
    ['of another shape', undefined],
    ['failing its schema', JSON.stringify({ format: 1, shape: '0'.repeat(64), edges: 'none' })],
  ] as const) {
    it(`a kept layout ${what} is ignored and removed, and the graph laid out afresh`, async () => {
      const g = chain(2, FIELDS);
      const digest = shapeDigest(graphShape(g, 'RIGHT'));
      const store = join(dir, 'layouts');
      mkdirSync(store, { mode: 0o700 });
      const file = join(store, `${digest}.layout.json`);
      if (text === undefined) {
        // A sound layout of another graph, under this graph's name.
        const other = chain(3, FIELDS);
        const first = session();
        await first.laidOut(other, 'RIGHT');
        await first.store!.settled();
        const [written] = files();
        writeFileSync(file, readText(join(store, written!)), { mode: 0o600 });
      } else writeFileSync(file, text, { mode: 0o600 });
      const next = session();
      const made = await next.laidOut(g, 'RIGHT');
      assert.equal(made.made, 'new');
      assert.ok(layoutFromWire(g, made), 'a layout of this graph');
      assert.ok(
        logs.some((m) => /a kept layout \([0-9a-f]{12}…\) could not be read and was removed/.test(m)),
      );
      await next.store!.settled();
      assert.equal(readText(file).includes(`"shape":"${digest}"`), true, 'replaced by a sound one');
    });
  }

  it('a directory others may write to is neither read nor written', async function () {
    if (typeof process.getuid !== 'function') this.skip();
    const g = chain(2, FIELDS);
    const first = session();
    await first.laidOut(g, 'RIGHT');
    await first.store!.settled();
    chmodSync(join(dir, 'layouts'), 0o777);
    const next = session();
    assert.equal((await next.laidOut(g, 'RIGHT')).made, 'new', 'not read');
    assert.equal((await next.laidOut(chain(3, FIELDS), 'RIGHT')).made, 'new');
    await next.store!.settled();
    const told = logs.filter((m) =>
      /cannot be kept for later sessions: .* is not private to this user/.test(m),
    );
    assert.equal(told.length, 1, 'said once, not for every layout');
  });

  it(`keeps the ${MAX_FILES} most recently used layouts`, async () => {
    const store = new LayoutStore(join(dir, 'layouts'), undefined, BUILD);
    const kept = (i: number): KeptLayout => ({
      edges: new Map([[`e${i}`, `crossing c${i}:out#id>c${i + 1}:in#id`]]),
      bundles: new Map(),
      laid: {
        nodes: new Map([[`c${i}`, { x: 0, y: 0, width: 220, height: 90 }]]),
        boundaries: new Map(),
        edges: new Map([
          [
            `e${i}`,
            [
              { x: 0, y: 0 },
              { x: 10, y: 20 },
            ],
          ],
        ]),
        bundles: [],
        width: 220,
        height: 90,
      },
    });
    for (let i = 0; i < MAX_FILES; i++) await store.write(`shape ${i}`, kept(i));
    // The first written is the oldest, but used since: the second is the least recently used.
    const t = Date.now() / 1000;
    for (const [n, i] of [...Array(MAX_FILES).keys()].entries())
      utimesSync(
        join(dir, 'layouts', `${shapeDigest(`shape ${i}`)}.layout.json`),
        t - 1000 + n,
        t - 1000 + n,
      );
    assert.ok(await store.read('shape 0'));
    await store.write(`shape ${MAX_FILES}`, kept(MAX_FILES));
    assert.equal(files().length, MAX_FILES);
    assert.equal(existsSync(join(dir, 'layouts', `${shapeDigest('shape 1')}.layout.json`)), false);
    assert.deepEqual((await store.read('shape 0'))?.laid.nodes.get('c0'), {
      x: 0,
      y: 0,
      width: 220,
      height: 90,
    });
    assert.ok(await store.read(`shape ${MAX_FILES}`));
  });
});

const readText = (file: string) => readFileSync(file, 'utf8');
