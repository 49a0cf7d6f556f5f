// A hover where many lineage paths are anchored (a real anchor index over a real file): it shows
// the first paths and says when more are anchored there, exactly when one is left out; and the field
// lookup an identifier hover makes for each path answers as the plain rule does (identifierMatchesField
// over every field and parent of the path), asked once or again.
import { strict as assert } from 'node:assert';
import type { ComponentDetail, LineagePath } from '../../common/src/api';
import { identifierMatchesField } from '../../common/src/api/fields';
import { normalizeSettings } from '../../common/src/settings';
import { fieldsMatching, pathFields } from '../../server/src/domain/pathFields';
import { sourceHover } from '../../server/src/features/hover';
import { TempWorkspace, entry } from './anchors/workspace';

function path(i: number, fields: string[]): LineagePath {
  const schema = (names: string[]) => {
    const properties: Record<string, unknown> = {};
    for (const n of names) {
      const parts = n.split('.');
      let at = properties;
      for (let k = 0; k < parts.length; k++) {
        const p = parts[k]!;
        if (k === parts.length - 1) at[p] ??= { type: 'string' };
        else {
          const node = (at[p] ??= { type: 'object', properties: {} }) as {
            properties: Record<string, unknown>;
          };
          at = node.properties;
        }
      }
    }
    return { type: 'object', properties };
  };
  return {
    path_id: `p${i}`,
    path_type: 'SCAN_OUTPUT',
    is_suppressed: false,
    ingress: { id: `in${i}`, signature_name: `shop.Handler${i}.handle`, schema: schema(fields) },
    egress: {
      id: `out${i}`,
      signature_name: `shop.Repo${i}.save`,
      schema: schema(fields.map((f) => `row_${f}`)),
      field_depends_on_tags: [
        { field_path: `row_${fields[0]}`, depends_on: [{ tag_id: 't', name: 'pii', kind: 'SYSTEM' }] },
      ],
    },
    field_mappings: fields.map((f) => ({ ingress_field: f, egress_field: `row_${f}` })),
  } as unknown as LineagePath;
}

/** The rule fieldsMatching answers by: every field and parent of a side whose name matches. */
function plainMatches(p: LineagePath, identifier: string): string[] {
  const out: string[] = [];
  for (const side of ['ingress', 'egress'] as const) {
    const names = new Set<string>();
    for (const f of pathFields(p).filter((x) => x.side === side)) {
      names.add(f.fieldPath);
      const parts = f.fieldPath.split('.');
      for (let i = 1; i < parts.length; i++) names.add(parts.slice(0, i).join('.'));
    }
    for (const n of names) if (identifierMatchesField(identifier, n)) out.push(`${side}:${n}`);
  }
  return out.sort();
}

describe('hovers where many paths are anchored', () => {
  let ws: TempWorkspace;
  beforeEach(async () => (ws = await TempWorkspace.create()));
  afterEach(async () => ws.dispose());

  async function hoverOver(pathCount: number): Promise<string> {
    await ws.write(
      'src/orders.ts',
      'export function createOrder(order: Order) {\n  return save(order);\n}\n',
    );
    const paths = Array.from({ length: pathCount }, (_, i) => path(i, ['email', 'address.city']));
    const detail = {
      id: 'orders-svc',
      name: 'orders',
      type: 'CODE',
      namespace: 'shop',
      paths,
    } as unknown as ComponentDetail;
    const index = ws.index([ws.folder('')]);
    await index.setAnchors(
      paths.map((p) =>
        entry(
          { file: 'src/orders.ts', line_start: 1, line_end: 3, name: 'createOrder' },
          ['createOrder'],
          'orders-svc',
          p.path_id!,
        ),
      ),
    );
    const byId = new Map(paths.map((p) => [p.path_id!, p]));
    const h = sourceHover(
      {
        index,
        store: {
          get: (id: string) => (id === detail.id ? detail : undefined),
          findPath: (c: string, p: string) => (c === detail.id ? byId.get(p) : undefined),
          all: () => [detail],
          size: 1,
        },
        settings: normalizeSettings({ components: ['orders-svc'] }),
        status: { state: 'connected', lastLoadedAt: 0, unreachableSince: undefined },
      } as unknown as Parameters<typeof sourceHover>[0],
      ws.uri('src/orders.ts'),
      { line: 1, character: 2 },
      undefined,
    );
    index.dispose();
    assert.ok(h, 'a hover');
    return (h.contents as { value: string }).value;
  }

  const MORE = /More lineage paths are anchored here/;
  const shown = (text: string) => text.split('\n---\n').filter((s) => /Handler\d+/.test(s)).length;

  it('shows every path and no note when all fit', async () => {
    const text = await hoverOver(5);
    assert.equal(shown(text), 5);
    assert.doesNotMatch(text, MORE);
  });

  it('says more are anchored when exactly one is left out', async () => {
    const text = await hoverOver(6);
    assert.equal(shown(text), 5);
    assert.match(text, MORE);
  });

  it('says more are anchored when thousands share the line', async () => {
    const text = await hoverOver(3_000);
    assert.equal(shown(text), 5);
    assert.match(text, MORE);
  });

  it('finds the fields an identifier names as the plain rule does, asked once or many times', () => {
    const fields = [
      'email',
      'customerEmail',
      'address.city',
      'address.zip_code',
      'credit_card.number',
      'Email',
    ];
    const p = path(1, fields);
    for (const id of [
      'email',
      'EMAIL',
      'customer_email',
      'address',
      'city',
      'zipCode',
      'creditCard',
      'row_email',
      'nothing',
      '',
      '_',
    ]) {
      const want = plainMatches(p, id);
      for (let round = 0; round < 2; round++) {
        const got = fieldsMatching(p, id)
          .map((m) => `${m.side}:${m.fieldPath}`)
          .sort();
        assert.deepEqual(got, want, `${id}, round ${round}`);
      }
    }
    const address = fieldsMatching(p, 'address').find((m) => m.side === 'ingress')!;
    assert.deepEqual(address.children, [], 'no tagged field under ingress address');
    const row = fieldsMatching(p, 'row_email').find((m) => m.side === 'egress')!;
    assert.equal(row.dependsOn.length, 1);
  });
});
