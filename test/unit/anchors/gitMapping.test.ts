// The anchor index with git mapping on real repositories: anchors recorded at a commit land on the
// working tree's lines after commits, uncommitted edits and renames; removed code is stale; without
// the commit (or a repository) the recorded lines are used and the reason is logged once.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, promises as fs, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Range } from 'vscode-languageserver';
import { AnchorIndex, GitMapper, fileUri, type AnchorEntry } from '../../../server/src/anchors';
import { GitRepo, lines } from '../../helpers/gitRepo';
import { vscodeReloadEdit } from '../../helpers/vscodeReload';
import { nextChange } from './workspace';

const GO_V1 = lines(
  'package orders', // 1
  '', // 2
  'func ParseOrder(raw string) Order {', // 3
  '\treturn decode(raw)', // 4
  '}', // 5
  '', // 6
  'func ShipOrder(o Order) {', // 7
  '\tsend(o)', // 8
  '}', // 9
);

let n = 0;
function anchorAt(commit: string, file: string, start: number, end: number, name: string): AnchorEntry {
  return {
    componentId: 'svc',
    pathId: `p${++n}`,
    anchor: { anchor_id: `a${n}`, file, line_start: start, line_end: end, name },
    expectedNames: [name],
    commit,
  };
}

describe('anchors: git-aware mapping (real repositories)', () => {
  let repo: GitRepo;
  let git: GitMapper;
  let index: AnchorIndex;
  let logs: string[];

  /** Runs once just before the index next reads a file (then cleared). */
  let beforeRead: (() => void) | undefined;

  async function build(entries: AnchorEntry[], gitPath?: string, sync = false, settleMs?: number) {
    logs = [];
    git = new GitMapper({ log: (m) => logs.push(m), gitPath, settleMs });
    index = new AnchorIndex({
      folders: [{ uri: fileUri(repo.root), fsPath: repo.root, projectRoot: '' }],
      readFile: (p) => {
        const hook = beforeRead;
        beforeRead = undefined;
        hook?.();
        return fs.readFile(p, 'utf8');
      },
      ...(sync ? { readFileSync: (p: string) => readFileSync(p, 'utf8') } : {}),
      git,
    });
    await index.setAnchors(entries);
  }
  const get = (e: AnchorEntry) => index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!;

  beforeEach(async () => {
    repo = await GitRepo.create();
  });
  afterEach(async () => {
    index?.dispose();
    git?.dispose();
    await repo.dispose();
  });

  it('follows committed and uncommitted changes from the scanned commit', async () => {
    await repo.write('orders.go', GO_V1);
    const scanned = repo.commit('scan');
    await repo.write('orders.go', lines('// Package orders.', '// More docs.', GO_V1.trimEnd()));
    repo.commit('docs');
    // Uncommitted: three more lines above ShipOrder.
    const text = (await repo.read('orders.go')).replace('func ShipOrder', '// a\n// b\n// c\nfunc ShipOrder');
    await repo.write('orders.go', text);
    const parse = anchorAt(scanned, 'orders.go', 3, 5, 'ParseOrder');
    const ship = anchorAt(scanned, 'orders.go', 7, 9, 'ShipOrder');
    await build([parse, ship]);
    assert.equal(get(parse).range?.start.line, 4);
    assert.equal(get(parse).state, 'resolved');
    assert.equal(get(parse).sinceScan?.change, 'exact');
    assert.equal(get(ship).range?.start.line, 11);
    assert.equal(get(ship).range?.end.line, 13);
    assert.deepEqual(logs, []);
  });

  it('a preparation that finds the diff it needs still running (a superseded build’s) waits for it', async () => {
    await repo.write('orders.go', GO_V1);
    const scanned = repo.commit('scan');
    await repo.write('orders.go', lines('// Package orders.', GO_V1.trimEnd()));
    // A git whose diff waits until the test opens a gate (a FIFO): a large repository's diff, held.
    const gate = `${repo.root}.gate`;
    execFileSync('mkfifo', [gate]);
    const slowGit = `${repo.root}.git.sh`;
    writeFileSync(
      slowGit,
      `#!/bin/sh\nfor a in "$@"; do [ "$a" = diff ] && { cat '${gate}' >/dev/null; break; }; done\nexec git "$@"\n`,
      { mode: 0o755 },
    );
    const mapper = new GitMapper({ log: () => undefined, watch: false, gitPath: slowGit });
    const folders = [{ uri: fileUri(repo.root), fsPath: repo.root, projectRoot: '' }];
    const file = `${repo.root}/orders.go`;
    try {
      await mapper.prepare(folders, new Set());
      const first = mapper.prepare(folders, new Set([scanned]));
      // One turn: the first preparation reaches its diff (spawned, held at the gate).
      await new Promise<void>((resolve) => setImmediate(resolve));
      let secondDone = false;
      const second = mapper.prepare(folders, new Set([scanned])).then(() => (secondDone = true));
      // Everything the second does without git takes microtasks only: after a turn it would be done.
      await new Promise<void>((resolve) => setImmediate(resolve));
      assert.equal(secondDone, false, 'the second preparation waits for the running diff');
      assert.equal(mapper.fileMap(file, scanned), undefined);
      writeFileSync(gate, '');
      await Promise.all([first, second]);
      assert.equal(mapper.fileMap(file, scanned)?.hunks.length, 1, 'the diff is there once it ends');
    } finally {
      // A failed assertion leaves the diff held: the gate opened (without waiting for a reader).
      try {
        closeSync(openSync(gate, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        /* no reader: nothing held */
      }
      mapper.dispose();
      rmSync(gate, { force: true });
      rmSync(slowGit, { force: true });
    }
  });

  it('marks a partly rewritten range changed since the scan', async () => {
    await repo.write('orders.go', GO_V1);
    const scanned = repo.commit('scan');
    await repo.write('orders.go', GO_V1.replace('\treturn decode(raw)', '\to := decode(raw)\n\treturn o'));
    const parse = anchorAt(scanned, 'orders.go', 3, 5, 'ParseOrder');
    await build([parse]);
    assert.equal(get(parse).sinceScan?.change, 'changed');
    assert.deepEqual([get(parse).range?.start.line, get(parse).range?.end.line], [2, 5]);
    assert.equal(get(parse).state, 'resolved');
  });

  it('a removed function is stale, never moved onto a mention elsewhere', async () => {
    await repo.write('orders.go', GO_V1);
    const scanned = repo.commit('scan');
    // Deleted, with a call of it left elsewhere (the only other occurrence of its name).
    const now = GO_V1.replace(/func ShipOrder[^}]*}\n/, '').replace(
      '\treturn decode(raw)',
      '\tdefer ShipOrder(nil)\n\treturn decode(raw)',
    );
    assert.match(now, /ShipOrder\(nil\)/);
    await repo.write('orders.go', now);
    const ship = anchorAt(scanned, 'orders.go', 7, 9, 'ShipOrder');
    await build([ship]);
    assert.equal(get(ship).state, 'stale');
    assert.equal(get(ship).sinceScan?.change, 'removed');
    assert.match(get(ship).problem ?? '', /removed since the scanned commit/);
  });

  it('finds a file renamed since the scanned commit under its new name', async () => {
    await repo.write('src/orders.go', GO_V1);
    const scanned = repo.commit('scan');
    repo.git('mv', 'src/orders.go', 'src/order_service.go');
    repo.commit('rename');
    const ship = anchorAt(scanned, 'src/orders.go', 7, 9, 'ShipOrder');
    await build([ship]);
    assert.equal(get(ship).uri, fileUri(repo.abs('src/order_service.go')));
    assert.equal(get(ship).sinceScan?.renamedFrom, 'src/orders.go');
    assert.equal(get(ship).range?.start.line, 6);
  });

  it('a clean buffer reloaded after the file changed is placed through git’s mapping of the new file, even when the disk was read in between', async () => {
    const scannedText = lines(
      'package orders',
      '',
      'func (s *Store) Validate(o Order) bool { return true }',
      '',
    );
    // A Validate of the cache above ours, ours pushed down: from the recorded line the nearest
    // definition is the cache's; git maps ours exactly.
    const changed = lines(
      'package orders',
      '',
      '// Validation: the cache first, then the store.',
      '',
      'func (c *Cache) Validate(o Order) bool { return false }',
      '',
      '',
      '',
      'func (s *Store) Validate(o Order) bool { return true }',
      '',
      'func Audit() {}',
    );
    await repo.write('orders.go', scannedText);
    const scanned = repo.commit('scan');
    const validate = anchorAt(scanned, 'orders.go', 3, 3, 'Validate');
    await build([validate], undefined, true);
    const uri = fileUri(repo.abs('orders.go'));
    index.openDocument(uri, scannedText);
    // The file changes before the comparison the open started has read it (as under load): that
    // comparison sees the new disk against the old buffer; then VS Code reloads the clean buffer.
    writeFileSync(repo.abs('orders.go'), changed);
    await index.whenIdle();
    const [edit] = vscodeReloadEdit(scannedText, changed);
    index.changeDocument(uri, [edit as { range: Range; text: string }], changed);
    await index.whenIdle();
    const ours = changed.split('\n').indexOf('func (s *Store) Validate(o Order) bool { return true }');
    assert.equal(get(validate).range?.start.line, ours);
    assert.equal(get(validate).state, 'resolved');
  });

  it('more scanned commits than are diffed at once, two of them lacking: each lacking one logged once, the rest mapped', async () => {
    // Past a few commits the build asks git which it holds in one run before diffing; below that each
    // diff finds out for itself (the test above). Both end the same way.
    const held: string[] = [];
    for (let i = 0; i < 6; i++) {
      await repo.write(
        'orders.go',
        lines(...Array.from({ length: 5 - i }, (_, k) => `// ${k}`), GO_V1.trimEnd()),
      );
      held.push(repo.commit(`commit ${i}`));
    }
    // Now: no comment lines above; ShipOrder at lines 7-9 as in GO_V1. Recorded at each commit, it
    // stood 5 - i lines further down.
    const ships = held.map((c, i) => anchorAt(c, 'orders.go', 7 + 5 - i, 9 + 5 - i, 'ShipOrder'));
    const lacking = ['0123456789abcdef0123456789abcdef01234567', 'fedcba9876543210fedcba9876543210fedcba98'];
    const lost = lacking.map((c) => anchorAt(c, 'orders.go', 3, 5, 'ParseOrder'));
    await build([...ships, ...lost]);
    for (const s of ships) assert.equal(get(s).range?.start.line, 6, `mapped from ${s.commit!.slice(0, 7)}`);
    for (const l of lost) assert.equal(get(l).sinceScan, undefined);
    assert.equal(logs.length, 2, logs.join('\n'));
    for (const c of lacking)
      assert.ok(logs.some((m) => m.includes(`${c.slice(0, 12)}`) && /is not in this repository/.test(m)));
  });

  it('a commit the repository lacks: recorded lines, and the reason logged once', async () => {
    await repo.write('orders.go', lines('// new header', GO_V1.trimEnd()));
    repo.commit('only commit');
    const ship = anchorAt('0123456789abcdef0123456789abcdef01234567', 'orders.go', 7, 9, 'ShipOrder');
    const ship2 = anchorAt('0123456789abcdef0123456789abcdef01234567', 'orders.go', 7, 9, 'ShipOrder');
    await build([ship, ship2]);
    assert.equal(get(ship).sinceScan, undefined);
    // Not mapped: the recorded lines, one above the function now; the anchor lands on its definition.
    assert.equal(get(ship).range?.start.line, 7);
    assert.equal(get(ship).state, 'relocated');
    assert.equal(logs.length, 1);
    assert.match(logs[0]!, /0123456789ab.* is not in this repository/);
    await index.setAnchors([ship, ship2]);
    assert.equal(logs.length, 1);
  });

  it('no git on the PATH: recorded lines, the reason logged once', async () => {
    await repo.write('orders.go', GO_V1);
    const scanned = repo.commit('scan');
    const ship = anchorAt(scanned, 'orders.go', 7, 9, 'ShipOrder');
    await build([ship], '/nonexistent/git');
    assert.equal(get(ship).range?.start.line, 6);
    assert.equal(logs.length, 1);
    assert.match(logs[0]!, /git was not found/);
  });

  it('an index change that changes the mapping (git stash) re-maps; HEAD stays', async () => {
    await repo.write('orders.go', GO_V1);
    const scanned = repo.commit('scan');
    await repo.write('orders.go', lines('// one', '// two', GO_V1.trimEnd()));
    const ship = anchorAt(scanned, 'orders.go', 7, 9, 'ShipOrder');
    await build([ship]);
    assert.equal(get(ship).range?.start.line, 8);
    const changed = nextChange(index);
    repo.git('stash', '-q');
    await changed;
    assert.equal(get(ship).range?.start.line, 6);
  });

  it('diffs another scanned commit only while it is HEAD (repairs record code added since there)', async () => {
    await repo.write('go/orders.go', GO_V1);
    const scanned = repo.commit('scanned');
    await repo.write('go/orders.go', lines('// orders', GO_V1));
    const head = repo.commit('comment');
    const mapper = new GitMapper({ log: () => undefined, watch: false });
    const folders = [{ uri: fileUri(repo.root), fsPath: repo.root, projectRoot: '' }];
    const file = `${repo.root}/go/orders.go`;
    try {
      // A scanned commit that is not HEAD is not diffed; HEAD, when scanned, is (a prefix as the service spells it).
      await mapper.prepare(folders, new Set([scanned]), new Set([scanned, head.slice(0, 10)]));
      assert.ok(mapper.fileMap(file, scanned));
      assert.ok(mapper.fileMap(file, head.slice(0, 10)));
      assert.equal(await mapper.head(file), head);
      // HEAD moved to a commit no scan has: the old HEAD's diff is dropped (it described another tree).
      await repo.write('go/orders.go', lines('// orders, again', GO_V1));
      repo.commit('again');
      await mapper.prepare(folders, new Set([scanned]), new Set([scanned, head.slice(0, 10)]));
      assert.ok(mapper.fileMap(file, scanned));
      assert.equal(mapper.fileMap(file, head.slice(0, 10)), undefined);
    } finally {
      mapper.dispose();
    }
  });

  it('re-maps on commit, checkout and branch switch', async () => {
    await repo.write('orders.go', GO_V1);
    const scanned = repo.commit('scan');
    const ship = anchorAt(scanned, 'orders.go', 7, 9, 'ShipOrder');
    await build([ship]);
    assert.equal(get(ship).range?.start.line, 6);
    repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('orders.go', lines('// one', '// two', GO_V1.trimEnd()));
    const changed = nextChange(index);
    repo.commit('two lines on feature');
    await changed;
    assert.equal(get(ship).range?.start.line, 8);
    const back = nextChange(index);
    repo.git('checkout', '-q', 'main');
    await back;
    assert.equal(get(ship).range?.start.line, 6);
  });

  it('HEAD leaves and comes back within one settle: a file read while it was away is read again', async () => {
    await repo.write('orders.go', GO_V1);
    const scanned = repo.commit('scan');
    repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('orders.go', lines('// one', '// two', GO_V1.trimEnd()));
    repo.commit('two lines on feature');
    repo.git('checkout', '-q', 'main');
    const ship = anchorAt(scanned, 'orders.go', 7, 9, 'ShipOrder');
    // Git's events settle 1.5 s after the last: both switches below fall in one settle, which sees
    // HEAD where it was and only the index changed.
    await build([ship], undefined, false, 1500);
    assert.equal(get(ship).range?.start.line, 6);
    // The file is read again (a watcher's event, a document closed) after its diff was taken and
    // while the feature branch is checked out: the text git wrote there is what the index places.
    beforeRead = () => repo.git('checkout', '-q', 'feature');
    await index.filesChangedOnDisk([{ path: repo.abs('orders.go'), kind: 'changed' }]);
    assert.equal(beforeRead, undefined, 'the file was read');
    assert.equal(get(ship).range?.start.line, 8);
    // Back on main before the events settle: no mapping changed, but the file did; it is read again.
    const back = nextChange(index);
    repo.git('checkout', '-q', 'main');
    await back;
    assert.equal(get(ship).range?.start.line, 6);
    assert.equal(get(ship).state, 'resolved');
  });
});
