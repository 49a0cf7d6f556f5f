// The workspace-symbol index: built per component detail as components arrive,
// results capped, a query cancellable between slices, a replaced detail re-indexed.
import { strict as assert } from 'node:assert';
import { SymbolKind } from 'vscode-languageserver';
import type { ComponentDetail } from '../../common/src/api';
import { SymbolCancelled, SymbolIndex } from '../../server/src/features/symbolIndex';
import { pathFields } from '../../server/src/domain/pathFields';

function component(id: string, paths: number, prefix = 'Handler'): ComponentDetail {
  return {
    id,
    name: id,
    type: 'CODE',
    paths: Array.from({ length: paths }, (_, i) => ({
      path_id: `${id}-p${i}`,
      ingress: { signature_name: `svc.${prefix}${i}.receive` },
      egress: { signature_name: `svc.Store${i % 10}.write` },
      field_mappings: [{ ingress_field: `in_${i % 7}`, egress_field: `out_${i % 5}` }],
    })),
  };
}

describe('workspace symbol index', () => {
  it('is empty until first synced, and not while its first sync runs', async () => {
    const index = new SymbolIndex();
    assert.equal(index.isEmpty(), true);
    const first = index.sync(() => [component('a', 3)]);
    assert.equal(index.isEmpty(), false);
    await first;
    assert.equal(index.isEmpty(), false);
    await index.sync(() => []);
    assert.equal(index.isEmpty(), true);
  });

  it('finds names across paths in component order, capped at the maximum', async () => {
    const index = new SymbolIndex();
    const cs = [component('a', 3_000), component('b', 10)];
    await index.sync(() => cs);
    const all = await index.search(cs, '', 500);
    assert.equal(all.length, 500);
    assert.equal(all[0]!.name, 'a');
    const exact = await index.search(cs, 'handler2999.receive', 500);
    assert.ok(exact.some((h) => h.name === 'svc.Handler2999.receive' && h.entry.path?.path_id === 'a-p2999'));
    const fields = await index.search(cs, 'out_4', 500);
    assert.ok(
      fields.length > 0 && fields.every((h) => /out_4/.test(h.name) || /o.*u.*t.*_.*4/i.test(h.name)),
    );
  });

  it('stops a query when it is cancelled between slices', async () => {
    const index = new SymbolIndex(0); // a slice per 32 names, however fast this machine is
    const cs = [component('big', 20_000)];
    await index.sync(() => cs);
    let cancelled = false;
    const token = {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested: () => ({ dispose: () => undefined }),
    };
    const query = index.search(cs, 'zzzz', 500, token);
    cancelled = true; // arrives while the query yields to the event loop
    await assert.rejects(query, SymbolCancelled);
  });

  it('re-indexes a component whose detail was replaced and forgets dropped ones', async () => {
    const index = new SymbolIndex();
    let cs = [component('a', 5), component('b', 5)];
    await index.sync(() => cs);
    assert.ok((await index.search(cs, 'Handler3', 10)).length > 0);
    cs = [component('a', 5, 'Receiver')];
    await index.sync(() => cs);
    assert.equal((await index.search(cs, 'handler', 10)).length, 0);
    assert.ok((await index.search(cs, 'receiver3', 10)).length > 0);
  });

  it("lists a path's fields as hovers see them: each side's once, in pathFields' order", async () => {
    const tag = { tag_id: 't1', name: 'pii', kind: 'SYSTEM', source: 'system' };
    const c = {
      id: 'f',
      name: 'f',
      type: 'CODE',
      paths: [
        {
          path_id: 'f-p0',
          ingress: {
            signature_name: 'api.Orders.place',
            field_tags: [{ field_path: 'email', tags: [tag] }],
            field_depends_on_tags: [{ field_path: 'total', depends_on: [] }],
            schema: {
              type: 'object',
              properties: {
                email: { type: 'string' },
                address: { type: 'object', properties: { zip: { type: 'string' } } },
              },
            },
          },
          egress: {
            signature_name: 'db.Orders.insert',
            schema: {
              type: 'object',
              properties: { contact: { type: 'string' }, Email: { type: 'string' } },
            },
          },
          field_mappings: [
            { ingress_field: 'email', egress_field: 'contact' },
            { ingress_field: 'total', egress_field: 'amount' },
            { ingress_field: '', egress_field: 'contact' },
          ],
        },
        { path_id: 'f-p1', ingress: { signature_name: 'a.b' } },
      ],
    } as unknown as ComponentDetail;
    const index = new SymbolIndex();
    await index.sync(() => [c]);
    const fields = (await index.search([c], '', 100))
      .filter((h) => h.entry.kind === SymbolKind.Field)
      .map((h) => `${h.entry.containerName!.split(' ')[0]}:${h.name}`);
    const expected = c.paths!.flatMap((p) => pathFields(p).map((f) => `${f.side}:${f.fieldPath}`));
    assert.deepEqual(fields, expected);
    assert.deepEqual(fields, [
      'ingress:email',
      'ingress:total',
      'ingress:address',
      'ingress:address.zip',
      'egress:contact',
      'egress:amount',
      'egress:Email',
    ]);
    // Matched case-insensitively, as before.
    assert.deepEqual(
      (await index.search([c], 'EMAIL', 100)).map((h) => h.name),
      ['email', 'Email'],
    );
  });
});
