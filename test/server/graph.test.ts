// The lineage graph and impact over stdio: the real local service seeded with a dataset this test writes
// (graphDataset.ts), the real language server, and expectations the test computes from the dataset.
import { strict as assert } from 'node:assert';
import { mkdtempSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  ErrorCodes,
  ResponseError,
  type CodeLens,
} from 'vscode-languageserver-protocol';
import { CONTRACT_FILE_GLOB } from '../../common/src/contractFileNames';
import * as P from '../../common/src/protocol';
import ELK from 'elkjs/lib/elk.bundled.js';
import { layout } from '../../common/src/graphLayout/layout';
import { layoutFromWire } from '../../common/src/graphLayout/wire';
import { startLocalService, type LocalService } from '../helpers/localService';
import { LspClient } from '../helpers/lspClient';
import {
  NS1,
  OTHER_DARN,
  STORE_DARN,
  dataset,
  expectedDownstream,
  ids,
  key,
  paths,
  type TestField,
} from './graphDataset';

/** A server field id as the test names fields (component, payload or "store", field path). */
function testKey(id: string): string {
  const ref = P.parseFieldId(id)!;
  const parts = ref.boundaryId.split(':');
  const component = decodeURIComponent(parts[1]!);
  const payload = parts[0] === 's' ? 'store' : decodeURIComponent(parts[2]!);
  return key({ component, payload, field: ref.field });
}

function boundaryId(component: string, payload: string, signature: string): string {
  return `b:${encodeURIComponent(component)}:${encodeURIComponent(payload)}:${encodeURIComponent(signature)}`;
}

const pathA1 = paths.find((p) => p.id === ids.pathA1)!;
const A_IN = boundaryId(ids.A, pathA1.ingress.payload, pathA1.ingress.signature);
const start = (field: string): TestField => ({ component: ids.A, payload: pathA1.ingress.payload, field });

describe('language server: lineage graph and impact', function () {
  let dir: string;
  let workspace: string;
  let service: LocalService;
  let client: LspClient;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lineage-graph-'));
    workspace = join(dir, 'workspace');
    mkdirSync(join(workspace, 'src'), { recursive: true });
    mkdirSync(join(workspace, 'contracts'), { recursive: true });
    writeFileSync(join(dir, 'dataset.json'), JSON.stringify(dataset()));
    writeFileSync(
      join(workspace, 'src', 'signup.ts'),
      'export function submitSignup(req: { email: string; name: string }) {\n  publish({ email: req.email, fullName: req.name });\n}\n',
    );
    writeFileSync(
      join(workspace, 'contracts', 'events.contract.yaml'),
      `name: Events for analytics\ndataAssetResourceName: ${STORE_DARN}\ncontractSchema:\n  - name: email\n    type: string\n`,
    );
    writeFileSync(
      join(workspace, 'contracts', 'other.contract.yaml'),
      `dataAssetResourceName: ${OTHER_DARN}\ncontractSchema:\n  - name: id\n    type: string\n`,
    );
    service = await startLocalService({ seed: join(dir, 'dataset.json') });
    client = await LspClient.start({
      workspaceFolder: workspace,
      initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
      settings: { components: [ids.A] },
    });
    await client.waitForStatus(
      (s) => s.state === 'connected' && s.componentCount === 6 && s.anchorCount === 1,
    );
  });
  after(async () => {
    await client?.stop();
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const impact = (field: string) =>
    client.conn.sendRequest(P.ImpactRequest, {
      target: { kind: 'field', field: { boundaryId: A_IN, field } },
    });

  it('finds every downstream field with its crossings, across a data store, and not through a suppressed path', async () => {
    const r = await impact('email');
    const got = new Map(r.components.flatMap((c) => c.fields.map((f) => [testKey(f.id), f.hops] as const)));
    const want = expectedDownstream(start('email'));
    assert.deepEqual([...got].sort(), [...want].sort());
    assert.ok(![...got.keys()].some((k) => k.startsWith(ids.E)), 'the suppressed path carries no flow');
    assert.deepEqual(r.components.map((c) => c.id).sort(), [ids.A, ids.B, ids.S, ids.C, ids.D].sort());
    assert.equal(r.counts.dataStores, 1);
    assert.equal(r.counts.fields, want.size);
  });

  it('matches the contract on the data store reached (and only that one), with the store fields reached', async () => {
    const r = await impact('email');
    assert.deepEqual(
      r.contracts.map((c) => [c.darn, c.name, c.storeId, c.hops, c.fields]),
      [[STORE_DARN, 'Events for analytics', ids.S, 2, ['email']]],
    );
    assert.match(r.contracts[0]!.uri, /contracts\/events\.contract\.yaml$/);
  });

  it('follows ControlFlow mappings and names the kinds on the way', async () => {
    const r = await impact('flag');
    const fields = r.components.flatMap((c) => c.fields);
    const want = expectedDownstream(start('flag'));
    assert.deepEqual(new Map(fields.map((f) => [testKey(f.id), f.hops])), want);
    const priority = fields.find((f) => f.field === 'priority' && f.id.includes(encodeURIComponent(ids.D)))!;
    assert.ok(priority, 'priority on D is reached through ControlFlow');
    assert.deepEqual(priority.kinds, ['ControlFlow']);
    const cents = fields.find((f) => f.field === 'amount_cents' && f.id.startsWith('s:'))!;
    assert.deepEqual(cents.kinds, ['ControlFlow']);
  });

  it('field flow with a mapping-kind filter follows only those kinds', async () => {
    const id = `${A_IN}#amount`;
    const all = await client.conn.sendRequest(P.FieldFlowRequest, { field: id });
    assert.deepEqual(
      new Map(all.downstream.map((d) => [testKey(d.id), d.hops])),
      expectedDownstream(start('amount')),
    );
    const dataOnly = await client.conn.sendRequest(P.FieldFlowRequest, {
      field: id,
      filters: { kinds: ['DataFlow'] },
    });
    assert.deepEqual(
      new Map(dataOnly.downstream.map((d) => [testKey(d.id), d.hops])),
      expectedDownstream(start('amount'), ['DataFlow']),
    );
    assert.ok(
      dataOnly.downstream.length < all.downstream.length,
      'the KeyValueBridge into the store is not followed',
    );
    assert.equal(all.beyondDepth, undefined, 'no depth given: nothing beyond it');
  });

  it('field flow to a depth says how many fields of the flow the depth left out', async () => {
    const id = `${A_IN}#amount`;
    const all = await client.conn.sendRequest(P.FieldFlowRequest, { field: id });
    const near = await client.conn.sendRequest(P.FieldFlowRequest, {
      field: id,
      filters: { depthUp: 0, depthDown: 1 },
    });
    assert.ok(near.downstream.length < all.downstream.length, 'the depth cuts the flow');
    assert.deepEqual(near.beyondDepth, {
      upstream: 0,
      downstream: all.downstream.length - near.downstream.length,
    });
  });

  it('graph of a field: the components on its flow, fields with tags (● applied, ◌ depends-on with hops), edges by kind', async () => {
    const g = await client.conn.sendRequest(P.GraphRequest, {
      focus: { kind: 'field', field: { boundaryId: A_IN, field: 'email' } },
      filters: { depthUp: 6, depthDown: 6 },
    });
    const want = new Set([...expectedDownstream(start('email')).keys()].map((k) => k.split('|')[0]));
    want.add(ids.A);
    assert.deepEqual(g.nodes.map((n) => n.id).sort(), [...want].sort());
    assert.deepEqual(g.centre, [`${A_IN}#email`]);
    const a = g.nodes.find((n) => n.id === ids.A)!;
    const email = a.boundaries.find((b) => b.id === A_IN)!.fields.find((f) => f.name === 'email')!;
    assert.deepEqual(
      email.tags.map((t) => t.name),
      ['pii'],
    );
    const b = g.nodes.find((n) => n.id === ids.B)!;
    const bOut = b.boundaries.find((x) => x.roles.includes('egress'))!;
    const bEmail = bOut.fields.find((f) => f.name === 'email')!;
    assert.deepEqual(
      bEmail.dependsOn.map((t) => [t.name, t.hops]),
      [['pii', 1]],
    );
    assert.deepEqual(bEmail.tags, []);
    // The API gives stores no tags: the graph derives the store field's from what is written into it.
    const store = g.nodes.find((n) => n.id === ids.S)!;
    const storeEmail = store.boundaries[0]!.fields.find((f) => f.name === 'email')!;
    assert.deepEqual(
      storeEmail.dependsOn.map((t) => [t.name, t.hops]),
      [['pii', 2]],
    );
    assert.ok(
      g.edges.some((e) => e.kind === 'crossing' && e.target === `s:${encodeURIComponent(ids.S)}#email`),
    );
    assert.ok(
      g.edges.every((e) => e.kind !== 'mapping' || e.mapping === 'DataFlow'),
      'only DataFlow carries email',
    );
    assert.ok(!g.nodes.some((n) => n.id === ids.E));
  });

  it('graph of a component: its neighbourhood to the depth asked, suppressed paths drawn as such, ControlFlow edges', async () => {
    const g = await client.conn.sendRequest(P.GraphRequest, {
      focus: { kind: 'component', componentId: ids.A },
      filters: { depthUp: 0, depthDown: 1 },
    });
    assert.deepEqual(g.nodes.map((n) => n.id).sort(), [ids.A, ids.B, ids.E].sort());
    const suppressed = g.edges.filter((e) => e.suppressed);
    assert.deepEqual(
      suppressed.map((e) => e.pathId),
      [ids.pathA2],
    );
    const control = g.edges.filter((e) => e.mapping === 'ControlFlow');
    assert.ok(
      control.some((e) => e.source === `${A_IN}#flag`),
      'flag → flag is ControlFlow',
    );
    const b = g.nodes.find((n) => n.id === ids.B)!;
    assert.equal(b.hiddenNeighbours, 1, 'B writes to the store, outside the depth');
    assert.deepEqual(b.beyondDepth, { up: 0, down: 1 }, 'the depth stopped at B: the store is one further');
    assert.equal(g.nodes.find((n) => n.id === ids.A)!.beyondDepth, undefined, 'nothing cut at A');
    assert.ok(
      g.nodes.every((n) => n.expanded),
      'a small scope is expanded, the focus with it',
    );
    // Collapsed by the user: the focus and B show counts only; E stays expanded.
    const folded = await client.conn.sendRequest(P.GraphRequest, {
      focus: { kind: 'component', componentId: ids.A },
      filters: { depthUp: 0, depthDown: 1 },
      collapse: [ids.A, ids.B],
    });
    assert.deepEqual(
      folded.nodes.map((n) => [n.id, n.expanded, n.boundaries.length > 0]).sort(),
      [
        [ids.A, false, false],
        [ids.B, false, false],
        [ids.E, true, true],
      ].sort(),
    );
  });

  it('namespace filter and tag filter narrow the graph', async () => {
    const g = await client.conn.sendRequest(P.GraphRequest, {
      focus: { kind: 'component', componentId: ids.A },
      filters: { depthUp: 6, depthDown: 6, namespaces: [NS1] },
    });
    assert.ok(!g.nodes.some((n) => n.id === ids.D), 'D is in another namespace');
    const pii = await client.conn.sendRequest(P.GraphRequest, {
      focus: { kind: 'component', componentId: ids.A },
      filters: { depthUp: 6, depthDown: 6, tag: 'pii' },
    });
    // Components with a field carrying pii: the email flow (A, B, S, C, D); E's only path is suppressed.
    const withPii = new Set([...expectedDownstream(start('email')).keys()].map((k) => k.split('|')[0]));
    assert.deepEqual(
      pii.nodes.map((n) => n.id).sort(),
      [...withPii, ids.A].filter((v, i, l) => l.indexOf(v) === i).sort(),
    );
    assert.deepEqual(pii.tags, ['pii']);
  });

  it('the graph laid out: the same graph, its layout by elkjs in the server, a filter that hides edges on the kept layout', async () => {
    const params: P.GraphParams = { focus: { kind: 'component', componentId: ids.A } };
    const plain = await client.conn.sendRequest(P.GraphRequest, params);
    const laid = await client.conn.sendRequest(P.LaidOutGraphRequest, { graph: params, direction: 'DOWN' });
    assert.deepEqual(laid.graph, plain);
    assert.equal(laid.layout.direction, 'DOWN');
    assert.ok(
      laid.graph.nodes.some((n) => n.expanded),
      'compound components',
    );
    const want = await layout(plain, new ELK(), 'DOWN');
    const got = layoutFromWire(laid.graph, laid.layout);
    assert.ok(got, 'the layout covers the graph');
    assert.deepEqual(got.nodes, want.nodes);
    assert.deepEqual(got.edges, want.edges);
    // Only DataFlow: the same boxes, fewer edges, drawn where they were.
    const filters: P.GraphFilters = { kinds: ['DataFlow'] };
    const fewer = await client.conn.sendRequest(P.LaidOutGraphRequest, {
      graph: { ...params, filters },
      direction: 'DOWN',
    });
    assert.ok(fewer.graph.edges.length < laid.graph.edges.length, 'A has mappings of other kinds');
    assert.equal(fewer.layout.made, 'kept');
    assert.deepEqual(fewer.layout.nodes, laid.layout.nodes);
    // Another direction is another layout.
    const right = await client.conn.sendRequest(P.LaidOutGraphRequest, { graph: params, direction: 'RIGHT' });
    assert.equal(right.layout.made, 'new');
    assert.notDeepEqual(right.layout.nodes, laid.layout.nodes);
  });

  it('the graph a hover link offers is laid out ahead: the click’s request takes that layout, not another', async () => {
    const params: P.GraphParams = { focus: { kind: 'component', componentId: ids.C } };
    await client.conn.sendRequest(P.GraphRequest, params); // the model is built (a guess never builds it)
    const from = client.mark();
    // A guess that cannot be made (no such namespace) is dropped quietly: the click would say why.
    await client.conn.sendNotification(P.WarmGraphLayoutNotification, {
      graph: { graph: { focus: { kind: 'namespace', namespace: 'no such namespace' } }, direction: 'RIGHT' },
    });
    await client.conn.sendNotification(P.WarmGraphLayoutNotification, {
      graph: { graph: params, direction: 'RIGHT' },
    });
    const laid = await client.conn.sendRequest(P.LaidOutGraphRequest, { graph: params, direction: 'RIGHT' });
    // Waited for as it was made, or (had it ended first) kept: never laid out a second time.
    assert.notEqual(laid.layout.made, 'new');
    await client.waitFor<{ message: string }>(
      'window/logMessage',
      (m) => /Lineage graph: \d+ components laid out ahead/.test(m.message),
      from,
    );
    const want = await layout(laid.graph, new ELK(), 'RIGHT');
    assert.deepEqual(layoutFromWire(laid.graph, laid.layout)?.nodes, want.nodes);
    assert.deepEqual(
      client.logMessages().filter((m) => /warmGraphLayout/.test(m)),
      [],
      'nothing logged of the guess that could not be made',
    );
  });

  it('a namespace collapses to component level with counts', async () => {
    const g = await client.conn.sendRequest(P.GraphRequest, { focus: { kind: 'namespace', namespace: NS1 } });
    assert.equal(g.collapsed, true);
    assert.deepEqual(g.nodes.map((n) => n.id).sort(), [ids.A, ids.B, ids.C, ids.E, ids.S].sort());
    assert.ok(g.nodes.every((n) => !n.expanded && n.boundaries.length === 0));
    const a = g.nodes.find((n) => n.id === ids.A)!;
    assert.deepEqual(a.counts, { paths: 2, boundaries: 3, fields: 4 + 4 + 1, taggedFields: 1 });
    const ab = g.edges.find((e) => e.source === ids.A && e.target === ids.B)!;
    assert.equal(ab.kind, 'component');
    assert.equal(ab.count, 4, 'four fields cross from A to B');
    assert.equal(g.nodes.find((n) => n.id === ids.C)!.hiddenNeighbours, 1, 'D is outside the namespace');
    assert.ok(
      g.nodes.every((n) => n.beyondDepth === undefined),
      'a namespace has no depth to be beyond',
    );
  });

  it('targets at the cursor, and the impact lens on anchored code that writes an egress', async () => {
    const uri = client.fileUri('src/signup.ts');
    const text =
      'export function submitSignup(req: { email: string; name: string }) {\n  publish({ email: req.email, fullName: req.name });\n}\n';
    await client.open(uri, text);
    const t = await client.conn.sendRequest(P.TargetsAtRequest, {
      uri,
      position: { line: 1, character: 14 },
    });
    assert.deepEqual(
      t.paths.map((p) => p.pathId),
      [ids.pathA1],
    );
    assert.deepEqual(
      t.fields.map((f) => [f.field, f.boundaryId === A_IN ? 'ingress' : 'egress']),
      [
        ['email', 'egress'],
        ['email', 'ingress'],
      ],
    );
    const lenses = await client.conn.sendRequest<CodeLens[]>('textDocument/codeLens', {
      textDocument: { uri },
    });
    const lens = lenses.find((l) => l.command?.command === P.COMMANDS.showImpact);
    const union = new Set<string>();
    for (const f of pathA1.egress.fields)
      for (const k of expectedDownstream({
        component: ids.A,
        payload: pathA1.egress.payload,
        field: f,
      }).keys())
        union.add(k);
    for (const f of pathA1.egress.fields)
      union.delete(key({ component: ids.A, payload: pathA1.egress.payload, field: f }));
    assert.equal(lens?.command?.title, `${union.size} downstream fields · 1 contract`);
    assert.deepEqual(lens?.command?.arguments, [{ kind: 'path', componentId: ids.A, pathId: ids.pathA1 }]);
    const r = await client.conn.sendRequest(P.ImpactRequest, {
      target: lens.command.arguments[0] as P.ImpactTarget,
    });
    assert.equal(r.counts.fields, union.size);
  });

  it('refuses targetsAt params that do not match its schema, naming the member, and keeps serving', async () => {
    const uri = client.fileUri('src/signup.ts');
    for (const [params, member] of [
      [{ uri, position: { line: -1, character: 0 } }, /position\.line/],
      [{ uri, position: { line: 1 } }, /position\.character/],
      [{ position: { line: 1, character: 2 } }, /uri/],
    ] as const) {
      await assert.rejects(
        client.conn.sendRequest(P.TargetsAtRequest, params as unknown as P.TargetsAtParams),
        (err: ResponseError<unknown>) =>
          err.code === ErrorCodes.InvalidParams &&
          /^targetsAt: /.test(err.message) &&
          member.test(err.message),
      );
    }
    const t = await client.conn.sendRequest(P.TargetsAtRequest, { uri, position: { line: 0, character: 0 } });
    assert.ok(Array.isArray(t.paths), 'a well-formed request is still answered');
  });

  it('bad input gets one clear error and the server keeps answering', async () => {
    await assert.rejects(
      client.conn.sendRequest(P.ImpactRequest, {
        target: { kind: 'field', field: { boundaryId: 'b:nope', field: 'x' } },
      }),
      (e: ResponseError<unknown>) => /not in the loaded lineage/.test(e.message),
    );
    await assert.rejects(
      client.conn.sendRequest(P.GraphRequest, { focus: { kind: 'nonsense' } } as unknown as P.GraphParams),
      (e: ResponseError<unknown>) => /centred on a component/.test(e.message),
    );
    const ok = await impact('email');
    assert.ok(ok.counts.fields > 0);
  });
  it('a contract file created, changed or deleted on disk counts at once, from the watcher the server registered', async () => {
    const registration = await client.waitFor<{
      registrations: Array<{ method: string; registerOptions: { watchers: Array<{ globPattern: string }> } }>;
    }>('client/registerCapability', (p) =>
      p.registrations.some((r) => r.method === DidChangeWatchedFilesNotification.method),
    );
    const watch = registration.registrations.find(
      (r) => r.method === DidChangeWatchedFilesNotification.method,
    )!;
    assert.deepEqual(
      watch.registerOptions.watchers.map((w) => w.globPattern),
      [CONTRACT_FILE_GLOB],
      'the contract-file matcher of common/',
    );
    const file = join(workspace, 'contracts', 'late.contract.yaml');
    const uri = pathToFileURL(file).href;
    const names = async () => (await impact('email')).contracts.map((c) => c.name).sort();
    assert.deepEqual(await names(), ['Events for analytics'], 'before: the two files that were there');
    const fileEvent = async (type: FileChangeType) => {
      const mark = client.mark();
      await client.conn.sendNotification(DidChangeWatchedFilesNotification.type, {
        changes: [{ uri, type }],
      });
      // The server refreshes the lenses once the file is read: their contract counts change with it; and
      // tells the client, whose Impact view asks again.
      await client.waitFor('workspace/codeLens/refresh', () => true, mark);
      await client.waitFor<{ paths: string[] }>(
        P.ContractFilesChangedNotification.method,
        (p) => p.paths.includes(file),
        mark,
      );
    };

    writeFileSync(
      file,
      `name: Late contract\ndataAssetResourceName: ${STORE_DARN}\ncontractSchema:\n  - name: email\n    type: string\n`,
    );
    await fileEvent(FileChangeType.Created);
    assert.deepEqual(await names(), ['Events for analytics', 'Late contract']);
    // src/signup.ts is open (the lens test above opened it).
    const lenses = await client.conn.sendRequest<CodeLens[]>('textDocument/codeLens', {
      textDocument: { uri: client.fileUri('src/signup.ts') },
    });
    const lens = lenses.find((l) => l.command?.command === P.COMMANDS.showImpact);
    assert.match(lens?.command?.title ?? '', / · 2 contracts$/, 'the lens counts the new contract');

    writeFileSync(
      file,
      `name: Renamed late contract\ndataAssetResourceName: ${STORE_DARN}\ncontractSchema:\n  - name: email\n    type: string\n`,
    );
    await fileEvent(FileChangeType.Changed);
    assert.deepEqual(await names(), ['Events for analytics', 'Renamed late contract']);

    // Now on another data asset: no longer on the store the change reaches.
    writeFileSync(
      file,
      `name: Renamed late contract\ndataAssetResourceName: ${OTHER_DARN}\ncontractSchema: []\n`,
    );
    await fileEvent(FileChangeType.Changed);
    assert.deepEqual(await names(), ['Events for analytics']);

    unlinkSync(file);
    await fileEvent(FileChangeType.Deleted);
    assert.deepEqual(await names(), ['Events for analytics']);
    assert.equal((await impact('email')).counts.contracts, 1);
  });

  it('names a contract file that has no name after the loaded data store its DARN addresses', async () => {
    const write = (name: string, text: string) => {
      const file = join(workspace, 'contracts', name);
      writeFileSync(file, text);
      return file;
    };
    const files = [
      write('unnamed.contract.yaml', `dataAssetResourceName: ${STORE_DARN}\ncontractSchema: []\n`),
      write('named.contract.yaml', `name: Named\ndataAssetResourceName: ${STORE_DARN}\ncontractSchema: []\n`),
      write('nowhere.contract.yaml', `dataAssetResourceName: ${OTHER_DARN}\ncontractSchema: []\n`),
    ];
    try {
      const summaries = await client.conn.sendRequest(P.ContractFilesRequest, {
        uris: files.map((f) => pathToFileURL(f).href),
      });
      assert.deepEqual(
        summaries.map((c) => [c.name, c.assetName]),
        [
          [undefined, 'events table'],
          ['Named', undefined],
          [undefined, undefined],
        ],
        'the store by its name; a named contract keeps its own; no store loaded, no asset name',
      );
    } finally {
      for (const f of files) unlinkSync(f);
    }
  });
});
