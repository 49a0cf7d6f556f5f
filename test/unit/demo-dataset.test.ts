// The demo dataset is valid, internally consistent, anchored to real lines of the demo workspace,
// and demonstrates everything the demo promises (mapping kinds, overrides, tags across hops, contracts).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { createDemoRepository, repositoryHasPlan } from '../../demo/demoRepository.mjs';
import {
  Dataset,
  type DatasetBoundary,
  type DatasetCodeComponent,
  type DatasetPath,
} from '../../common/src/dataset/schema';
import { problems } from '../../common/src/api/validate';
import { Contract, type StructElement } from '../../common/src/api/contracts';
import { ContractFile, contractOfFile, contractShapeOf } from '../../common/src/api/contractFile';
import { RegisterObjectStoreRequest } from '../../common/src/api/assets';
import { SYSTEM_TAG_NAMES } from '../../common/src/api/tags';
import { flattenSchema } from '../../common/src/api/fields';
import { checkDataset } from '../../service/src/dataset/loadDataset';
import { LineTable } from '../../server/src/anchors/lineTable';
import { toLspRange } from '../../server/src/anchors/coordinates';

/** The repository root: the nearest folder above this file holding demo/dataset.json. */
function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'demo', 'dataset.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('demo/dataset.json not found above ' + __dirname);
    dir = up;
  }
  return dir;
}

const root = repoRoot();
const workspace = join(root, 'demo', 'workspace');
const dataset = JSON.parse(readFileSync(join(root, 'demo', 'dataset.json'), 'utf8')) as Dataset;
const codeComponents = dataset.components.filter((c): c is DatasetCodeComponent => c.type === 'CODE');
const storeIds = new Set(dataset.components.filter((c) => c.type === 'DATA_STORE').map((c) => c.id));
const allPaths = codeComponents.flatMap((c) => c.paths.map((p) => ({ component: c, path: p })));
const lastSegment = (signature: string) => signature.slice(signature.lastIndexOf('.') + 1);

/** Paths shown in the collapsed projection that carry lineage: overrides win, suppressed ones do not. */
function effectivePaths(c: DatasetCodeComponent): DatasetPath[] {
  const replaced = new Set(c.paths.map((p) => p.replaces_path_id).filter((id): id is string => !!id));
  return c.paths.filter((p) => !replaced.has(p.path_id) && !p.is_suppressed);
}

/** Contract fields missing from, or typed differently in, the asset schema (dotted paths). */
function contractViolations(
  contract: readonly StructElement[],
  asset: readonly StructElement[],
  prefix = '',
): string[] {
  const out: string[] = [];
  for (const el of contract) {
    const name = `${prefix}${el.name ?? ''}`;
    const actual = asset.find((a) => a.name === el.name);
    if (!actual) {
      if (!el.optional) out.push(`missing ${name}`);
    } else if (actual.type !== el.type) {
      out.push(`type ${name}`);
    } else if (el.fields) {
      out.push(...contractViolations(el.fields, actual.fields ?? [], `${name}.`));
    }
  }
  return out;
}

describe('demo dataset', () => {
  it('is a valid Dataset that the local service loader accepts', () => {
    assert.deepEqual(problems(Dataset, dataset), []);
    checkDataset(dataset, 'demo/dataset.json');
  });

  it('is what demo/build-dataset.mjs writes (not edited by hand)', () => {
    execFileSync(process.execPath, [join(root, 'demo', 'build-dataset.mjs'), '--check'], { stdio: 'pipe' });
  });

  it('was scanned at commits git makes of demo/workspace (the repository npm start opens), every one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lineage-demo-repository-'));
    try {
      const { shas, same } = createDemoRepository(join(root, 'demo', 'workspace'), dir);
      assert.ok(same, 'git made the commits demo/demoRepository.mjs computes');
      const made = new Set(shas.values());
      // Every commit the dataset names: its scans', its paths' and their anchors'.
      const text = readFileSync(join(root, 'demo', 'dataset.json'), 'utf8');
      const scanned = new Set([...text.matchAll(/"commit_sha": "([0-9a-f]{40})"/g)].map((m) => m[1]!));
      assert.ok(scanned.size >= 8, `the scans' commits: ${[...scanned].join(', ')}`);
      assert.deepEqual(
        [...scanned].filter((sha) => !made.has(sha)),
        [],
        'every scanned commit is in the repository',
      );
      assert.ok(repositoryHasPlan(join(root, 'demo', 'workspace'), dir), 'it holds the plan');
      // One made from an older demo (other files) does not: npm start then says to --reset.
      const older = mkdtempSync(join(tmpdir(), 'lineage-demo-older-'));
      const olderRepo = mkdtempSync(join(tmpdir(), 'lineage-demo-older-repo-'));
      try {
        cpSync(join(root, 'demo', 'workspace'), older, { recursive: true });
        writeFileSync(join(older, 'checkout-api', 'package.json'), '{}\n');
        createDemoRepository(older, olderRepo);
        assert.equal(repositoryHasPlan(join(root, 'demo', 'workspace'), olderRepo), false);
      } finally {
        rmSync(older, { recursive: true, force: true });
        rmSync(olderRepo, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has unique ids and at least three CODE components in two namespaces and three DATA_STOREs', () => {
    const ids = dataset.components.map((c) => c.id);
    assert.equal(new Set(ids).size, ids.length);
    const pathIds = allPaths.map((p) => p.path.path_id);
    assert.equal(new Set(pathIds).size, pathIds.length);
    assert.ok(codeComponents.length >= 3);
    assert.ok(new Set(codeComponents.map((c) => c.namespace)).size >= 2);
    assert.ok(storeIds.size >= 3);
  });

  it('uses a boundary id for one boundary only (same content wherever it is shared)', () => {
    const seen = new Map<string, string>();
    for (const { path } of allPaths) {
      for (const b of [path.ingress, path.egress]) {
        const text = JSON.stringify(b);
        const before = seen.get(b.id);
        if (before !== undefined) assert.equal(text, before, `boundary ${b.id} differs between paths`);
        seen.set(b.id, text);
      }
    }
  });

  it('has a dozen paths with all mapping kinds, an override of a scan path and a suppressed path', () => {
    assert.ok(allPaths.length >= 12, `${allPaths.length} paths`);
    const kinds = new Set(
      allPaths.flatMap(({ path }) => (path.field_mappings ?? []).map((m) => m.kind ?? 'DataFlow')),
    );
    assert.deepEqual([...kinds].sort(), ['ControlFlow', 'DataFlow', 'KeyValueBridge']);
    const overrides = allPaths.filter(({ path }) => path.replaces_path_id);
    assert.ok(overrides.length >= 1);
    for (const { component, path } of overrides) {
      assert.equal(path.path_type, 'USER_OVERRIDE');
      const replaced = component.paths.find((p) => p.path_id === path.replaces_path_id);
      assert.equal(
        replaced?.path_type,
        'SCAN_OUTPUT',
        `${path.path_id} replaces a scan path of its own component`,
      );
    }
    assert.ok(allPaths.some(({ path }) => path.is_suppressed));
  });

  it('maps only fields that its boundary schemas declare', () => {
    const fieldsOf = (b: DatasetBoundary) => new Set(flattenSchema(b.schema).map((f) => f.path));
    for (const { path } of allPaths) {
      const ingress = fieldsOf(path.ingress);
      const egress = fieldsOf(path.egress);
      for (const m of path.field_mappings ?? []) {
        assert.ok(ingress.has(m.ingress_field), `${path.path_id}: ingress has no ${m.ingress_field}`);
        assert.ok(egress.has(m.egress_field), `${path.path_id}: egress has no ${m.egress_field}`);
      }
    }
  });

  it('refers only to scanned commits, existing stores, components, tags and contracts', () => {
    for (const { component, path } of allPaths) {
      if (path.commit_sha)
        assert.ok(
          component.scans.some((s) => s.commit_sha === path.commit_sha),
          path.path_id,
        );
      for (const b of [path.ingress, path.egress]) {
        if (b.data_store_id) assert.ok(storeIds.has(b.data_store_id), `${b.id} reads a DATA_STORE`);
      }
    }
    const componentIds = new Set(dataset.components.map((c) => c.id));
    for (const e of dataset.edges ?? []) {
      assert.ok(componentIds.has(e.sourceComponentId) && componentIds.has(e.destinationComponentId), e.id);
    }
    const boundaryIds = new Set(allPaths.flatMap(({ path }) => [path.ingress.id, path.egress.id]));
    const tagIds = new Set([...(dataset.tagDefinitions ?? []).map((t) => t.id), ...SYSTEM_TAG_NAMES]);
    for (const a of dataset.tagApplications ?? []) {
      assert.ok(boundaryIds.has(a.boundary_id), `tag on unknown boundary ${a.boundary_id}`);
      assert.ok(tagIds.has(a.tag), `unknown tag ${a.tag}`);
    }
    const contractIds = new Set((dataset.contracts ?? []).map((c) => c.id));
    for (const s of dataset.subscriptions ?? []) assert.ok(contractIds.has(s.dataContractId), s.id);
    for (const a of dataset.dataAssets ?? [])
      if (a.contractId) assert.ok(contractIds.has(a.contractId), a.id);
  });

  it('has an edge for every component crossing (through a DATA_STORE or a shared payload)', () => {
    const edges = new Set(
      (dataset.edges ?? []).map((e) => `${e.sourceComponentId}>${e.destinationComponentId}`),
    );
    const needed = new Set<string>();
    for (const { component, path } of allPaths) {
      if (path.ingress.data_store_id) needed.add(`${path.ingress.data_store_id}>${component.id}`);
      if (path.egress.data_store_id) needed.add(`${component.id}>${path.egress.data_store_id}`);
      const payload = path.egress.payload_name;
      if (path.egress.data_store_id || !payload) continue;
      for (const other of allPaths) {
        const b = other.path.ingress;
        if (other.component.id !== component.id && !b.data_store_id && b.payload_name === payload) {
          needed.add(`${component.id}>${other.component.id}`);
        }
      }
    }
    assert.ok(needed.size >= 6);
    for (const hop of needed) assert.ok(edges.has(hop), `no edge for ${hop}`);
  });

  it('anchors every path at real lines that name what they anchor', () => {
    let count = 0;
    for (const { path } of allPaths) {
      assert.ok((path.code_anchors ?? []).length > 0, `${path.path_id} has anchors`);
      for (const a of path.code_anchors ?? []) {
        count++;
        assert.ok(a.file && a.line_start && a.line_end, `${a.anchor_id} has a file and lines`);
        const full = join(workspace, a.file);
        assert.ok(existsSync(full), `${a.file} exists under demo/workspace`);
        const lines = readFileSync(full, 'utf8').split('\n');
        assert.ok(
          a.line_start >= 1 && a.line_start <= a.line_end && a.line_end <= lines.length,
          `${a.anchor_id} range`,
        );
        const word = a.name ?? lastSegment(path.ingress.signature_name);
        const near = lines.slice(Math.max(0, a.line_start - 4), a.line_end + 3).join('\n');
        assert.ok(near.includes(word), `${a.file}:${a.line_start} does not mention ${word}`);
        if (a.column_start !== undefined) {
          // 1-based inclusive columns: the start on line_start names the anchor.
          assert.ok(
            lines[a.line_start - 1]!.slice(a.column_start - 1).startsWith(word),
            `${a.anchor_id} column_start names ${word}`,
          );
          if (a.line_start === a.line_end)
            assert.equal(lines[a.line_start - 1]!.slice(a.column_start - 1, a.column_end), word);
        }
      }
    }
    assert.ok(count >= 12);
  });

  it('has no anchor whose columns fall outside their lines (column_end is measured on line_end)', () => {
    const outside: string[] = [];
    for (const { path } of allPaths) {
      for (const a of path.code_anchors ?? []) {
        const lines = new LineTable(readFileSync(join(workspace, a.file!), 'utf8'));
        // The language server's own conversion: it reports what it had to clamp (a Problems warning).
        const { clamped } = toLspRange(a, lines);
        if (clamped) outside.push(`${a.anchor_id} (${a.file}:${a.line_start}-${a.line_end}): ${clamped}`);
        if (a.column_end !== undefined) {
          const endLen = lines.lineLength(a.line_end! - 1);
          assert.ok(
            a.column_end >= 1 && a.column_end <= endLen,
            `${a.anchor_id} column_end ${a.column_end} within line ${a.line_end} (${endLen} characters)`,
          );
        }
        if (a.column_start !== undefined) {
          const startLen = lines.lineLength(a.line_start! - 1);
          assert.ok(
            a.column_start >= 1 && a.column_start <= startLen,
            `${a.anchor_id} column_start within line ${a.line_start}`,
          );
        }
      }
    }
    assert.deepEqual(outside, []);
  });

  it('carries system tags with detection categories, and user tags in every state', () => {
    const apps = dataset.tagApplications ?? [];
    for (const name of ['pii', 'secret', 'phi']) {
      assert.ok(
        apps.some((a) => a.tag === name && a.source === 'system' && a.detection_category),
        name,
      );
    }
    const defs = dataset.tagDefinitions ?? [];
    const used = (pred: (d: (typeof defs)[number]) => boolean) =>
      defs.filter(pred).some((d) => apps.some((a) => a.tag === d.id));
    assert.ok(
      used((d) => d.kind === 'USER' && d.active !== false && !d.deleted),
      'an active user tag is applied',
    );
    assert.ok(
      used((d) => d.active === false),
      'a deactivated tag is applied',
    );
    assert.ok(
      used((d) => d.deleted === true),
      'a deleted tag is applied',
    );
    assert.ok(
      apps.some((a) => a.removed),
      'a removal is recorded',
    );
  });

  it('lets a tag reach a field two or more component crossings downstream', () => {
    // Walk (boundary, field) pairs as the service does: along mappings of effective paths, and across
    // components from an egress to ingresses reading the same DATA_STORE or the same payload.
    const effective = codeComponents.flatMap((c) =>
      effectivePaths(c).map((path) => ({ component: c, path })),
    );
    const hopsOf = new Map<string, number>();
    const queue: Array<{ boundary: string; field: string; hops: number }> = [];
    for (const a of dataset.tagApplications ?? []) {
      if (!a.removed) queue.push({ boundary: a.boundary_id, field: a.field_path, hops: 0 });
    }
    while (queue.length > 0) {
      const { boundary, field, hops } = queue.shift()!;
      const key = `${boundary}|${field}`;
      if ((hopsOf.get(key) ?? Infinity) <= hops) continue;
      hopsOf.set(key, hops);
      for (const { component, path } of effective) {
        if (path.ingress.id === boundary) {
          for (const m of path.field_mappings ?? []) {
            if (m.ingress_field === field)
              queue.push({ boundary: path.egress.id, field: m.egress_field, hops });
          }
        }
        if (path.egress.id !== boundary) continue;
        for (const other of effective) {
          if (other.component.id === component.id) continue;
          const viaStore =
            path.egress.data_store_id && other.path.ingress.data_store_id === path.egress.data_store_id;
          const viaPayload =
            !path.egress.data_store_id &&
            !other.path.ingress.data_store_id &&
            path.egress.payload_name &&
            other.path.ingress.payload_name === path.egress.payload_name;
          if (viaStore || viaPayload) queue.push({ boundary: other.path.ingress.id, field, hops: hops + 1 });
        }
      }
    }
    const farthest = Math.max(...hopsOf.values());
    assert.ok(farthest >= 2, `tags travel at most ${farthest} crossings`);
  });

  it('has contracts with and without violations against the current asset schemas', () => {
    const assets = new Map((dataset.dataAssets ?? []).map((a) => [a.dataAssetResourceName, a]));
    const results = (dataset.contracts ?? []).map((c) => {
      const asset = assets.get(c.dataAssetResourceName);
      assert.ok(asset, `asset of ${c.id}`);
      return contractViolations(c.contractSchema, asset.schema);
    });
    assert.ok(
      results.some((v) => v.length === 0),
      'a compliant contract',
    );
    assert.ok(
      results.some((v) => v.length > 0),
      'a violated contract',
    );
    assert.ok((dataset.dataAssets ?? []).length >= 3);
    assert.ok((dataset.subscriptions ?? []).length >= 1);
    assert.equal((dataset.apiKeys ?? []).length, 2);
    // A published key would open every local demo service to anyone who read it.
    assert.deepEqual(
      (dataset.apiKeys ?? []).filter((k) => k.value !== undefined),
      [],
      'the demo dataset names no key value: each new database generates its own',
    );
    assert.equal((dataset.webhooks ?? []).length, 2);
  });

  it('ships workspace contracts (one compliant, one violating) and a valid asset registration', () => {
    const dir = join(workspace, 'contracts');
    const read = (f: string): unknown =>
      f.endsWith('.json')
        ? JSON.parse(readFileSync(join(dir, f), 'utf8'))
        : parseYaml(readFileSync(join(dir, f), 'utf8'));
    const assets = new Map((dataset.dataAssets ?? []).map((a) => [a.dataAssetResourceName, a]));
    const outcomes: string[] = [];
    for (const f of ['orders.contract.yaml', 'order-created.contract.json', 'refunds.contract.yaml']) {
      const contract = read(f) as Contract;
      assert.deepEqual(problems(Contract, contract), [], f);
      const asset = assets.get(contract.dataAssetResourceName);
      outcomes.push(
        !asset
          ? 'missing-asset'
          : contractViolations(contract.contractSchema, asset.schema).length
            ? 'violation'
            : 'compliant',
      );
    }
    assert.deepEqual(outcomes, ['compliant', 'violation', 'missing-asset']);
    const registration: unknown = parseYaml(
      readFileSync(join(workspace, 'assets', 'register-events.yaml'), 'utf8'),
    );
    assert.deepEqual(problems(RegisterObjectStoreRequest, registration), []);
  });

  it('ships contracts in the vendor file form too (one violating, one compliant)', () => {
    const dir = join(workspace, 'contracts');
    const assets = new Map((dataset.dataAssets ?? []).map((a) => [a.dataAssetResourceName, a]));
    const outcomes = ['orders-archive.yaml', 'payment-settled.yaml'].map((f) => {
      const value = parseYaml(readFileSync(join(dir, f), 'utf8')) as unknown;
      assert.equal(contractShapeOf(value), 'file', f);
      assert.deepEqual(problems(ContractFile, value), [], f);
      const contract = contractOfFile(value as ContractFile);
      const asset = assets.get(contract.dataAssetResourceName);
      assert.ok(asset, `${f}: its data asset is in the dataset`);
      return contractViolations(contract.contractSchema, asset.schema);
    });
    assert.deepEqual(outcomes[0], ['missing currency']);
    assert.deepEqual(outcomes[1], []);
  });

  it('configures the demo workspace with the CODE component ids', () => {
    const text = readFileSync(join(workspace, '.vscode', 'settings.json'), 'utf8').replace(
      /^\s*\/\/.*$/gm,
      '',
    );
    const settings = JSON.parse(text) as Record<string, unknown>;
    assert.deepEqual(
      settings['lineageLens.components'],
      codeComponents.map((c) => c.id),
    );
  });
});
