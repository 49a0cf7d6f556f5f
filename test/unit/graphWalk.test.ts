// The lineage graph's walk (server/src/graph/traverse.ts) over its packed arc arrays: every field
// reached at its least number of component crossings, checked against a plain 0-1 breadth-first search
// over the model's arc lists on generated graphs; the mapping kinds on the way, in the order met;
// filters; and impact counts that do not depend on how many fields are listed.
import { strict as assert } from 'node:assert';
import type { ComponentDetail } from '../../common/src/api';
import type { MappingKind } from '../../common/src/protocol';
import { fieldFlow, impactOf } from '../../server/src/graph/impact';
import { LineageModel } from '../../server/src/graph/lineageModel';
import { kindsOf, walk } from '../../server/src/graph/traverse';
import { mulberry32 } from '../../scripts/seededRandom.mjs';

type Mapping = [string, string, MappingKind];

/**
 * A CODE component. `handlers` > 1 spreads its paths over that many handlers and callees, so several
 * boundaries carry the same payload (as a service with several endpoints taking an Order does).
 */
function code(
  id: string,
  paths: Array<{ from: string; to: string; mappings: Mapping[] }>,
  handlers = 1,
): ComponentDetail {
  const at = (i: number) => (handlers > 1 ? String(i % handlers) : '');
  return {
    id,
    name: id,
    namespace: id.startsWith('x') ? 'other' : 'main',
    type: 'CODE',
    paths: paths.map((p, i) => ({
      path_id: `${id}-p${i}`,
      ingress: { signature_name: `${id}.in${at(i)}.${p.from}`, payload_name: p.from },
      egress: { signature_name: `${id}.out${at(i)}.${p.to}`, payload_name: p.to },
      field_mappings: p.mappings.map(([a, b, kind]) => ({ ingress_field: a, egress_field: b, kind })),
    })),
  };
}

/** Least crossings from the starts by a textbook 0-1 BFS (a deque) over the model's arcs, one field at a time. */
function reference(model: LineageModel, starts: number[]): Map<number, number> {
  const dist = new Map<number, number>();
  const deque: number[] = [];
  for (const s of starts) {
    dist.set(s, 0);
    deque.push(s);
  }
  while (deque.length) {
    const u = deque.shift()!;
    for (const a of model.arcsOf(u, 'down')) {
      const w = a.kind === 'crossing' ? 1 : 0;
      const d = dist.get(u)! + w;
      if (d < (dist.get(a.to) ?? Infinity)) {
        dist.set(a.to, d);
        if (w === 0) deque.unshift(a.to);
        else deque.push(a.to);
      }
    }
  }
  return dist;
}

const KINDS: MappingKind[] = ['DataFlow', 'ControlFlow', 'KeyValueBridge'];

function generated(seed: number, handlers = 1): LineageModel {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const payloads = Array.from({ length: 12 }, (_, i) => `P${i}`);
  const fields = ['a', 'b', 'c', 'd', 'e'];
  const details: ComponentDetail[] = [];
  for (let c = 0; c < 40; c++) {
    const paths = Array.from({ length: 1 + Math.floor(rnd() * (handlers > 1 ? 8 : 3)) }, () => ({
      from: pick(payloads),
      to: pick(payloads),
      mappings: Array.from({ length: 1 + Math.floor(rnd() * 4) }, (): Mapping => [
        pick(fields),
        pick(fields),
        pick(KINDS),
      ]),
    }));
    details.push(code(`c${c}`, paths, handlers));
  }
  const edges = Array.from({ length: 90 }, () => ({
    sourceComponentId: `c${Math.floor(rnd() * 40)}`,
    destinationComponentId: `c${Math.floor(rnd() * 40)}`,
  }));
  return new LineageModel(details, edges);
}

describe('lineage graph walk', () => {
  it('reaches the same fields at the same least crossings as a plain 0-1 BFS, nearest first', () => {
    // Seeds 11–13: several boundaries of one payload per component, so crossings go through hubs.
    for (const [seed, handlers] of [
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [11, 3],
      [12, 3],
      [13, 4],
    ]) {
      const model = generated(seed!, handlers);
      if (handlers! > 1) assert.ok(model.nodeCount > model.fields.length, `seed ${seed}: crossing hubs made`);
      for (let s = 0; s < model.fields.length; s += 7) {
        const expected = reference(model, [s]);
        const reach = walk(model, [s], 'down');
        assert.equal(reach.count, expected.size, `seed ${seed}, start ${s}: as many fields reached`);
        let last = 0;
        for (const v of reach.order) {
          assert.equal(reach.hops[v], expected.get(v), `seed ${seed}, start ${s}, field ${v}: hops`);
          assert.ok(reach.hops[v]! >= last, 'the order is nearest first');
          last = reach.hops[v]!;
        }
        // Cut at one crossing: exactly the fields at most one crossing away (and the next walk, which
        // reuses the arrays, starts clean after a cut).
        const near = walk(model, [s], 'down', {}, 1);
        const within = [...expected].filter(([, h]) => h <= 1);
        assert.equal(near.count, within.length, `seed ${seed}, start ${s}: fields within one crossing`);
        for (const [v, h] of within) assert.equal(near.hops[v], h);
      }
    }
  });

  it('names the mapping kinds on the way in the order they are met, each once', () => {
    // A chain of four services, one mapping each: ControlFlow, DataFlow, ControlFlow, KeyValueBridge.
    const model = new LineageModel(
      [
        code('A', [{ from: 'In', to: 'M', mappings: [['x', 'y', 'ControlFlow']] }]),
        code('B', [{ from: 'M', to: 'N', mappings: [['y', 'z', 'DataFlow']] }]),
        code('C', [{ from: 'N', to: 'O', mappings: [['z', 'w', 'ControlFlow']] }]),
        code('D', [{ from: 'O', to: 'Q', mappings: [['w', 'v', 'KeyValueBridge']] }]),
      ],
      [
        { sourceComponentId: 'A', destinationComponentId: 'B' },
        { sourceComponentId: 'B', destinationComponentId: 'C' },
        { sourceComponentId: 'C', destinationComponentId: 'D' },
      ],
    );
    const id = (c: string, side: string, payload: string, field: string) =>
      model.fieldIndexOf(`b:${c}:${payload}:${encodeURIComponent(`${c}.${side}.${payload}`)}#${field}`)!;
    const x = id('A', 'in', 'In', 'x');
    // A walk's arrays are reused by the next walk in the same direction: read this one first.
    const reach = walk(model, [x], 'down');
    const at = (v: number) => ({ hops: reach.hops[v], kinds: [...kindsOf(reach.kinds[v]!)] });
    const atV = at(id('D', 'out', 'Q', 'v'));
    assert.deepEqual(at(x), { hops: 0, kinds: [] });
    assert.deepEqual(at(id('A', 'out', 'M', 'y')), { hops: 0, kinds: ['ControlFlow'] });
    assert.deepEqual(at(id('B', 'in', 'M', 'y')), { hops: 1, kinds: ['ControlFlow'] });
    assert.deepEqual(at(id('B', 'out', 'N', 'z')), { hops: 1, kinds: ['ControlFlow', 'DataFlow'] });
    assert.deepEqual(at(id('C', 'out', 'O', 'w')), { hops: 2, kinds: ['ControlFlow', 'DataFlow'] });
    assert.deepEqual(atV, { hops: 3, kinds: ['ControlFlow', 'DataFlow', 'KeyValueBridge'] });
    // Only DataFlow mappings: the ControlFlow at the start stops the walk there.
    const dataOnly = walk(model, [x], 'down', { kinds: ['DataFlow'] });
    assert.equal(dataOnly.count, 1);
    // Upstream of v: everything back to x, at the same crossings counted from v.
    const up = walk(model, [id('D', 'out', 'Q', 'v')], 'up');
    assert.equal(up.hops[x], 3);
    // The same hops and kinds in the impact answer.
    const impact = impactOf(
      model,
      { kind: 'field', field: { boundaryId: model.fields.boundary(x).id, field: 'x' } },
      [],
      () => undefined,
    );
    const v = impact.components.find((c) => c.id === 'D')!.fields.find((f) => f.field === 'v')!;
    assert.deepEqual({ hops: v.hops, kinds: v.kinds }, atV);
  });

  it('several egresses meeting several ingresses of one payload: crossed through one hub per field, seen as arcs per pair', () => {
    // Three handlers of A each send an Order (id, email) to B, whose three handlers each take one.
    const a = code(
      'A',
      ['a', 'b', 'c'].map((f) => ({
        from: 'Req',
        to: 'Order',
        mappings: [[f, 'id', 'ControlFlow'] as Mapping, [f, 'email', 'ControlFlow'] as Mapping],
      })),
      3,
    );
    const b = code(
      'B',
      ['x', 'y', 'z'].map((f, i) => ({
        from: 'Order',
        to: `Out${i}`,
        mappings: [['id', f, 'DataFlow'] as Mapping, ['email', 'e', 'DataFlow'] as Mapping],
      })),
      3,
    );
    const model = new LineageModel([a, b], [{ sourceComponentId: 'A', destinationComponentId: 'B' }]);
    const id = (c: string, side: string, i: number, payload: string, field: string) =>
      model.fieldIndexOf(`b:${c}:${payload}:${encodeURIComponent(`${c}.${side}${i}.${payload}`)}#${field}`)!;
    // 12 mappings; each of the 6 Order boundaries linked once per field to its side's hub (12), and
    // A's hubs crossing to B's once per field (2): 26 arcs, where an arc per pair would be 3 × 3 × 2.
    assert.equal(model.arcs('down').to.length, 26);
    assert.equal(model.nodeCount - model.fields.length, 4);

    const start = id('A', 'in', 0, 'Req', 'a');
    const down = walk(model, [start], 'down');
    assert.equal(down.count, 15); // a; A's Order id, email; B's three Orders' id, email; x, y, z, e ×3 boundaries
    assert.ok(
      [...down.order].every((v) => v < model.fields.length),
      'hubs are passed through, never reported',
    );
    for (const i of [0, 1, 2]) {
      assert.equal(down.hops[id('B', 'in', i, 'Order', 'id')], 1);
      assert.equal(down.hops[id('B', 'in', i, 'Order', 'email')], 1);
    }
    const x = id('B', 'out', 0, 'Out0', 'x');
    assert.deepEqual([...kindsOf(down.kinds[x]!)], ['ControlFlow', 'DataFlow'], 'a hub adds no mapping kind');
    // The next walk starts clean (the hubs' hops were reset too), filtered walks pass through hubs.
    assert.equal(walk(model, [id('B', 'in', 0, 'Order', 'id')], 'down').count, 2);
    assert.equal(walk(model, [start], 'down').count, 15);
    assert.equal(walk(model, [start], 'down', { namespaces: ['main'] }).count, 15);
    assert.equal(walk(model, [start], 'down', { kinds: ['ControlFlow', 'DataFlow'] }).count, 15);
    assert.equal(walk(model, [start], 'down', { kinds: ['DataFlow'] }).count, 1);
    assert.equal(walk(model, [start], 'down', {}, 0).count, 3);

    // Upstream of y: B's second Order id, then every A Order id and the field each came from.
    const up = walk(model, [id('B', 'out', 1, 'Out1', 'y')], 'up');
    assert.equal(up.count, 8);
    for (const [i, f] of ['a', 'b', 'c'].entries()) {
      assert.equal(up.hops[id('A', 'out', i, 'Order', 'id')], 1);
      assert.equal(up.hops[id('A', 'in', i, 'Req', f)], 1);
    }

    // Seen from outside, every egress field has an arc to every ingress field of its name.
    const idOut = id('A', 'out', 0, 'Order', 'id');
    assert.deepEqual(
      model.arcsOf(idOut, 'down').map((arc) => [arc.to, arc.kind]),
      [0, 1, 2].map((i) => [id('B', 'in', i, 'Order', 'id'), 'crossing']),
    );
    const flow = fieldFlow(model, model.fields.id(id('B', 'in', 2, 'Order', 'email')));
    for (const i of [0, 1, 2])
      assert.ok(
        flow.edges.includes(
          `${model.fields.id(id('A', 'out', i, 'Order', 'email'))}>${model.fields.id(id('B', 'in', 2, 'Order', 'email'))}`,
        ),
        `the edge from A's Order ${i}`,
      );
    assert.ok(flow.edges.includes('A=>B'));
    assert.equal(flow.upstream.length, 6); // three A Order emails and a, b, c
  });

  it('impact counts are the same whether all, 3 or no fields are listed; a cut list names only components with a listed field', () => {
    const model = generated(7);
    for (let s = 0; s < model.fields.length; s += 5) {
      const f = model.fields.node(s);
      const target = { kind: 'field' as const, field: { boundaryId: f.boundary.id, field: f.name } };
      const all = impactOf(model, target, [], () => undefined, Number.POSITIVE_INFINITY);
      const three = impactOf(model, target, [], () => undefined, 3);
      const none = impactOf(model, target, [], () => undefined, 0);
      assert.deepEqual(three.counts, all.counts);
      assert.deepEqual(none.counts, all.counts);
      assert.equal(
        all.components.reduce((n, c) => n + c.fieldCount, 0),
        reference(model, [s]).size - 1,
        'every downstream field counted once',
      );
      const listed = three.components.flatMap((c) => c.fields);
      assert.equal(listed.length, Math.min(3, all.counts.fields));
      if (all.counts.fields > 3) {
        assert.ok(three.components.every((c) => c.fields.length > 0));
        assert.match(
          three.truncated ?? '',
          new RegExp(`^The nearest 3 of ${all.counts.fields} downstream fields`),
        );
      } else assert.equal(three.truncated, undefined);
      // The listed ones are the nearest.
      const maxListed = Math.max(-1, ...listed.map((x) => x.hops));
      const nearer = all.components.flatMap((c) => c.fields).filter((x) => x.hops < maxListed).length;
      assert.ok(nearer <= listed.length, 'no unlisted field is nearer than a listed one');
    }
  });
});
