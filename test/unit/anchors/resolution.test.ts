// Resolving an anchor's `file` to a workspace file, and refusing everything outside the workspace.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { ORDERS_TS, TempWorkspace, entry, allAnchors, allDiagnostics } from './workspace';

describe('anchors: file resolution', () => {
  let ws: TempWorkspace;
  beforeEach(async () => {
    ws = await TempWorkspace.create();
  });
  afterEach(async () => ws.dispose());

  it('resolves the exact relative path under a workspace folder', async () => {
    await ws.write('ws/src/orders.ts', ORDERS_TS);
    const index = ws.index([ws.folder('ws')]);
    const e = entry({ file: 'src/orders.ts', line_start: 3 }, ['parseOrder']);
    await index.setAnchors([e]);
    const t = index.anchor('orders-svc', 'p1', e.anchor.anchor_id)!;
    assert.equal(t.state, 'resolved');
    assert.equal(t.uri, ws.uri('ws/src/orders.ts'));
    assert.deepEqual(index.anchorsInFile(ws.uri('ws/src/orders.ts')), [t]);
  });

  it("resolves against the folder's projectRoot before the folder itself", async () => {
    await ws.write('ws/services/orders/src/orders.ts', ORDERS_TS);
    await ws.write('ws/src/orders.ts', 'something else entirely\n');
    const index = ws.index([ws.folder('ws', 'services/orders')]);
    const e = entry({ file: 'src/orders.ts', line_start: 3 }, ['parseOrder']);
    await index.setAnchors([e]);
    const t = allAnchors(index)[0]!;
    assert.equal(t.uri, ws.uri('ws/services/orders/src/orders.ts'));
    assert.equal(t.state, 'resolved');
  });

  it('resolves a unique path suffix (monorepo) from the walked workspace files', async () => {
    await ws.write('ws/packages/billing/lib/invoice.ts', 'export function invoice() {}\n');
    await ws.write('ws/packages/billing/lib/other.ts', '\n');
    const index = ws.index([ws.folder('ws')]);
    const e = entry({ file: 'lib/invoice.ts', line_start: 1 }, ['invoice']);
    await index.setAnchors([e]);
    const t = allAnchors(index)[0]!;
    assert.equal(t.state, 'resolved');
    assert.equal(t.uri, ws.uri('ws/packages/billing/lib/invoice.ts'));
  });

  it('uses listFiles (relative entries) for suffix matching when given', async () => {
    await ws.write('ws/a/b/c.ts', 'export const c = 1;\n');
    let listed = 0;
    const index = ws.index([ws.folder('ws')], {
      listFiles: async () => {
        listed++;
        return ['a/b/c.ts', 'a/b/d.ts'];
      },
    });
    const e = entry({ file: 'b/c.ts' }, ['c']);
    await index.setAnchors([e]);
    assert.equal(listed, 1);
    assert.equal(allAnchors(index)[0]!.uri, ws.uri('ws/a/b/c.ts'));
  });

  it('an ambiguous suffix is unresolved, naming the candidates', async () => {
    await ws.write('ws/one/util/format.ts', 'x\n');
    await ws.write('ws/two/util/format.ts', 'x\n');
    const index = ws.index([ws.folder('ws')]);
    await index.setAnchors([entry({ file: 'util/format.ts', line_start: 1 }, ['x'])]);
    const [t] = index.problems();
    assert.equal(t!.state, 'unresolved');
    assert.equal(t!.uri, undefined);
    assert.match(t!.problem!, /matches several workspace files/);
    assert.match(t!.problem!, /one\/util\/format\.ts/);
    assert.match(t!.problem!, /two\/util\/format\.ts/);
    assert.match(t!.problem!, /lineageLens\.projectRoot/);
  });

  it('a missing file is unresolved with a problem saying what to do; no file at all too', async () => {
    await ws.write('ws/src/present.ts', 'x\n');
    const index = ws.index([ws.folder('ws')]);
    await index.setAnchors([entry({ file: 'src/absent.ts', name: 'absent' }), entry({ name: 'nofile' })]);
    const problems = index.problems();
    assert.equal(problems.length, 2);
    assert.ok(
      problems.every((p) => p.state === 'unresolved' && p.uri === undefined && p.range === undefined),
    );
    assert.match(problems[0]!.problem!, /"src\/absent\.ts" was not found in the workspace folders/);
    assert.match(problems[1]!.problem!, /has no file/);
    assert.deepEqual(allDiagnostics(index), new Map());
  });

  it('searches every workspace folder (multi-root)', async () => {
    await ws.write('front/src/app.ts', 'export function app() {}\n');
    await ws.write('back/src/server.ts', 'export function serve() {}\n');
    const index = ws.index([ws.folder('front'), ws.folder('back')]);
    await index.setAnchors([entry({ file: 'src/server.ts' }, ['serve'])]);
    assert.equal(allAnchors(index)[0]!.uri, ws.uri('back/src/server.ts'));
  });

  it('refuses ".." escapes and absolute paths without reading them', async () => {
    const secret = await ws.write('outside/secret.ts', 'export const secret = 1;\n');
    await ws.write('ws/src/orders.ts', ORDERS_TS);
    const index = ws.index([ws.folder('ws')]);
    await index.setAnchors([
      entry({ file: '../outside/secret.ts', line_start: 1 }),
      entry({ file: 'src/../../outside/secret.ts' }),
      entry({ file: secret }),
      entry({ file: 'file://' + secret }),
      entry({ file: 'C:\\Windows\\win.ini' }),
      entry({ file: 'src/orders.ts' }, ['parseOrder']),
    ]);
    const states = allAnchors(index).map((t) => t.state);
    assert.deepEqual(states, [
      'outsideWorkspace',
      'outsideWorkspace',
      'outsideWorkspace',
      'outsideWorkspace',
      'outsideWorkspace',
      'resolved',
    ]);
    assert.deepEqual(ws.reads, [ws.abs('ws/src/orders.ts')]);
    const problems = index.problems();
    assert.equal(problems.length, 5);
    assert.match(problems[0]!.problem!, /leads outside the workspace folders/);
    assert.match(problems[2]!.problem!, /is an absolute path/);
    assert.ok(problems.every((p) => /only reads files inside the workspace folders/.test(p.problem!)));
  });

  it('refuses a symlink leading out of the workspace (file or directory) without reading it', async () => {
    await ws.write('outside/secret.ts', 'export function leak() {}\n');
    await ws.write('ws/src/ok.ts', 'export function ok() {}\n');
    await fs.symlink(ws.abs('outside/secret.ts'), ws.abs('ws/src/link.ts'));
    await fs.symlink(ws.abs('outside'), ws.abs('ws/linkdir'));
    await fs.symlink(ws.abs('ws/src/ok.ts'), ws.abs('ws/src/inside-link.ts'));
    const index = ws.index([ws.folder('ws')]);
    await index.setAnchors([
      entry({ file: 'src/link.ts' }, ['leak']),
      entry({ file: 'linkdir/secret.ts' }, ['leak']),
      entry({ file: 'link.ts' }, ['leak']), // the suffix search finds the link, and refuses it too
      entry({ file: 'secret.ts' }, ['leak']), // links to directories are not walked: simply not found
      entry({ file: 'src/inside-link.ts' }, ['ok']),
    ]);
    const all = allAnchors(index);
    assert.deepEqual(
      all.map((t) => t.state),
      ['outsideWorkspace', 'outsideWorkspace', 'outsideWorkspace', 'unresolved', 'resolved'],
    );
    assert.match(all[0]!.problem!, /is a link to a place outside the workspace folders/);
    assert.deepEqual(ws.reads, [ws.abs('ws/src/inside-link.ts')]);
  });

  it('setFolders re-resolves: a file appears when its folder is added', async () => {
    await ws.write('lib/src/util.ts', 'export function util() {}\n');
    await ws.write('app/main.ts', '\n');
    const index = ws.index([ws.folder('app')]);
    await index.setAnchors([entry({ file: 'src/util.ts' }, ['util'])]);
    assert.equal(allAnchors(index)[0]!.state, 'unresolved');
    await index.setFolders([ws.folder('app'), ws.folder('lib')]);
    assert.equal(allAnchors(index)[0]!.state, 'resolved');
  });
});
