// A lens stands once per set of anchored paths: a call inside a function that has that one path gets
// no second copy of the function's lens; a line with a different set keeps its own.
import { strict as assert } from 'node:assert';
import type { LineagePath } from '../../common/src/api';
import type { TrackedAnchor } from '../../server/src/anchors';
import { codeLenses } from '../../server/src/features/codeLens';

const path = (id: string, ingress: string, egress: string): LineagePath =>
  ({
    path_id: id,
    ingress: { signature_name: `shop.OrderHandler.${ingress}` },
    egress: { signature_name: `shop.db.${egress}` },
  }) as LineagePath;

const anchor = (pathId: string, line: number) =>
  ({
    entry: { componentId: 'c1', pathId },
    range: { start: { line, character: 2 }, end: { line, character: 20 } },
    state: 'resolved',
  }) as unknown as TrackedAnchor;

describe('code lenses, once per set of paths', () => {
  const paths = new Map([
    ['p1', path('p1', 'ping', 'log')],
    ['p2', path('p2', 'createOrder', 'insertOrder')],
    ['p3', path('p3', 'createOrder', 'chargeCard')],
  ]);
  const lensesFor = (anchors: TrackedAnchor[]) =>
    codeLenses(
      {
        index: { anchorsInFile: () => anchors } as never,
        store: { findPath: (_c: string, p: string) => paths.get(p) } as never,
      },
      'file:///handlers.ts',
    ).map((l) => [l.range.start.line, l.command!.title]);

  it('gives a function with one path its lens above the signature only, not again above the call', () => {
    assert.deepEqual(lensesFor([anchor('p1', 1), anchor('p1', 3)]), [[1, 'ping → log']]);
  });

  it('keeps the lens of a call that tells one path apart from the several of its function', () => {
    assert.deepEqual(lensesFor([anchor('p2', 10), anchor('p3', 10), anchor('p2', 12), anchor('p3', 14)]), [
      [10, '2 lineage paths: createOrder → insertOrder, createOrder → chargeCard'],
      [12, 'createOrder → insertOrder'],
      [14, 'createOrder → chargeCard'],
    ]);
  });
});
