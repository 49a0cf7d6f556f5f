// A lens stands once per set of anchored paths within a function: a call inside a function anchored
// to that one path gets no second copy of the function's lens; a line with a different set, or the
// same path in another function, keeps its own.
import { strict as assert } from 'node:assert';
import type { LineagePath } from '../../common/src/api';
import type { TrackedAnchor } from '../../server/src/anchors';
import { codeLenses } from '../../server/src/features/codeLens';
import { insideBlock } from '../../server/src/features/lensLines';

const path = (id: string, ingress: string, egress: string): LineagePath =>
  ({
    path_id: id,
    ingress: { signature_name: `shop.OrderHandler.${ingress}` },
    egress: { signature_name: `shop.db.${egress}` },
  }) as LineagePath;

const anchor = (pathId: string, line: number) =>
  ({
    entry: { componentId: 'c1', pathId },
    range: { start: { line, character: 0 }, end: { line, character: 20 } },
    state: 'resolved',
  }) as unknown as TrackedAnchor;

// 0-based lines: createOrder (0-9) calls insertOrder (6) and chargeCard (7); cancelOrder (11-14) calls
// insertOrder (13).
const FILE = [
  'export async function createOrder(',
  '  req: Request,',
  '  reply: Reply,',
  '): Promise<void> {',
  '  const body = req.body;',
  '',
  '  await insertOrder(body);',
  '  await chargeCard(body);',
  '  return reply.send();',
  '}',
  '',
  'export async function cancelOrder(req: Request) {',
  '  const body = req.body;',
  '  await insertOrder(body);',
  '}',
];

describe('code lenses, once per set of paths in a function', () => {
  const paths = new Map([
    ['p1', path('p1', 'createOrder', 'insertOrder')],
    ['p2', path('p2', 'createOrder', 'chargeCard')],
  ]);
  const lensesFor = (anchors: TrackedAnchor[], lines: readonly string[] | null = FILE) =>
    codeLenses(
      {
        index: { anchorsInFile: () => anchors } as never,
        store: { findPath: (_c: string, p: string) => paths.get(p) } as never,
      },
      'file:///createOrder.ts',
      lines ?? undefined,
    ).map((l) => [l.range.start.line, l.command!.title]);

  it('gives a function anchored to one path its lens above the signature, not again above the call inside it', () => {
    assert.deepEqual(lensesFor([anchor('p1', 0), anchor('p1', 6)]), [[0, 'createOrder → insertOrder']]);
  });

  it('keeps the lens of the same path in another function, and of a call that tells paths apart', () => {
    assert.deepEqual(lensesFor([anchor('p1', 0), anchor('p1', 13)]), [
      [0, 'createOrder → insertOrder'],
      [13, 'createOrder → insertOrder'],
    ]);
    assert.deepEqual(lensesFor([anchor('p1', 0), anchor('p2', 0), anchor('p1', 6), anchor('p2', 7)]), [
      [0, '2 lineage paths: createOrder → insertOrder, createOrder → chargeCard'],
      [6, 'createOrder → insertOrder'],
      [7, 'createOrder → chargeCard'],
    ]);
  });

  it('leaves every lens when the text is not at hand', () => {
    assert.equal(lensesFor([anchor('p1', 0), anchor('p1', 6)], null).length, 2);
  });

  it('reads a block by indentation: a multi-line signature continues it, a closing brace or a dedent ends it', () => {
    assert.equal(insideBlock(FILE, 0, 6), true, 'past `): Promise<void> {`');
    assert.equal(insideBlock(FILE, 0, 13), false, 'the closing brace ended createOrder');
    const py = ['def handle(event):', '    charge(event)', '', 'def other():', '    charge(1)'];
    assert.equal(insideBlock(py, 0, 1), true);
    assert.equal(insideBlock(py, 0, 4), false, 'the next def at the same depth');
  });
});
