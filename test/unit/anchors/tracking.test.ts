// Anchors in open documents follow incremental edits: move, grow, shrink, delete; cost per file.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Range } from 'vscode-languageserver';
import { Editor, ORDERS_TS, TempWorkspace, entry, nextChange, range } from './workspace';
import { AnchorIndex, type AnchorEntry } from '../../../server/src/anchors';
import { applyChange, toTextChange } from '../../../server/src/anchors/editTracking';
import { Slot } from '../../../server/src/anchors/slot';
import { vscodeReloadEdit } from '../../helpers/vscodeReload';

describe('anchors: tracking through edits', () => {
  let ws: TempWorkspace;
  let index: AnchorIndex;
  let ed: Editor;
  const parse = entry({ file: 'src/orders.ts', line_start: 3, line_end: 6, name: 'parseOrder' }, [
    'parseOrder',
  ]);
  const ship = entry({ file: 'src/orders.ts', line_start: 12, line_end: 14, name: 'shipOrder' }, [
    'shipOrder',
  ]);
  const word = entry(
    { file: 'src/orders.ts', line_start: 3, column_start: 17, column_end: 26, name: 'parseOrder' },
    ['parseOrder'],
  );
  const get = (e: typeof parse) => index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!;

  beforeEach(async () => {
    ws = await TempWorkspace.create();
    await ws.write('ws/src/orders.ts', ORDERS_TS);
    index = ws.index([ws.folder('ws')]);
    await index.setAnchors([parse, ship, word]);
    ed = new Editor(index, ws.uri('ws/src/orders.ts'), ORDERS_TS);
  });
  afterEach(async () => ws.dispose());

  it('starts from the recorded coordinates', () => {
    assert.deepEqual(get(parse).range, range(2, 0, 5, 1));
    assert.deepEqual(get(ship).range, range(11, 0, 13, 1));
    assert.deepEqual(get(word).range, range(2, 16, 2, 26));
  });

  it('inserting lines above shifts ranges; typing below does not move them', () => {
    ed.insert(0, 0, '// header\n// more\n');
    assert.deepEqual(get(parse).range, range(4, 0, 7, 1));
    assert.deepEqual(get(ship).range, range(13, 0, 15, 1));
    assert.deepEqual(get(word).range, range(4, 16, 4, 26));
    ed.insert(16, 0, '\nexport const after = 1;\n');
    assert.deepEqual(get(ship).range, range(13, 0, 15, 1));
    assert.equal(get(parse).state, 'resolved');
  });

  it('inserting at the first character of a range pushes it down (a new line above stays outside)', () => {
    ed.insert(2, 0, '/** Parses. */\n');
    assert.deepEqual(get(parse).range, range(3, 0, 6, 1));
    // Enter at the end of the last line, then text: stays outside too.
    ed.insert(6, 1, '\nconst x = 1;');
    assert.deepEqual(get(parse).range, range(3, 0, 6, 1));
  });

  it('edits inside grow and shrink the range; columns on the same line shift', () => {
    ed.insert(3, 0, '  validate(raw);\n  log(raw);\n');
    assert.deepEqual(get(parse).range, range(2, 0, 7, 1));
    assert.deepEqual(get(ship).range, range(13, 0, 15, 1));
    ed.deleteLines(3, 5); // the two new lines and `const order = …`
    assert.deepEqual(get(parse).range, range(2, 0, 4, 1));
    ed.insert(2, 7, 'async '); // "export async function parseOrder"
    assert.deepEqual(get(word).range, range(2, 22, 2, 32));
    assert.equal(ed.text.split('\n')[2]!.slice(22, 32), 'parseOrder');
    ed.edit({ range: range(2, 22, 2, 27), text: 'load' }); // "loadOrder": replaced text inside the word range
    assert.deepEqual(get(word).range, range(2, 22, 2, 31));
  });

  it('deleting the whole range makes the anchor stale, and undo restores it', () => {
    ed.deleteLines(11, 13);
    const t = get(ship);
    assert.equal(t.state, 'stale');
    assert.deepEqual(t.range, range(11, 0, 11, 0));
    assert.match(t.problem!, /the anchored code was deleted/);
    assert.deepEqual(get(parse).range, range(2, 0, 5, 1));
    // Undo: the same text comes back at the same place.
    ed.insert(11, 0, 'export function shipOrder(order: Order) {\n  send(order);\n}\n');
    assert.equal(get(ship).state, 'resolved');
    assert.deepEqual(get(ship).range, range(11, 0, 14, 0));
    assert.equal(get(ship).problem, undefined);
  });

  it('a partial deletion across the start shrinks from the top', () => {
    ed.edit({ range: range(1, 0, 3, 0), text: '' }); // blank line and the signature line
    // parseOrder is gone from its range but appears nowhere else: stale, range kept at the remains.
    assert.deepEqual(get(parse).range, range(1, 0, 3, 1));
    assert.equal(get(parse).state, 'stale');
  });

  it('a change that replaces an anchored range whole (a reload from disk) places anchors afresh', () => {
    // VS Code reloading an open file sends the changed middle as one edit: here parseOrder moved 7 lines
    // down. Tracked, the range would swallow the whole replaced region; placed afresh, it is relocated.
    const fn = ORDERS_TS.split('\n').slice(2, 6).join('\n');
    ed.edit({ range: range(1, 0, 6, 0), text: '\n'.repeat(8) + fn + '\n' });
    assert.deepEqual(get(parse).range, range(9, 0, 12, 1));
    assert.equal(get(parse).state, 'relocated');
  });

  it('applies the changes of one event in order', () => {
    ed.edit(
      { range: range(0, 0, 0, 0), text: '// one\n' }, // parse → 3..6, ship → 12..14
      { range: range(13, 0, 13, 0), text: '  audit(order);\n' }, // inside ship (now at 12..14)
      { range: range(0, 0, 1, 0), text: '' }, // remove "// one" again
    );
    assert.deepEqual(get(parse).range, range(2, 0, 5, 1));
    assert.deepEqual(get(ship).range, range(11, 0, 14, 1));
    assert.equal(ed.text.split('\n')[12], '  audit(order);');
  });

  it('a full-text change places anchors afresh from the recorded coordinates', () => {
    ed.insert(0, 0, '\n\n\n');
    assert.deepEqual(get(parse).range, range(5, 0, 8, 1));
    ed.replaceAll(ORDERS_TS);
    assert.deepEqual(get(parse).range, range(2, 0, 5, 1));
  });

  it('each change notifies listeners with the file URI', () => {
    const seen: string[][] = [];
    const d = index.onDidChange((uris) => seen.push(uris));
    ed.insert(0, 0, 'x');
    d.dispose();
    ed.insert(0, 0, 'y');
    assert.deepEqual(seen, [[ws.uri('ws/src/orders.ts')]]);
  });

  it('closing the document goes back to the file on disk', async () => {
    ed.insert(0, 0, '\n\n\n\n');
    assert.deepEqual(get(parse).range, range(6, 0, 9, 1));
    const changed = nextChange(index);
    index.closeDocument(ed.uri);
    assert.deepEqual(await changed, [ws.uri('ws/src/orders.ts')]);
    assert.deepEqual(get(parse).range, range(2, 0, 5, 1));
  });

  it('only the edited file is touched', async () => {
    await ws.write('ws/src/other.ts', 'function other() {}\n');
    const other = entry({ file: 'src/other.ts', line_start: 1, name: 'other' }, ['other']);
    await index.setAnchors([parse, other]);
    const slot = get(other) as Slot;
    const before = slot.range;
    // Not even visited: nothing reads the other file's anchor's place (counted on the object itself).
    let reads = 0;
    for (const k of ['range', 'firstLine', 'lastLine'] as const) {
      const d = Object.getOwnPropertyDescriptor(Slot.prototype, k)!;
      Object.defineProperty(slot, k, {
        configurable: true,
        get() {
          reads++;
          return d.get!.call(this) as unknown;
        },
      });
    }
    ed.insert(0, 0, '\n');
    assert.equal(reads, 0);
    for (const k of ['range', 'firstLine', 'lastLine'])
      delete (slot as unknown as Record<string, unknown>)[k];
    assert.deepEqual(get(other).range, before);
    assert.deepEqual(get(parse).range, range(3, 0, 6, 1));
  });
});

// Edit tracking reads most anchors' places as numbers (those well above or below a change are moved
// without making a range): the outcome must be applyChange's for every anchor, near the change or far.
describe('anchors: tracking many anchors, near each change and far from it', () => {
  let ws: TempWorkspace;
  afterEach(async () => ws.dispose());

  it('moves every anchor as applyChange moves its range', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `line ${i} of the file`);
    ws = await TempWorkspace.create();
    await ws.write('ws/src/many.ts', lines.join('\n'));
    const index = ws.index([ws.folder('ws')]);
    // No expected names: re-verification leaves them where edits took them.
    const entries = Array.from({ length: 30 }, (_, i) =>
      entry(
        i % 3 === 0
          ? { file: 'src/many.ts', line_start: 2 * i + 1, column_start: 3, column_end: 8 }
          : { file: 'src/many.ts', line_start: 2 * i + 1, line_end: 2 * i + 1 + (i % 4) },
      ),
    );
    await index.setAnchors(entries);
    const uri = ws.uri('ws/src/many.ts');
    const ed = new Editor(index, uri, lines.join('\n'));
    const at = (e: AnchorEntry) => index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!.range!;
    const expected = entries.map(at);
    const edits: Array<{ range: Range; text: string }> = [
      { range: range(0, 0, 0, 0), text: 'a\nb\n' }, // above all: every anchor moves two lines down
      { range: range(59, 2, 59, 2), text: '\n\n\n' }, // below all
      { range: range(30, 0, 32, 0), text: '' }, // deletes lines among them
      { range: range(10, 4, 10, 4), text: 'xy' }, // inside a line
      { range: range(20, 5, 24, 3), text: 'one\ntwo' }, // replaces several lines, no range whole
      { range: range(40, 0, 44, 0), text: '' }, // deletes anchors whole
      { range: range(5, 0, 5, 0), text: '\n'.repeat(12) }, // many lines
    ];
    for (const change of edits) {
      const c = toTextChange(change.range, change.text);
      for (let i = 0; i < expected.length; i++) expected[i] = applyChange(expected[i]!, c).range;
      ed.edit(change);
      assert.deepEqual(entries.map(at), expected, JSON.stringify(change));
    }
  });
});

// VS Code reloads only a clean buffer; an undo comes from a dirty one. The index tells them apart by the
// text the editor holds as saved, not by whether it has seen the disk's text before.
describe('anchors: a reload from disk or an undo back to the disk’s text', () => {
  let ws: TempWorkspace;
  let index: AnchorIndex;
  const RB = [
    '# jobs',
    'def ship_order(o)',
    '  o',
    'end',
    '',
    'def run(o)',
    '  ship_order(o)',
    'end',
    '',
  ].join('\n');

  beforeEach(async () => {
    ws = await TempWorkspace.create();
    // As the server runs it: the disk read at once when a document is opened.
    index = new AnchorIndex({
      folders: [ws.folder('ws')],
      readFile: ws.readFile,
      readFileSync: (p) => readFileSync(p, 'utf8'),
    });
  });
  afterEach(async () => ws.dispose());

  it('an undo back to a disk text written meanwhile by another program is tracked, not placed from the record', async () => {
    // Ruby keeps the text rules: placed afresh, the recorded lines 2–4 would pass the ±3 name check.
    await ws.write('ws/jobs.rb', RB);
    await index.setAnchors([
      entry({ file: 'jobs.rb', line_start: 2, line_end: 4, name: 'ship_order' }, ['ship_order']),
    ]);
    const ed = new Editor(index, ws.uri('ws/jobs.rb'), RB);
    await index.whenIdle();
    ed.insert(1, 0, '# a\n# b\n# c\n# d\n# e\n'); // dirty now; the anchor follows to lines 7–9
    const [t] = index.anchorsInFile(ed.uri);
    assert.deepEqual([t!.range!.start.line, t!.range!.end.line], [6, 8]);
    await ws.write('ws/jobs.rb', ed.text); // another program writes the buffer's text (no didSave)
    ed.insert(0, 0, 'x\ny\n');
    ed.edit({ range: range(0, 0, 2, 0), text: '' }); // the undo: the buffer is the disk's text again
    await index.whenIdle();
    const [u] = index.anchorsInFile(ed.uri);
    assert.deepEqual([u!.range!.start.line, u!.range!.end.line], [6, 8]);
  });

  it('a reload of a clean buffer is placed afresh, even when the disk was read after it changed', async () => {
    // The demo's health handler, anchored from the name to the brace; then moved lower, above a caller
    // (the edit VS Code sends keeps the old closing brace, now the caller's, as a "common" last line).
    const health = [
      "import type { FastifyReply, FastifyRequest } from 'fastify';",
      '',
      '/** GET /healthz: liveness probe. */',
      'export async function ping(req: FastifyRequest, reply: FastifyReply): Promise<{ ok: true }> {',
      "  reply.header('cache-control', 'no-store');",
      '  return { ok: true };',
      '}',
    ];
    const moved = [
      ...health.slice(0, 2),
      ...Array<string>(10).fill(''),
      ...health.slice(2),
      '',
      'export async function probe(req: FastifyRequest, reply: FastifyReply) {',
      '  return ping(req, reply);',
      '}',
    ];
    const before = health.join('\n') + '\n';
    const after = moved.join('\n') + '\n';
    await ws.write('ws/src/health.ts', before);
    await index.setAnchors([
      entry(
        { file: 'src/health.ts', line_start: 4, line_end: 7, column_start: 23, column_end: 1, name: 'ping' },
        ['ping'],
      ),
    ]);
    const ed = new Editor(index, ws.uri('ws/src/health.ts'), before);
    // The file changes before the comparison the open started has read it (as under load).
    writeFileSync(ws.abs('ws/src/health.ts'), after);
    await index.whenIdle();
    const edit = vscodeReloadEdit(before, after);
    assert.equal(edit.length, 1);
    ed.edit(edit[0] as { range: Range; text: string });
    await index.whenIdle();
    const [t] = index.anchorsInFile(ed.uri);
    const def = moved.indexOf(health[3]!);
    assert.equal(t!.state, 'relocated');
    assert.deepEqual([t!.range!.start.line, t!.range!.end.line], [def, def + 3]);
  });
});
