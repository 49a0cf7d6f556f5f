// Closed files placed after the build (AnchorIndexOptions.placeInBackground), as the language server
// builds: the build resolves once the files that need more than their own text are placed; the rest
// are placed in the background or at once when something asks for their anchors, and the build is
// complete (onDidRebuild) only when they all are. On real files and real repositories the tests create,
// with paths named as scanners name them (ingress = the handler, egress = the callee).
import assert from 'node:assert/strict';
import { promises as fs, readFileSync } from 'node:fs';
import {
  AnchorIndex,
  GitMapper,
  fileUri,
  type AnchorEntry,
  type TrackedAnchor,
} from '../../../server/src/anchors';
import { IndexState, newFileAnchors } from '../../../server/src/anchors/indexState';
import { Placement } from '../../../server/src/anchors/placement';
import { WrittenFromBuffer } from '../../../server/src/anchors/writtenFromBuffer';
import { newSlot } from '../../../server/src/anchors/slot';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
import { GitRepo, lines } from '../../helpers/gitRepo';
import { TempWorkspace, pathEntry } from './workspace';

const ORDERS_GO = lines(
  'package orders', // 1
  '', // 2
  'func (s *Server) CreateOrder(ctx context.Context, req *pb.CreateOrderRequest) error {', // 3
  '\treturn s.saveOrder(ctx, req)', // 4
  '}', // 5
  '', // 6
  'func (s *Server) saveOrder(ctx context.Context, req *pb.CreateOrderRequest) error {', // 7
  '\treturn s.db.Insert(ctx, req)', // 8
  '}', // 9
);
const ORDERS_PATH = {
  ingress: { signature_name: 'orders.OrderService/CreateOrder' },
  egress: { signature_name: 'orders/Server/saveOrder' },
};

function entry(anchor: Omit<PathCodeAnchor, 'anchor_id'>, commit?: string): AnchorEntry {
  return pathEntry('orders', anchor, ORDERS_PATH, commit);
}

describe('anchors: closed files placed in the background', () => {
  const disposables: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const d of disposables.splice(0).reverse()) await d();
  });

  async function workspace(): Promise<TempWorkspace> {
    const ws = await TempWorkspace.create();
    disposables.push(() => ws.dispose());
    return ws;
  }

  /** An index as the server builds it (synchronous reads, files left for later), with git when given. */
  function indexOver(
    root: string,
    git?: GitMapper,
  ): { index: AnchorIndex; rebuilt: () => number; reads: string[] } {
    const reads: string[] = [];
    const index = new AnchorIndex({
      folders: [{ uri: fileUri(root), fsPath: root, projectRoot: '' }],
      readFile: (p) => fs.readFile(p, 'utf8'),
      readFileSync: (p) => {
        reads.push(p);
        return readFileSync(p, 'utf8');
      },
      placeInBackground: true,
      ...(git ? { git } : {}),
    });
    disposables.push(() => index.dispose());
    let count = 0;
    index.onDidRebuild(() => count++);
    return { index, rebuilt: () => count, reads };
  }
  const get = (index: AnchorIndex, e: AnchorEntry): TrackedAnchor =>
    index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!;

  it('a file left for later is placed at once when its anchors are asked for, before the background gets to it', async () => {
    const ws = await workspace();
    await ws.write('svc/orders.go', ORDERS_GO);
    await ws.write('svc/more.go', ORDERS_GO);
    const e = entry({ file: 'svc/orders.go', line_start: 7, line_end: 9, name: 'saveOrder' });
    const other = entry({ file: 'svc/more.go', line_start: 3, line_end: 5 });
    const { index, rebuilt } = indexOver(ws.root);
    await index.setAnchors([e, other]);
    // The background has not run yet (it starts in a later turn), and the build is not complete.
    assert.equal(rebuilt(), 0);
    const a = get(index, e);
    assert.equal(a.state, 'resolved');
    assert.deepEqual(a.range, { start: { line: 6, character: 0 }, end: { line: 8, character: 1 } });
    assert.deepEqual(
      index.anchorsAt(ws.uri('svc/more.go'), { line: 3, character: 2 }).map((t) => t.entry.anchor.anchor_id),
      [other.anchor.anchor_id],
    );
    const later = await index.whenPlaced();
    assert.equal(later?.files, 2);
    assert.equal(rebuilt(), 1);
    assert.equal(get(index, other).state, 'resolved');
  });

  it('the build is complete (onDidRebuild) only once every file left for later is placed', async () => {
    const ws = await workspace();
    const entries: AnchorEntry[] = [];
    for (let i = 0; i < 40; i++) {
      await ws.write(`svc/f${i}.go`, ORDERS_GO);
      entries.push(entry({ file: `svc/f${i}.go`, line_start: 7, line_end: 9, name: 'saveOrder' }));
    }
    const { index, reads } = indexOver(ws.root);
    const readAtRebuild: number[] = [];
    index.onDidRebuild(() => readAtRebuild.push(new Set(reads).size));
    await index.setAnchors(entries);
    // Every file was left for later: none read by the build itself.
    assert.equal(reads.length, 0);
    assert.equal((await index.whenPlaced())?.files, 40);
    assert.deepEqual(readAtRebuild, [40]);
    assert.ok(
      entries.every((e) => {
        const a = get(index, e);
        return a.state === 'resolved' && a.range?.start.line === 6;
      }),
    );
  });

  it('an unreadable file left for later: not a problem until it is placed, then reported, and the build completes', async () => {
    const ws = await workspace();
    await ws.write('svc/orders.go', ORDERS_GO);
    // A directory where the anchor's file should be: found, but it cannot be read.
    await fs.mkdir(ws.abs('svc/broken.go'), { recursive: true });
    const ok = entry({ file: 'svc/orders.go', line_start: 7, line_end: 9 });
    const broken = entry({ file: 'svc/broken.go', line_start: 1, line_end: 2 });
    const { index, rebuilt } = indexOver(ws.root);
    const problemsAtRebuild: string[][] = [];
    index.onDidRebuild(() => problemsAtRebuild.push(index.problems().map((t) => t.entry.anchor.anchor_id)));
    await index.setAnchors([ok, broken]);
    // Not yet known: a pending anchor is never reported as unresolved before it is read.
    assert.deepEqual(index.problems(), []);
    await index.whenPlaced();
    assert.equal(rebuilt(), 1);
    assert.deepEqual(problemsAtRebuild, [[broken.anchor.anchor_id]]);
    assert.equal(get(index, broken).state, 'unresolved');
    assert.match(get(index, broken).problem ?? '', /read/i);
  });

  it('a file of many anchors is placed by the build itself, in slices (a query would place it in one go)', async () => {
    const ws = await workspace();
    await ws.write('svc/orders.go', ORDERS_GO);
    await ws.write('svc/small.go', ORDERS_GO);
    const many = Array.from({ length: 300 }, () =>
      entry({ file: 'svc/orders.go', line_start: 7, line_end: 9 }),
    );
    const small = entry({ file: 'svc/small.go', line_start: 7, line_end: 9 });
    const { index, reads } = indexOver(ws.root);
    await index.setAnchors([...many, small]);
    assert.deepEqual(reads, [ws.abs('svc/orders.go')]);
    assert.equal((await index.whenPlaced())?.files, 1);
  });

  it('a newer build supersedes the placing of the one before', async () => {
    const ws = await workspace();
    await ws.write('svc/orders.go', ORDERS_GO);
    const first = entry({ file: 'svc/orders.go', line_start: 3, line_end: 5 });
    const second = entry({ file: 'svc/orders.go', line_start: 7, line_end: 9 });
    const { index, rebuilt } = indexOver(ws.root);
    await index.setAnchors([first]);
    const before = index.whenPlaced();
    await index.setAnchors([second]);
    assert.equal(await before, undefined);
    assert.equal((await index.whenPlaced())?.files, 1);
    assert.equal(rebuilt(), 1);
    assert.equal(get(index, second).range?.start.line, 6);
    assert.equal(get(index, first), undefined);
  });

  it('a document opened while its file waits is placed against its own text', async () => {
    const ws = await workspace();
    await ws.write('svc/orders.go', ORDERS_GO);
    const e = entry({ file: 'svc/orders.go', line_start: 7, line_end: 9, name: 'saveOrder' });
    const { index } = indexOver(ws.root);
    await index.setAnchors([e]);
    // Two lines inserted above in the editor, not saved.
    const buffer = ORDERS_GO.replace('package orders\n', 'package orders\n\n// Orders.\n');
    index.openDocument(ws.uri('svc/orders.go'), buffer);
    assert.equal(get(index, e).range?.start.line, 8);
    await index.whenPlaced();
    assert.equal(get(index, e).range?.start.line, 8);
  });

  it('with git: a file changed since the scan is placed by the build itself (its scanned version read), an unchanged one later', async () => {
    const repo = await GitRepo.create();
    disposables.push(() => repo.dispose());
    await repo.write('svc/orders.go', ORDERS_GO);
    await repo.write('svc/same.go', ORDERS_GO);
    const scanned = repo.commit('scan');
    // saveOrder moved above CreateOrder since the scan: git's diff alone would leave the anchor on the
    // handler; its identity (read from the scanned version) follows saveOrder.
    const swapped = lines(
      'package orders',
      '',
      'func (s *Server) saveOrder(ctx context.Context, req *pb.CreateOrderRequest) error {',
      '\treturn s.db.Insert(ctx, req)',
      '}',
      '',
      'func (s *Server) CreateOrder(ctx context.Context, req *pb.CreateOrderRequest) error {',
      '\treturn s.saveOrder(ctx, req)',
      '}',
    );
    await repo.write('svc/orders.go', swapped);
    repo.commit('saveOrder first');
    const moved = entry({ file: 'svc/orders.go', line_start: 7, line_end: 9 }, scanned);
    const same = entry({ file: 'svc/same.go', line_start: 7, line_end: 9 }, scanned);
    const git = new GitMapper({ log: () => undefined, watch: false });
    const { index, rebuilt } = indexOver(repo.root, git);
    await index.setAnchors([moved, same]);
    assert.equal(rebuilt(), 0);
    // Placed by the build, through its identity: on saveOrder, not on the handler now at its lines.
    const m = get(index, moved);
    assert.equal(m.range?.start.line, 2);
    assert.ok(m.state === 'resolved' || m.state === 'relocated', m.state);
    assert.equal((await index.whenPlaced())?.files, 1);
    const s = get(index, same);
    assert.equal(s.state, 'resolved');
    assert.equal(s.range?.start.line, 6);
    assert.equal(rebuilt(), 1);
  });

  it('a query in the middle of a file being placed places the rest of it first', () => {
    const root = '/nonexistent-root';
    const text = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n');
    const state = new IndexState(
      { folders: [], readFile: async () => text, readFileSync: () => text },
      undefined,
    );
    const placement = new Placement(state, new WrittenFromBuffer());
    const key = `${root}/big.txt`;
    const fa = newFileAnchors(fileUri(key));
    // No names to check (a text file, an anchor without a name and a path without boundaries' names).
    const slots = Array.from({ length: 100 }, (_, i) =>
      newSlot({
        componentId: 'notes',
        pathId: `p${i}`,
        anchor: { anchor_id: `line${i}`, file: 'big.txt', line_start: i + 1, line_end: i + 1 },
        expectedNames: [],
      }),
    );
    fa.slots.push(...slots);
    fa.pending = { next: 0 };
    // The background places three of them, then yields.
    assert.equal(placement.placePendingStep(key, fa), true);
    assert.equal(placement.placePendingStep(key, fa), true);
    assert.equal(placement.placePendingStep(key, fa), true);
    assert.equal(slots[2]!.state, 'resolved');
    assert.equal(slots[3]!.state, 'unresolved');
    placement.settle(key, fa);
    assert.equal(fa.pending, undefined);
    assert.ok(slots.every((s, i) => s.state === 'resolved' && s.range?.start.line === i));
    // Nothing is left for the background.
    assert.equal(placement.placePendingStep(key, fa), false);
  });
});
