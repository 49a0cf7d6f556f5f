// Syntax-aware relocation with the real tree-sitter grammars: an anchor whose name is no longer near
// its range moves to the nearest *definition* of that name (Go, Python, TypeScript, JavaScript, Java);
// calls, imports and comments are never targets, and a deleted definition leaves the anchor stale.
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { Editor, TempWorkspace, allAnchors, entry, range } from './workspace';
import { TreeSitterDefinitions, type AnchorIndex, type TrackedAnchor } from '../../../server/src/anchors';
import { grammarFor } from '../../../server/src/anchors/syntax/languages';
import { exerciseQueryCompiler, findWasmDir } from '../../../server/src/anchors/syntax/treeSitter';

const GO = [
  'package orders', // 1
  '', // 2
  'import "fmt"', // 3
  '', // 4
  '', // 5
  '', // 6
  '// shipOrder is called below; this comment is not its definition.', // 7
  'func handle(o Order) error {', // 8
  '\treturn shipOrder(o)', // 9
  '}', // 10
  ...Array<string>(7).fill(''), // 11–17
  'func shipOrder(o Order) error {', // 18
  '\tfmt.Println(o)', // 19
  '\treturn nil', // 20
  '}', // 21
  '',
].join('\n');
/** GO without shipOrder's definition (lines 1–17). */
const GO_WITHOUT = GO.split('\n').slice(0, 17).join('\n') + '\n';

const PY = [
  'from transport import ship_order as send', // 1
  '', // 2
  '', // 3
  '', // 4
  '', // 5
  '', // 6
  'class Orders:', // 7
  '    def place(self, order):', // 8
  '        # place() then ship_order()', // 9
  '        return send(order)', // 10
  '', // 11
  'def place(order):', // 12
  '    return Orders().place(order)', // 13
  '',
].join('\n');

describe('anchors: syntax-aware relocation (tree-sitter)', () => {
  let ws: TempWorkspace;
  let index: AnchorIndex;

  beforeEach(async () => {
    ws = await TempWorkspace.create();
    index = ws.index([ws.folder('ws')]);
  });
  afterEach(async () => ws.dispose());

  async function one(
    file: string,
    text: string,
    anchor: Parameters<typeof entry>[0],
  ): Promise<TrackedAnchor> {
    await ws.write(`ws/${file}`, text);
    await index.setAnchors([entry({ file, ...anchor }, anchor.name ? [anchor.name] : [])]);
    return allAnchors(index)[0]!;
  }

  it('Go: moves to the function definition although a call and a comment also name it', async () => {
    // Recorded at lines 1–4 (the function, as high as it is now, moved down); the text rules would find 3 occurrences.
    const t = await one('svc/orders.go', GO, { name: 'shipOrder', line_start: 1, line_end: 4 });
    assert.equal(t.state, 'relocated');
    assert.deepEqual(t.range, range(17, 0, 20, 1)); // the definition's lines, 18–21
    assert.deepEqual(t.relocatedFrom, range(0, 0, 3, 0));
    const [d] = index.diagnosticsFor(t.uri!);
    assert.equal(d!.code, 'anchor-relocated');
    assert.match(d!.message, /moved from line 1 to line 18 \("shipOrder" is there now\)/);
  });

  it('Go: a deleted function is stale, never moved onto its call', async () => {
    const t = await one('svc/orders.go', GO_WITHOUT, { name: 'shipOrder', line_start: 18, line_end: 21 });
    assert.equal(t.state, 'stale');
    assert.deepEqual(t.range, range(17, 0, 17, 0)); // clamped to the file, not moved to the call on line 9
    const [d] = index.diagnosticsFor(t.uri!);
    assert.equal(d!.code, 'anchor-stale');
    assert.equal(d!.severity, DiagnosticSeverity.Warning);
    assert.match(
      d!.message,
      /no function, method, class or type named "shipOrder" is left in this file \(the name still appears twice, as a call, import, comment or other use/,
    );
  });

  it('Go, no git: a call within 3 lines of a deleted function’s recorded lines does not keep its anchor', async () => {
    // Recorded at lines 10–12 (the function was there); line 9 now calls it: text alone would confirm.
    const t = await one('svc/orders.go', GO_WITHOUT, { name: 'shipOrder', line_start: 10, line_end: 12 });
    assert.equal(t.state, 'stale');
    assert.equal(index.diagnosticsFor(t.uri!)[0]!.code, 'anchor-stale');
  });

  it('a definition near the recorded lines confirms the anchor; plain definition lines need no parse', async () => {
    const counted = new TreeSitterDefinitions();
    const idx = ws.index([ws.folder('ws')], { definitions: counted });
    const files: Record<string, string> = {
      'a.go': 'package a\n\nfunc (s *Store) Save() {}\ntype Cart struct{}\n',
      'b.py': 'async def save():\n    pass\nclass Cart:\n    pass\n',
      'c.ts': 'export default async function save() {}\nexport const total = (xs: number[]) => xs.length;\n',
      'd.java': 'public final class Cart {\n}\n',
    };
    for (const [f, text] of Object.entries(files)) await ws.write(`ws/${f}`, text);
    await idx.setAnchors([
      entry({ file: 'a.go', line_start: 3, line_end: 3, name: 'Save' }, ['Save']),
      entry({ file: 'a.go', line_start: 4, line_end: 4, name: 'Cart' }, ['Cart']),
      entry({ file: 'b.py', line_start: 1, line_end: 2, name: 'save' }, ['save']),
      entry({ file: 'b.py', line_start: 3, line_end: 4, name: 'Cart' }, ['Cart']),
      entry({ file: 'c.ts', line_start: 1, line_end: 1, name: 'save' }, ['save']),
      entry({ file: 'c.ts', line_start: 2, line_end: 2, name: 'total' }, ['total']),
      entry({ file: 'd.java', line_start: 1, line_end: 2, name: 'Cart' }, ['Cart']),
    ]);
    assert.deepEqual(
      allAnchors(idx).map((a) => a.state),
      Array<string>(7).fill('resolved'),
    );
    assert.equal(counted.stats().parses, 0);
    // A Java method has no keyword: the parser decides (and confirms it).
    await ws.write('ws/e.java', 'class E {\n  void run() {}\n}\n');
    await idx.setAnchors([entry({ file: 'e.java', line_start: 2, line_end: 2, name: 'run' }, ['run'])]);
    assert.equal(allAnchors(idx)[0]!.state, 'resolved');
    assert.equal(counted.stats().parses, 1);
  });

  // No git: a shift of 1–3 lines used to pass the name check (a definition within ±3 lines) and keep
  // the recorded lines; the anchor now lands exactly on the definition and is drifted.
  const SHIFTED: Record<string, { def: string[]; call: string }> = {
    'svc/orders.go': {
      def: ['func shipOrder(o Order) error {', '\treturn nil', '}'],
      call: '\tshipOrder(o)',
    },
    'app/orders.py': { def: ['def ship_order(order):', '    return order'], call: '    ship_order(o)' },
    'src/orders.ts': {
      def: ['export function shipOrder(order: Order) {', '  return order;', '}'],
      call: '  shipOrder(o);',
    },
  };
  for (const [file, { def, call }] of Object.entries(SHIFTED))
    for (const shift of [-3, -2, -1, 1, 2, 3])
      it(`${file}, no git: a definition shifted ${shift > 0 ? 'down' : 'up'} by ${Math.abs(shift)} lands on its lines, drifted`, async () => {
        const name = file.endsWith('.py') ? 'ship_order' : 'shipOrder';
        // Recorded at lines 6.. (1-based); a call two lines below the definition, inside another function.
        const head = file.endsWith('.go')
          ? ['package orders']
          : file.endsWith('.py')
            ? ['import os']
            : ['// orders'];
        // Comment lines, long enough for the recorded columns wherever they fall.
        const pad = `${file.endsWith('.py') ? '#' : '//'} ${'-'.repeat(40)}`;
        const before = Array<string>(4 + shift).fill(pad);
        const caller = file.endsWith('.py')
          ? [pad, 'def caller(o):', call]
          : file.endsWith('.go')
            ? [pad, 'func caller(o Order) {', call, '}']
            : [pad, 'function caller(o: Order) {', call, '}'];
        const text = [...head, ...before, ...def, ...caller, ''].join('\n');
        const recorded = { line_start: 6, line_end: 6 + def.length - 1 };
        const t = await one(file, text, { name, ...recorded });
        const first = 1 + before.length;
        assert.equal(t.state, 'relocated');
        assert.deepEqual([t.range!.start.line, t.range!.end.line], [first, first + def.length - 1]);
        const d = index.drift(t.entry.componentId, t.entry.pathId, t.entry.anchor.anchor_id);
        assert.deepEqual(d?.current, { line_start: first + 1, line_end: first + def.length });
        // A column anchor on the name lands on the name.
        const col = 1 + def[0]!.indexOf(name);
        const n = await one(file, text, {
          name,
          line_start: 6,
          column_start: col,
          column_end: col + name.length - 1,
        });
        assert.equal(n.state, 'relocated');
        assert.deepEqual(n.range, range(first, col - 1, first, col - 1 + name.length));
        // Recorded right: nothing moves, nothing drifts (found without parsing, by the plain definition line).
        const at = await one(file, text, { name, line_start: first + 1, line_end: first + def.length });
        assert.equal(at.state, 'resolved');
        assert.equal(
          index.drift(at.entry.componentId, at.entry.pathId, at.entry.anchor.anchor_id),
          undefined,
        );
      });

  it('a column anchor over the name and the character after it (as generated datasets record) is on the definition, unparsed; shifted, it lands on the name', async () => {
    const counted = new TreeSitterDefinitions();
    const idx = ws.index([ws.folder('ws')], { definitions: counted });
    const go = (pad: number) =>
      [
        'package a',
        ...Array<string>(pad).fill('// -----------------------------'),
        'func Save(o Order) error {',
        '\treturn nil',
        '}',
        '',
      ].join('\n');
    // `Save(`: columns 6–10 (inclusive), one past the name.
    const at = { file: 'a.go', line_start: 4, column_start: 6, column_end: 10, name: 'Save' };
    await ws.write('ws/a.go', go(2));
    await idx.setAnchors([entry(at, ['Save'])]);
    assert.equal(allAnchors(idx)[0]!.state, 'resolved');
    assert.equal(counted.stats().parses, 0);
    for (const pad of [0, 1, 3, 4]) {
      await ws.write('ws/a.go', go(pad));
      await idx.setAnchors([entry(at, ['Save'])]);
      const t = allAnchors(idx)[0]!;
      assert.equal(t.state, 'relocated', `function at line ${pad + 2}`);
      assert.deepEqual(t.range, range(pad + 1, 5, pad + 1, 9));
    }
  });

  it('no git: a statement inside the named function stays where recorded; a decorated definition starts at its decorator', async () => {
    const py = [
      'import functools', // 1
      '', // 2
      '# Loads the rows.', // 3
      '@functools.cache', // 4
      'def load(rows):', // 5
      '    x = rows[0]', // 6
      '    y = rows[1]', // 7
      '    return x + y', // 8
      '',
    ].join('\n');
    const stmt = await one('app/load.py', py, { name: 'load', line_start: 7, line_end: 7 });
    assert.equal(stmt.state, 'resolved');
    assert.deepEqual(stmt.range, range(6, 0, 6, 15));
    // From the decorator, the def line, or the comment above (a region holding the whole definition).
    for (const line_start of [3, 4, 5]) {
      const t = await one('app/load.py', py, { name: 'load', line_start, line_end: 8 });
      assert.equal(t.state, 'resolved', `from line ${line_start}`);
      assert.equal(t.range!.start.line, line_start - 1);
    }
  });

  it('no git: a column anchor on a call inside the path’s function stays on the call, even as wide as the function’s name', async () => {
    // The demo's charges.py: the anchor is on the call of tokenize_card inside create_charge (its path's
    // ingress), and both names are 13 characters wide.
    const py = [
      '@router.post("/charges")', // 1
      'async def create_charge(charge):', // 2
      '    card_token = await tokenize_card(charge.card_number)', // 3
      '    return card_token', // 4
      '',
    ].join('\n');
    await ws.write('ws/app/charges.py', py);
    await index.setAnchors([
      entry(
        { file: 'app/charges.py', name: 'tokenize_card', line_start: 3, column_start: 24, column_end: 36 },
        ['tokenize_card', 'create_charge'],
      ),
    ]);
    const t = allAnchors(index)[0]!;
    assert.equal(t.state, 'resolved');
    assert.deepEqual(t.range, range(2, 23, 2, 36));
  });

  it('Python, no history: several definitions of its name — ambiguous, shown nowhere, the candidates named', async () => {
    // Recorded at lines 19–20 (below both definitions): nothing tells which `place` the anchor was on.
    const t = await one('app/orders.py', PY + '\n'.repeat(8), {
      name: 'place',
      line_start: 19,
      line_end: 20,
    });
    assert.equal(t.state, 'ambiguous');
    assert.equal(t.unverified, true);
    // Nearest to the recorded lines first: `def place` at 12, then the method at 8.
    assert.deepEqual(t.candidates, [range(11, 0, 12, 32), range(7, 0, 9, 26)]);
    assert.deepEqual(index.anchorsAt(t.uri!, { line: 11, character: 2 }), []);
    assert.deepEqual(index.anchorsAt(t.uri!, { line: 18, character: 0 }), []);
    const [d] = index.diagnosticsFor(t.uri!);
    assert.equal(d!.code, 'anchor-ambiguous');
    assert.match(d!.message, /is ambiguous: .*"place" is defined at lines 12 and 8/);
    assert.deepEqual((d!.data as { candidates: unknown }).candidates, t.candidates);
    assert.deepEqual(
      d!.relatedInformation!.map((r) => r.location.range.start.line),
      [11, 7],
    );
  });

  it('picking a candidate of an ambiguous anchor places it there, and the pick outlives a rebuild', async () => {
    const t = await one('app/orders.py', PY + '\n'.repeat(8), {
      name: 'place',
      line_start: 19,
      line_end: 20,
    });
    const [first, second] = t.candidates!;
    const e = t.entry;
    assert.equal(
      index.chooseCandidate(e.componentId, e.pathId, e.anchor.anchor_id, range(0, 0, 0, 1)),
      false,
    );
    assert.equal(index.chooseCandidate(e.componentId, e.pathId, e.anchor.anchor_id, second!), true);
    const picked = index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!;
    assert.equal(picked.state, 'relocated');
    assert.deepEqual(picked.range, second);
    assert.deepEqual(index.anchorsAt(picked.uri!, { line: second!.start.line, character: 4 }), [picked]);
    assert.deepEqual(index.anchorsAt(picked.uri!, { line: first!.start.line, character: 4 }), []);
    await index.setAnchors([e]);
    const again = index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!;
    assert.equal(again.state, 'relocated');
    assert.deepEqual(again.range, second);
  });

  it('no history: one definition of its name but of another height is offered, not taken', async () => {
    // Recorded as 2 lines; `shipOrder` is 4 lines high now: not clearly the same code.
    const t = await one('svc/orders.go', GO, { name: 'shipOrder', line_start: 1, line_end: 2 });
    assert.equal(t.state, 'ambiguous');
    assert.deepEqual(t.candidates, [range(17, 0, 20, 1)]);
    assert.match(t.problem!, /the only definition in reach is "shipOrder" at line 18/);
  });

  it('no history: the one definition of its name, of another height but still on some of the recorded lines, is taken', async () => {
    // Recorded as lines 12–19; `shipOrder` shrank to 4 lines and starts at line 18, where it was: the
    // name and the place agree.
    const t = await one('svc/orders.go', GO, { name: 'shipOrder', line_start: 12, line_end: 19 });
    assert.equal(t.state, 'relocated');
    assert.deepEqual(t.range, range(17, 0, 20, 1));
  });

  it('Python: an import (even renamed) and a comment are not definitions', async () => {
    const t = await one('app/orders.py', PY, { name: 'ship_order', line_start: 14, line_end: 14 });
    assert.equal(t.state, 'stale');
    assert.match(t.problem!, /the name still appears twice/);
  });

  it('a range inside the body of the named definition is confirmed, however far from its first line', async () => {
    const body = [
      'def load(rows):',
      ...Array.from({ length: 12 }, (_, i) => `    x${i} = rows[${i}]`),
      '    return x0',
      '',
    ];
    const t = await one('app/load.py', body.join('\n'), { name: 'load', line_start: 10, line_end: 11 });
    assert.equal(t.state, 'resolved');
    assert.deepEqual(t.range, range(9, 0, 10, 16));
  });

  it('TypeScript: methods, arrow functions and classes are definitions; a column anchor moves onto the name', async () => {
    const ts = [
      "import { render } from './render';", // 1
      'render();', // 2
      ...Array<string>(5).fill(''), // 3–7
      'export class View {', // 8
      '  draw(): void {', // 9
      '    paint();', // 10
      '  }', // 11
      '  place = (o: number): number => o;', // 12: a class field holding a function is a definition
      '  items = new Map<string, number>();', // 13: one holding a value is not
      '}', // 14
      'export const render2 = (x: number) => x * 2;', // 15
      'items.clear();', // 16
      '',
    ].join('\n');
    await ws.write('ws/src/view.ts', ts);
    await index.setAnchors([
      entry({ file: 'src/view.ts', line_start: 1, column_start: 1, column_end: 4, name: 'draw' }, ['draw']),
      entry({ file: 'src/view.ts', line_start: 1, line_end: 1, name: 'render2' }, ['render2']),
      entry({ file: 'src/view.ts', line_start: 1, line_end: 7, name: 'View' }, ['View']),
      entry({ file: 'src/view.ts', line_start: 13, line_end: 13, name: 'render' }, ['render']),
      entry({ file: 'src/view.ts', line_start: 1, line_end: 1, name: 'place' }, ['place']),
      entry({ file: 'src/view.ts', line_start: 1, line_end: 1, name: 'items' }, ['items']),
    ]);
    const [draw, render2, view, render, place, items] = allAnchors(index);
    assert.deepEqual(draw!.range, range(8, 2, 8, 6));
    assert.deepEqual(render2!.range, range(14, 0, 14, 44)); // the whole `const` declaration
    assert.deepEqual(view!.range, range(7, 0, 13, 1));
    assert.equal(render!.state, 'stale'); // imported and called, never defined here
    assert.deepEqual(place!.range, range(11, 0, 11, 35));
    assert.equal(items!.state, 'stale'); // a field holding a value, and a call: no definition
  });

  it('JavaScript and Java definitions relocate; their calls do not count', async () => {
    await ws.write(
      'ws/web/cart.js',
      ['function total(items) {', '  return items.length;', '}', '', '', '', '', 'total([]);', ''].join('\n'),
    );
    await ws.write(
      'ws/src/Cart.java',
      [
        'class Cart {', // 1
        '', // 2
        '', // 3
        '', // 4
        '', // 5
        '  void checkout() {', // 6
        '    System.out.println(1);', // 7
        '  }', // 8
        '  Cart() { checkout(); }', // 9
        '}', // 10
        '',
      ].join('\n'),
    );
    await index.setAnchors([
      entry({ file: 'web/cart.js', line_start: 6, line_end: 8, name: 'total' }, ['total']),
      entry({ file: 'src/Cart.java', line_start: 1, line_end: 3, name: 'checkout' }, ['checkout']),
    ]);
    const [js, java] = allAnchors(index);
    // Line 8 calls total() (within the range): a call confirms nothing in a parsed language, so the
    // anchor goes to the definition, above.
    assert.equal(js!.state, 'relocated');
    assert.deepEqual(js!.range, range(0, 0, 2, 1));
    assert.equal(java!.state, 'relocated');
    assert.deepEqual(java!.range, range(5, 0, 7, 3));
  });

  it('tracks edits: a function pasted below its caller is found at its new definition', async () => {
    const text = GO_WITHOUT;
    await ws.write('ws/svc/orders.go', text);
    await index.setAnchors([
      entry({ file: 'svc/orders.go', line_start: 14, line_end: 16, name: 'shipOrder' }, ['shipOrder']),
    ]);
    const ed = new Editor(index, ws.uri('ws/svc/orders.go'), text);
    let [t] = index.anchorsInFile(ed.uri);
    assert.equal(t!.state, 'stale'); // only a call so far
    ed.insert(17, 0, '\n\n\n\n\nfunc shipOrder(o Order) error {\n\treturn nil\n}\n');
    [t] = index.anchorsInFile(ed.uri);
    assert.equal(t!.state, 'relocated');
    assert.deepEqual(t!.range, range(22, 0, 24, 1));
  });

  it('a relocated anchor is drifted even when its recorded columns no longer fit the old lines', async () => {
    // Recorded with columns on a long line that is now short: clamped there, then relocated.
    const t = await one('svc/orders.go', GO, {
      name: 'shipOrder',
      line_start: 1,
      line_end: 4,
      column_start: 1,
      column_end: 80,
    });
    assert.equal(t.state, 'relocated');
    const d = index.drift(t.entry.componentId, t.entry.pathId, t.entry.anchor.anchor_id);
    assert.deepEqual(d?.current, { line_start: 18, line_end: 21, column_start: 1, column_end: 1 });
    assert.deepEqual(d?.recorded, { line_start: 1, line_end: 4, column_start: 1, column_end: 80 });
    // Where the anchor stays at a record that does not fit, there is nothing better to record.
    const stays = await one('svc/orders.go', GO, { name: 'shipOrder', line_start: 18, line_end: 40 });
    assert.equal(stays.state, 'resolved');
    assert.equal(
      index.drift(stays.entry.componentId, stays.entry.pathId, stays.entry.anchor.anchor_id),
      undefined,
    );
  });

  it('other languages keep the text rules (a unique occurrence, even a call, is taken)', async () => {
    const t = await one('lib/orders.rb', 'def x\n  ship_order\nend\n' + '\n'.repeat(10), {
      name: 'ship_order',
      line_start: 12,
      line_end: 12,
    });
    assert.equal(grammarFor('lib/orders.rb'), undefined);
    assert.equal(t.state, 'relocated');
  });

  it('definitions are parsed once per text, lazily, and the cache is bounded', async () => {
    const defs = new TreeSitterDefinitions({ maxCached: 2 });
    await defs.prepare(['a.go', 'b.py']);
    const a = 'package a\nfunc A() {}\n';
    assert.equal(defs.stats().parses, 0);
    const first = defs.definitions('/w/a.go', a);
    assert.equal(defs.definitions('/w/a.go', a), first); // same text: cached
    assert.equal(defs.stats().parses, 1);
    defs.definitions('/w/a.go', a + '\n'); // new version of the text
    defs.definitions('/w/b.go', a);
    defs.definitions('/w/c.go', a);
    assert.deepEqual(defs.stats(), { parses: 4, cached: 2, cachedChars: 2 * a.length });
    assert.equal(defs.definitions('/w/x.kt', 'fun A() {}'), undefined); // not parsed: text rules
    // A name check that passes parses nothing.
    const counted = new TreeSitterDefinitions();
    const idx = ws.index([ws.folder('ws')], { definitions: counted });
    await ws.write('ws/svc/orders.go', GO);
    await idx.setAnchors([
      entry({ file: 'svc/orders.go', line_start: 18, line_end: 21, name: 'shipOrder' }, ['shipOrder']),
    ]);
    assert.equal(allAnchors(idx)[0]!.state, 'resolved');
    assert.equal(counted.stats().parses, 0);
    // A name found nowhere in the file: stale without parsing it (no definition can hold it).
    await idx.setAnchors([entry({ file: 'svc/orders.go', line_start: 18, name: 'refund' }, ['refund'])]);
    assert.equal(allAnchors(idx)[0]!.state, 'stale');
    assert.match(allAnchors(idx)[0]!.problem!, /no function, method, class or type named "refund" is left/);
    assert.equal(counted.stats().parses, 0);
  });

  it('warm(): the runtime readied and no grammar loaded; prepare() loads only the languages asked for', async () => {
    const defs = new TreeSitterDefinitions();
    await defs.warm();
    for (const f of ['b.py', 'c.ts', 'd.tsx', 'e.js', 'f.java', 'g.cs'])
      assert.equal(defs.languageOf(f), undefined, `${f}: no grammar loaded by the warm-up`);
    assert.equal(defs.stats().parses, 0);
    await defs.prepare(['/w/a.py', '/w/b.py']);
    assert.equal(defs.languageOf('x.py'), 'python');
    assert.equal(defs.languageOf('c.ts'), undefined, 'a language no file asked for stays unloaded');
    assert.ok(defs.definitions('/w/a.py', 'def handle(x):\n    return x\n')!.has('handle'));
  });

  it('the query compiler is exercised on a small query before the large ones compile; without grammars, not at all', async () => {
    assert.equal(await exerciseQueryCompiler(findWasmDir()!, 3), 3);
    assert.equal(await exerciseQueryCompiler(ws.abs('nowhere'), 3), 0);
    // A warm-up without grammars finishes, and leaves every file to the text rules.
    const defs = new TreeSitterDefinitions({ wasmDir: ws.abs('nowhere') });
    await defs.warm();
    assert.equal(defs.languageOf('a.ts'), undefined);
  });

  it('grammars that cannot be loaded: said once, and those files keep the text rules', async () => {
    const problems: string[] = [];
    const defs = new TreeSitterDefinitions({
      wasmDir: ws.abs('nowhere'),
      onProblem: (m) => problems.push(m),
    });
    const idx = ws.index([ws.folder('ws')], { definitions: defs });
    await ws.write('ws/svc/orders.go', GO_WITHOUT);
    const e = entry({ file: 'svc/orders.go', line_start: 15, line_end: 15, name: 'handle' }, ['handle']);
    await idx.setAnchors([e]);
    await idx.setAnchors([e]);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /Syntax-aware anchor relocation is off for go files/);
    assert.equal(allAnchors(idx)[0]!.state, 'relocated'); // text rules: the unique occurrence
  });
});
