// What a diff did to anchored code, on a real repository, the real anchor index (git mapping) and the
// real grammars: the anchored code is the definition its lines are on, not whichever definition bears
// one of the path's names (scanner paths name the handler and the callee, often defined side by side).
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { AnchorIndex, GitMapper, fileUri, type AnchorEntry } from '../../server/src/anchors';
import { TreeSitterDefinitions } from '../../server/src/anchors/syntax/definitionSource';
import { closeDiff, readDiff, textAt } from '../../server/src/changeImpact/diffRange';
import { touchedAnchors } from '../../server/src/changeImpact/touchedAnchors';
import { GitRepo, lines } from '../helpers/gitRepo';

// The call is nearer to the callee's definition than to the handler's first line.
const CONSUMER = lines(
  'def handle_order_created(event):', // 1
  '    order = event["order"]', // 2
  '    total = order["total"]', // 3
  '    tax = order["tax"]', // 4
  '    log(order, total, tax)', // 5
  '    put_invoice(order["id"], order)', // 6
  '    return order["id"]', // 7
  '', // 8
  '', // 9
  'def put_invoice(order_id, order):', // 10
  '    write(order_id, order)', // 11
);

describe('change impact: which anchored code a diff touches (real repository, index and grammars)', () => {
  let repo: GitRepo;
  let git: GitMapper;
  let index: AnchorIndex;
  const definitions = new TreeSitterDefinitions();
  beforeEach(async () => {
    repo = await GitRepo.create();
  });
  afterEach(async () => {
    index?.dispose();
    git?.dispose();
    await repo.dispose();
  });

  it('a call inside a handler edited while the callee beside it moves away: modified, not moved', async () => {
    await repo.write('consumer.py', CONSUMER);
    const scanned = repo.commit('scan');
    // As a scanner records it: the call's line, named by the handler (ingress) and the callee (egress).
    const entry: AnchorEntry = {
      componentId: 'billing',
      pathId: 'p1',
      anchor: { anchor_id: 'a1', file: 'consumer.py', line_start: 6, line_end: 6 },
      expectedNames: ['put_invoice', 'handle_order_created'],
      commit: scanned,
    };
    // The callee moves to its own module; the call now goes through it.
    await repo.write(
      'consumer.py',
      CONSUMER.replace(
        '    put_invoice(order["id"], order)',
        '    storage.put_invoice(order["id"], order)',
      ).replace(/\n\ndef put_invoice[\s\S]*$/, '\n'),
    );
    await repo.write('storage.py', lines('def put_invoice(order_id, order):', '    write(order_id, order)'));
    git = new GitMapper({ log: () => undefined });
    index = new AnchorIndex({
      folders: [{ uri: fileUri(repo.root), fsPath: repo.root, projectRoot: '' }],
      readFile: (p) => fs.readFile(p, 'utf8'),
      git,
      definitions,
    });
    await index.setAnchors([entry]);
    assert.equal(index.anchor('billing', 'p1', 'a1')?.range?.start.line, 5, 'placed on the call');

    const range = await readDiff(repo.root, {});
    try {
      const touched = await touchedAnchors({
        root: repo.root,
        range,
        index,
        definitions,
        headText: (file) => repo.read(file),
        baseText: (file) => textAt(range, range.base.commit, file),
      });
      assert.deepEqual(
        touched.map((t) => [t.anchor.entry.pathId, t.change, t.file, t.lineStart]),
        [['p1', 'modified', 'consumer.py', 6]],
      );
    } finally {
      closeDiff(range);
    }
  });
});
