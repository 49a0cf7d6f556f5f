// The demo as `npm start` opens it: demo/workspace made into the git repository demo/dataset.json was
// scanned from (demo/demoRepository.mjs), against the real local service seeded with that dataset. Its
// anchors are then placed as in a real clone: checked against their scanned commits, so the lenses and
// hovers carry no "probably here" (≈) caveat. A plain copy of demo/workspace, in no repository, is the
// other case: there the hover says that no repository holds the file (and offers no fetch).
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeLensRequest, HoverRequest, type CodeLens } from 'vscode-languageserver-protocol';
import { ComponentDetailRequest, FieldFlowRequest, fieldId } from '../../common/src/protocol';
import { createDemoRepo, startDemoClient, type DemoRepo } from '../helpers/demoRepo';
import { hoverText } from './setup';
import { startLocalService, type LocalService } from '../helpers/localService';
import { LspClient } from '../helpers/lspClient';
import { repoRoot } from '../helpers/repoRoot';

const CREATE_ORDER = 'checkout-api/src/handlers/createOrder.ts';

describe('the demo workspace as npm start makes it (a git repository of the scanned commits)', function () {
  this.timeout(90_000);
  let demo: DemoRepo;
  let service: LocalService;
  let client: LspClient;

  before(async () => {
    demo = await createDemoRepo();
    service = await startLocalService({ seed: demo.dataset });
    client = await startDemoClient(service, demo.repo.root);
  });
  let plain: { dir: string; client: LspClient } | undefined;
  after(async () => {
    await client?.stop();
    await plain?.client.stop();
    if (plain) rmSync(plain.dir, { recursive: true, force: true });
    await service?.stop();
    await demo?.dispose();
  });

  /** The hover's text at the name `createOrder` of createOrder.ts. */
  async function hoverOnCreateOrder(c: LspClient, text: string): Promise<string> {
    const line = text.split('\n').findIndex((l) => l.startsWith('export async function createOrder'));
    return hoverText(
      await c.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri: c.fileUri(CREATE_ORDER) },
        position: { line, character: text.split('\n')[line]!.indexOf('createOrder') + 1 },
      }),
    );
  }

  /** The lens titles of a file once `ready` holds for them (asked again after each lens refresh). */
  async function lensesWhen(
    uri: string,
    ready: (titles: string[]) => boolean,
    c: LspClient = client,
  ): Promise<string[]> {
    for (;;) {
      const mark = c.mark();
      const lenses = (await c.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as
        CodeLens[] | null;
      const titles = (lenses ?? []).map((l) => l.command?.title ?? '');
      if (ready(titles)) return titles;
      await client.waitFor(
        'workspace/codeLens/refresh',
        () => true,
        mark,
        `lenses of ${uri}: ${titles.join(' | ')}`,
      );
    }
  }

  // First, while the lineage model is not built yet: the first lens request waits for its quick build.
  it('answers the first lens request with what lies downstream already (a quick model build is waited for)', async () => {
    const uri = client.fileUri(CREATE_ORDER);
    await client.open(uri, await demo.repo.read(CREATE_ORDER));
    const lenses = ((await client.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ??
      []) as CodeLens[];
    const impact = lenses.filter((l) => l.command?.command === 'lineageLens.showImpact');
    assert.ok(
      impact.some((l) => /downstream fields?/.test(l.command!.title)),
      lenses.map((l) => l.command?.title).join(' | '),
    );
  });

  it('places every anchor of createOrder.ts against its scanned commit: no ≈ on lenses or hovers', async () => {
    const uri = client.fileUri(CREATE_ORDER);
    const text = await demo.repo.read(CREATE_ORDER);
    const titles = await lensesWhen(uri, (t) => t.some((x) => x.includes('createOrder → insertOrder')));
    assert.ok(titles.includes('createOrder → insertOrder · phi, pii'), titles.join(' | '));
    assert.deepEqual(
      titles.filter((t) => t.startsWith('≈')),
      [],
      'no anchor is only probably there',
    );
    const hover = await hoverOnCreateOrder(client, text);
    assert.match(hover, /createOrder → insertOrder/);
    assert.doesNotMatch(hover, /Probably here|not in this clone/);
  });

  it("a data store's fields come with the tags they carry through lineage and their place in the graph", async () => {
    const dataset = JSON.parse(readFileSync(demo.dataset, 'utf8')) as {
      components: Array<{ id: string; name: string }>;
    };
    const orders = dataset.components.find((c) => c.name === 'orders-db.public.orders')!;
    const detail = await client.conn.sendRequest(ComponentDetailRequest, { componentId: orders.id });
    const fields = detail.storeFields ?? [];
    assert.deepEqual(
      fields.map((f) => f.path).sort(),
      (detail.component.schema?.fields ?? []).map((f) => f.name).sort(),
      'every schema field, once',
    );
    // Its contract files: the workspace's contract on its asset.
    assert.deepEqual(
      (detail.storeContracts ?? []).map((k) => [k.name, k.uri.endsWith('/contracts/orders.contract.yaml')]),
      [['orders.contract.yaml', true]],
    );
    const email = fields.find((f) => f.path === 'customer_email');
    assert.deepEqual(email?.dependsOn, [{ name: 'pii', hops: 1 }], JSON.stringify(email));
    assert.equal(email?.type, 'text');
    // Its place in the graph: the flow upstream reaches the request's email in Checkout API.
    const flow = await client.conn.sendRequest(FieldFlowRequest, { field: fieldId(email!.ref) });
    assert.ok(
      flow.upstream.some((u) => u.id.endsWith('#email')),
      JSON.stringify(flow.upstream.slice(0, 5)),
    );
  });

  it("a contract field's hover shows it on the data store, with the tags it carries through lineage", async () => {
    const hoverAt = async (file: string, line: number, word: string) => {
      const text = await demo.repo.read(file);
      const uri = client.fileUri(file);
      await client.open(uri, text, file.endsWith('.json') ? 'json' : 'yaml');
      const row = text.split('\n')[line]!;
      assert.ok(row.includes(word), `${file}:${line + 1} has ${word}: ${row}`);
      return hoverText(
        await client.conn.sendRequest(HoverRequest.type, {
          textDocument: { uri },
          position: { line, character: row.indexOf(word) + 1 },
        }),
      );
    };
    const orders = 'contracts/orders.contract.yaml';
    const lineOf = async (file: string, re: RegExp) =>
      (await demo.repo.read(file)).split('\n').findIndex((l) => re.test(l));
    // customer_email on the orders table: the pii of the request's email, from upstream.
    const email = await hoverAt(orders, await lineOf(orders, /name: customer_email$/), 'customer_email');
    assert.match(
      email,
      /^\*\*customer\\_email\*\* in the contract on `postgres:\/\/orders-db:public\.orders`$/m,
    );
    assert.match(email, /On the data store \*\*Orders table\*\*/);
    // With where it comes from: the request's email, in Checkout API.
    assert.match(
      email,
      /^◌ \*pii\*, from 1 service upstream — email on CreateOrderRequest in Checkout API$/m,
    );
    assert.match(email, /\[Lineage graph\]\(command:lineageLens\.showGraph\?/);
    // A nested field the topic does not have: said so, not an empty hover.
    const topic = 'contracts/order-created.contract.json';
    const tier = await hoverAt(topic, await lineOf(topic, /"loyaltyTier"/), 'loyaltyTier');
    assert.match(tier, /^\*order\\-created topic has no field customer\\\.loyaltyTier in its schema\.\*$/m);
    // The data asset's own hover says where its tags land: the orders table's pii and phi fields.
    const darn = await hoverAt(orders, await lineOf(orders, /^dataAssetResourceName:/), 'postgres://');
    assert.match(
      darn,
      /^In the lineage: the data store \*\*Orders table\*\*, its tagged fields: \[Lineage graph\]/m,
    );
    assert.match(darn, /^- \*\*pii\*\*: .*customer\\_email/m);
    assert.match(darn, /^- \*\*phi\*\*: prescription\\_ids$/m);
    // On a member's name, no field hover (members are explained as before: contractAuthoring.test.ts).
    const key = await hoverAt(
      orders,
      await lineOf(orders, /^dataAssetResourceName:/),
      'dataAssetResourceName',
    );
    assert.doesNotMatch(key, /in the contract on/);
  });

  it('in a plain copy (no repository), says no repository holds the file, and offers no fetch', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'lineage-demo-plain-')));
    cpSync(join(repoRoot(), 'demo', 'workspace'), dir, { recursive: true });
    plain = { dir, client: await startDemoClient(service, dir) };
    const c = plain.client;
    const uri = c.fileUri(CREATE_ORDER);
    const text = readFileSync(join(dir, CREATE_ORDER), 'utf8');
    await c.open(uri, text);
    const titles = await lensesWhen(uri, (t) => t.some((x) => x.includes('createOrder → insertOrder')), c);
    assert.ok(titles.includes('≈ createOrder → insertOrder · phi, pii'), titles.join(' | '));
    const hover = await hoverOnCreateOrder(c, text);
    assert.match(
      hover,
      /^≈ \*Probably here: found by its names; no git repository holds this file\.\* *$/m,
      hover,
    );
    assert.doesNotMatch(hover, /fetchScannedCommits|not in this clone/);
  });
});
