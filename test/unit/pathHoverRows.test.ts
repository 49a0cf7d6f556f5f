// The rows of a path's hover section (features/pathHover.ts): mappings with a tag at either end in
// mapping order, then tagged fields no mapping names, at most eight and "… and N more" counting every
// other one; the ingress names of untagged mappings, four and "+N"; tags in words, derived ones apart.
import { strict as assert } from 'node:assert';
import type { ComponentDetail, LineagePath } from '../../common/src/api';
import { pathSection } from '../../server/src/features/pathHover';
import { pathFields } from '../../server/src/domain/pathFields';
import { shortPathLabel } from '../../server/src/domain/pathSummary';
import type { TrackedAnchor } from '../../server/src/anchors/types';

const tag = (name: string) => ({ tag_id: `t-${name}`, name, kind: 'SYSTEM', source: 'scanner' });
const upstream = (name: string, hops: number) => ({
  tag_id: `d-${name}`,
  name,
  kind: 'SYSTEM',
  nearest_hops: hops,
});

function manyRowsPath(): LineagePath {
  const ingress = Array.from({ length: 19 }, (_, i) => `in_${String(i).padStart(2, '0')}`);
  return {
    path_id: 'p1',
    path_type: 'SCAN_OUTPUT',
    is_suppressed: false,
    ingress: {
      id: 'b-in',
      kind: 'http_handler',
      signature_name: 'shop.orders.Handler.create',
      schema: { type: 'object', properties: Object.fromEntries(ingress.map((f) => [f, { type: 'string' }])) },
      // Twelve mappings start at a tagged ingress field; one tagged field no mapping names.
      field_tags: [
        ...ingress.slice(0, 12).map((f) => ({ field_path: f, tags: [tag(`pii_${f}`)] })),
        { field_path: 'unmapped_in', tags: [tag('secret')] },
      ],
    },
    egress: {
      id: 'b-out',
      kind: 'db_write',
      signature_name: 'shop.orders.Repo.save',
      schema: {
        type: 'object',
        properties: Object.fromEntries(ingress.map((f) => [`row_${f}`, { type: 'string' }])),
      },
      field_depends_on_tags: [
        { field_path: 'row_in_00', depends_on: [upstream('email', 2), upstream(`pii_in_00`, 1)] },
        { field_path: 'row_only', depends_on: [upstream('card', 0)] },
      ],
    },
    field_mappings: ingress.map((f, i) => ({
      ingress_field: f,
      egress_field: `row_${f}`,
      ...(i % 3 === 1 ? { kind: 'KeyValueBridge' } : {}),
    })),
    completeness: {
      ingress: 'KNOWN_COMPLETE',
      ingress_schema: 'KNOWN_COMPLETE',
      egress: 'KNOWN_COMPLETE',
      egress_schema: 'KNOWN_COMPLETE',
      field_mappings: 'KNOWN_COMPLETE',
    },
  } as unknown as LineagePath;
}

const component = {
  id: 'c1',
  name: 'orders',
  type: 'CODE',
  namespace: 'shop',
  paths: [],
} as unknown as ComponentDetail;
const anchor = {
  state: 'exact',
  entry: { componentId: 'c1', pathId: 'p1', anchor: {} },
} as unknown as TrackedAnchor;

describe('hover section of a path: its field rows', () => {
  const text = pathSection(component, manyRowsPath(), anchor).join('\n');
  const rows = text.split('\n').filter((l) => l.startsWith('- '));

  it('lists the first eight tagged mappings in mapping order, each with its ends’ tags', () => {
    assert.deepEqual(
      rows.slice(0, 8).map((r) => r.slice(0, r.indexOf(':'))),
      [
        '- in\\_00 → row\\_in\\_00',
        '- in\\_01 → row\\_in\\_01 (key value bridge)',
        '- in\\_02 → row\\_in\\_02',
        '- in\\_03 → row\\_in\\_03',
        '- in\\_04 → row\\_in\\_04 (key value bridge)',
        '- in\\_05 → row\\_in\\_05',
        '- in\\_06 → row\\_in\\_06',
        '- in\\_07 → row\\_in\\_07 (key value bridge)',
      ],
    );
    // Applied first; a derived tag named like an applied one is left out; the other derived one stays.
    assert.equal(
      rows[0],
      '- in\\_00 → row\\_in\\_00: ● **pii\\_in\\_00**, detected by the scanner · ◌ *email*, from 2 services upstream',
    );
  });

  it('counts every other tagged row, unmapped tagged fields included, in "and N more"', () => {
    // 12 tagged mappings + unmapped_in (ingress) + row_only (egress) = 14; eight shown.
    assert.equal(rows[8], '- … and 6 more tagged fields');
    assert.equal(rows.length, 9);
  });

  it('names four untagged mappings by their ingress field, then how many more', () => {
    assert.match(text, /^Untagged: in\\_12, in\\_13 \(key value bridge\), in\\_14, in\\_15, \+3$/m);
  });

  it('lists tagged fields no mapping names after the mappings, counted in "and N more" too', () => {
    const path = manyRowsPath();
    path.field_mappings = path.field_mappings!.slice(12);
    const few = pathSection(component, path, anchor).join('\n');
    const fewRows = few.split('\n').filter((l) => l.startsWith('- '));
    // Fields in the order the path lists them: applied tags' entries first, then the others.
    assert.deepEqual(fewRows, [
      '- in\\_00: ● **pii\\_in\\_00**, detected by the scanner',
      '- in\\_01: ● **pii\\_in\\_01**, detected by the scanner',
      '- in\\_02: ● **pii\\_in\\_02**, detected by the scanner',
      '- in\\_03: ● **pii\\_in\\_03**, detected by the scanner',
      '- in\\_04: ● **pii\\_in\\_04**, detected by the scanner',
      '- in\\_05: ● **pii\\_in\\_05**, detected by the scanner',
      '- in\\_06: ● **pii\\_in\\_06**, detected by the scanner',
      '- in\\_07: ● **pii\\_in\\_07**, detected by the scanner',
      // in_08 … in_11, unmapped_in, and on the egress side row_in_00 and row_only (derived tags).
      '- … and 7 more tagged fields',
    ]);
  });
});

describe('hover section of a path: what is made once per path', () => {
  const withUrl = (url: string | undefined) =>
    ({ ...anchor, entry: { ...anchor.entry, anchor: url ? { url } : {} } }) as unknown as TrackedAnchor;

  it('gathers a path’s fields once and shares them; another path object gets its own', () => {
    const path = manyRowsPath();
    const fields = pathFields(path);
    assert.equal(pathFields(path), fields, 'the same path: the same fields');
    const again = manyRowsPath();
    assert.notEqual(pathFields(again), fields);
    assert.deepEqual(pathFields(again), fields);
    assert.equal(shortPathLabel(path), 'create → save');
  });

  it('each anchor of one path links to its own code-host place, in whatever order they are hovered', () => {
    const path = manyRowsPath();
    const link = (url: string | undefined) => {
      const last = pathSection(component, path, withUrl(url)).at(-1)!;
      return /\[Open in code host\]\(([^)]*)\)/.exec(last)?.[1];
    };
    assert.equal(link('https://git.example/a#L1'), 'https://git.example/a#L1');
    assert.equal(link('https://git.example/b#L9'), 'https://git.example/b#L9');
    assert.equal(link(undefined), undefined);
    assert.equal(link('https://git.example/a#L1'), 'https://git.example/a#L1');
    // The section is the same as one made for a fresh copy of the path.
    assert.deepEqual(
      pathSection(component, path, withUrl('https://git.example/b#L9')),
      pathSection(component, manyRowsPath(), withUrl('https://git.example/b#L9')),
    );
  });
});
