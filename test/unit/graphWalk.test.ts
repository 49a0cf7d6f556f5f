// The lineage graph's walk (server/src/graph/traverse.ts) over its packed arc arrays: every field
// reached at its least number of component crossings, checked against a plain 0-1 breadth-first search
// over the model's arc lists on generated graphs; the mapping kinds on the way, in the order met;
// filters; and impact counts that do not depend on how many fields are listed.
import { strict as assert } from 'node:assert';
import type { ComponentDetail } from '../../common/src/api';
import type { MappingKind } from '../../common/src/protocol';
import { impactOf } from '../../server/src/graph/impact';
import { LineageModel } from '../../server/src/graph/lineageModel';
import { kindsOf, walk } from '../../server/src/graph/traverse';

type Mapping = [string, string, MappingKind];

function code(id: string, paths: Array<{ from: string; to: string; mappings: Mapping[] }>): ComponentDetail {
  return {
    id,
    name: id,
    namespace: id.startsWith('x') ? 'other' : 'main',
    type: 'CODE',
    paths: paths.map((p, i) => ({
      path_id: `${id}-p${i}`,
      ingress: { signature_name: `${id}.in.${p.from}`, payload_name: p.from },
      egress: { signature_name: `${id}.out.${p.to}`, payload_name: p.to },
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

/** A seeded pseudo-random generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS: MappingKind[] = ['DataFlow', 'ControlFlow', 'KeyValueBridge'];

function generated(seed: number): LineageModel {
  const rnd = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const payloads = Array.from({ length: 12 }, (_, i) => `P${i}`);
  const fields = ['a', 'b', 'c', 'd', 'e'];
  const details: ComponentDetail[] = [];
  for (let c = 0; c < 40; c++) {
    const paths = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({
      from: pick(payloads),
      to: pick(payloads),
      mappings: Array.from({ length: 1 + Math.floor(rnd() * 4) }, (): Mapping => [
        pick(fields),
        pick(fields),
        pick(KINDS),
      ]),
    }));
    details.push(code(`c${c}`, paths));
  }
  const edges = Array.from({ length: 90 }, () => ({
    sourceComponentId: `c${Math.floor(rnd() * 40)}`,
    destinationComponentId: `c${Math.floor(rnd() * 40)}`,
  }));
  return new LineageModel(details, edges);
}

describe('lineage graph walk', () => {
  it('reaches the same fields at the same least crossings as a plain 0-1 BFS, nearest first', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const model = generated(seed);
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
      model.fieldIds.get(`b:${c}:${payload}:${encodeURIComponent(`${c}.${side}.${payload}`)}#${field}`)!;
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
      { kind: 'field', field: { boundaryId: model.fields[x]!.boundary.id, field: 'x' } },
      [],
      () => undefined,
    );
    const v = impact.components.find((c) => c.id === 'D')!.fields.find((f) => f.field === 'v')!;
    assert.deepEqual({ hops: v.hops, kinds: v.kinds }, atV);
  });

  it('impact counts are the same whether all, 3 or no fields are listed; a cut list names only components with a listed field', () => {
    const model = generated(7);
    for (let s = 0; s < model.fields.length; s += 5) {
      const f = model.fields[s]!;
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
