// The custom protocol over stdio: view data, contracts (compliance of a contract file with diagnostics
// on the violating field lines), assets, registration from a file, keys, webhooks, edges, history.
import { strict as assert } from 'node:assert';
import {
  DidChangeConfigurationNotification,
  DiagnosticSeverity,
  ResponseError,
} from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import { MAILER, ORDERS, P_CREATE, P_OUTSIDE, startHarness, stopHarness, type Harness } from './setup';

const CONTRACT = '44444444-4444-4444-8444-444444444444';
const DARN = 'postgres://fx-db:public.orders';

describe('language server: custom requests', function () {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(async () => stopHarness(h));

  it('offers the DARNs the workspace knows for Look Up: its contract files, by name', async () => {
    const known = await h.client.conn.sendRequest(P.KnownDarnsRequest);
    const orders = known.find((k) => k.darn === 'postgres://fx-db:public.orders');
    assert.ok(orders, JSON.stringify(known));
    assert.deepEqual(
      orders.sources
        .filter((s) => s.kind === 'contract')
        .map((s) => s.name)
        .sort(),
      ['Orders for finance', 'orders.contract.yaml'].sort(),
      'both contract files of that asset, once each darn',
    );
    assert.equal(new Set(known.map((k) => k.darn)).size, known.length, 'each DARN once');
  });

  it('answers the component tree grouped by namespace', async () => {
    const tree = await h.client.conn.sendRequest(P.ComponentTreeRequest);
    assert.deepEqual(
      tree.namespaces.map((n) => n.name),
      ['fx'],
    );
    const comps = tree.namespaces[0]!.components;
    assert.deepEqual(
      comps.map((c) => [c.id, c.pathCount, c.type]),
      [
        [MAILER, 1, 'CODE'],
        [ORDERS, 3, 'CODE'],
      ],
    );
    assert.equal(tree.status.state, 'connected');
  });

  it('answers component and path detail with resolved anchors', async () => {
    const detail = await h.client.conn.sendRequest(P.ComponentDetailRequest, { componentId: ORDERS });
    assert.equal(detail.component.name, 'orders-api');
    const create = detail.paths.find((p) => p.path.path_id === P_CREATE)!;
    assert.equal(create.anchors[0]!.state, 'resolved');
    assert.equal(create.anchors[0]!.location?.uri, h.client.fileUri('src/orders.ts'));
    assert.equal(create.anchors[0]!.location?.range.start.line, 2);
    const outside = await h.client.conn.sendRequest(P.PathDetailRequest, {
      componentId: ORDERS,
      pathId: P_OUTSIDE,
    });
    assert.equal(outside.anchors[0]!.state, 'outsideWorkspace');
    assert.equal(outside.anchors[0]!.location, undefined);
    assert.match(outside.anchors[0]!.problem ?? '', /outside the workspace/);
  });

  it('answers versions, edges and history filters from the service', async () => {
    const whole = await h.client.conn.sendRequest(P.VersionsRequest, { componentId: ORDERS });
    const { versions } = whole;
    assert.ok(versions.some((v) => v.kind === 'SCAN' && v.commit_sha === 'abc1234'));
    // Paged (operation 9): the page asked for is passed on, and the answer says how many there are.
    assert.equal(whole.totalCount, versions.length);
    const pages = await Promise.all(
      versions.map((_, offset) =>
        h.client.conn.sendRequest(P.VersionsRequest, { componentId: ORDERS, limit: 1, offset }),
      ),
    );
    assert.deepEqual(
      pages.map((p) => [p.limit, p.offset, p.totalCount, p.versions.length]),
      versions.map((_, offset) => [1, offset, versions.length, 1]),
    );
    assert.deepEqual(
      pages.flatMap((p) => p.versions),
      versions,
    );
    const { edges } = await h.client.conn.sendRequest(P.EdgesRequest, { namespace: 'fx' });
    assert.deepEqual(
      edges.map((e) => [e.sourceComponentId, e.destinationComponentId]),
      [[ORDERS, MAILER]],
    );
    const filters = await h.client.conn.sendRequest(P.HistoryFiltersRequest, {});
    assert.ok(filters.componentNames.includes('orders-api'));
  });

  it('checks a contract file and puts diagnostics on the violating field lines', async () => {
    const uri = h.client.fileUri('contracts/orders.contract.yaml');
    const from = h.client.mark();
    const result = await h.client.conn.sendRequest(P.CheckComplianceRequest, { uri });
    assert.equal(result.darn, DARN);
    assert.deepEqual(result.violations.map((v) => v.field).sort(), ['customer.loyaltyTier', 'total_cents']);
    const diags = await h.client.waitForDiagnostics(uri, (d) => d.length === 2, from);
    const lines = Object.fromEntries(diags.map((d) => [String(d.code), d.range.start.line]));
    assert.equal(lines.MISSING_REQUIRED_PROPERTY, 10);
    assert.equal(lines.INCOMPATIBLE_TYPE, 12);
    assert.ok(diags.every((d) => d.severity === DiagnosticSeverity.Error));
  });

  it('checks a contract in the vendor file form: violations on their field lines, its name answered', async () => {
    const uri = h.client.fileUri('contracts/orders-finance.yaml');
    const from = h.client.mark();
    const result = await h.client.conn.sendRequest(P.CheckComplianceRequest, { uri });
    assert.equal(result.darn, DARN);
    assert.equal(result.name, 'Orders for finance');
    assert.deepEqual(result.violations.map((v) => v.field).sort(), ['customer.loyaltyTier', 'total_cents']);
    const diags = await h.client.waitForDiagnostics(uri, (d) => d.length === 2, from);
    const lines = Object.fromEntries(diags.map((d) => [String(d.code), d.range.start.line]));
    assert.equal(lines.MISSING_REQUIRED_PROPERTY, 18); // `- name: loyaltyTier`
    assert.equal(lines.INCOMPATIBLE_TYPE, 20); // `- name: total_cents`
  });

  it('puts MISSING_DATA_ASSET on the dataAssetResourceName line (file recognised by content)', async () => {
    const uri = h.client.fileUri('schemas/refunds.yml');
    const from = h.client.mark();
    const result = await h.client.conn.sendRequest(P.CheckComplianceRequest, { uri });
    assert.deepEqual(
      result.violations.map((v) => v.violationType),
      ['MISSING_DATA_ASSET'],
    );
    const [d] = await h.client.waitForDiagnostics(uri, (d) => d.length === 1, from);
    assert.equal(d!.range.start.line, 5);
    assert.equal(d!.range.start.character, 'dataAssetResourceName: '.length);
  });

  it('refuses a file that is not a contract, with a clear error', async () => {
    await assert.rejects(
      h.client.conn.sendRequest(P.CheckComplianceRequest, { uri: h.client.fileUri('src/orders.ts') }),
      (err: ResponseError<unknown>) => {
        assert.match(err.message, /not (a contract|valid YAML)/);
        return true;
      },
    );
  });

  it('reads violation status, updates a subscription and deletes a contract', async () => {
    const status = await h.client.conn.sendRequest(P.ViolationStatusRequest, { contractId: CONTRACT });
    assert.equal(status.violation_state, 'violation');
    const sub = await h.client.conn.sendRequest(P.UpdateSubscriptionRequest, {
      contractId: CONTRACT,
      subscription: { userId: '55555555-5555-4555-8555-555555555555', email: 'a@b.example' },
    });
    assert.equal(sub.email, 'a@b.example');
    const del = await h.client.conn.sendRequest(P.DeleteContractRequest, { contractId: CONTRACT });
    assert.equal(typeof del.message, 'string');
    await assert.rejects(
      h.client.conn.sendRequest(P.ViolationStatusRequest, { contractId: CONTRACT }),
      (err: ResponseError<P.ServiceErrorData>) => {
        assert.equal(err.code, P.SERVICE_ERROR_CODE);
        assert.equal(err.data?.status, 404);
        return true;
      },
    );
  });

  it('reads data assets and registers the assets of a workspace file', async () => {
    const assets = await h.client.conn.sendRequest(P.DataAssetsRequest, { darns: [DARN] });
    assert.equal(assets.data[0]!.status, 'success');
    const dry = await h.client.conn.sendRequest(P.RegisterObjectStoreRequest, {
      uri: h.client.fileUri('assets/register.yaml'),
      dryRun: true,
    });
    assert.equal(dry.success, true);
    assert.deepEqual(dry.registered, ['s3://fx-events:refunds/*.parquet']);
  });

  it('lists API keys with their values masked, and deletes a webhook', async () => {
    const keys = await h.client.conn.sendRequest(P.ApiKeysRequest);
    assert.ok(keys.length > 0);
    assert.ok(keys.every((k) => k.value.startsWith('••••') && !k.value.includes(h.service.apiKey)));
    await h.client.conn.sendRequest(P.DeleteWebhookRequest, { webhookId: 'wh-1' });
    await assert.rejects(
      h.client.conn.sendRequest(P.DeleteWebhookRequest, { webhookId: 'wh-1' }),
      (err: ResponseError<P.ServiceErrorData>) => err.data?.status === 404,
    );
  });

  it('answers a malformed request with an error and keeps serving', async () => {
    await assert.rejects(
      h.client.conn.sendRequest(P.ComponentDetailRequest, {} as { componentId: string }),
      (err: ResponseError<unknown>) => /componentId is required/.test(err.message),
    );
    const tree = await h.client.conn.sendRequest(P.ComponentTreeRequest);
    assert.equal(tree.status.state, 'connected');
  });

  it('floors an interval set through didChangeConfiguration at 30 s, and says so', async () => {
    const from = h.client.mark();
    h.client.settings = { ...h.client.settings, refreshIntervalSeconds: 1 };
    await h.client.conn.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await h.client.waitFor<{ message: string }>(
      'window/logMessage',
      (m) => /refreshIntervalSeconds 1 is below the minimum: refreshing every 30 s/.test(m.message),
      from,
    );
    h.client.settings = { ...h.client.settings, refreshIntervalSeconds: 0 };
    await h.client.conn.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  });

  it("clears the old service's compliance problems on sign-out, and keeps them on a repeated sign-in", async () => {
    const uri = h.client.fileUri('contracts/orders.contract.yaml');
    const apiKey = h.service.apiKey;
    let from = h.client.mark();
    await h.client.conn.sendRequest(P.CheckComplianceRequest, { uri });
    await h.client.waitForDiagnostics(uri, (d) => d.length === 2, from);
    // The same credentials again change nothing.
    await h.client.conn.sendNotification(P.SetCredentialsNotification, { serviceUrl: h.service.url, apiKey });
    from = h.client.mark();
    await h.client.conn.sendNotification(P.SetCredentialsNotification, {
      serviceUrl: h.service.url,
      apiKey: null,
    });
    await h.client.waitForStatus((s) => s.state === 'signedOut', from);
    await h.client.waitForDiagnostics(uri, (d) => d.length === 0, from);
    from = h.client.mark();
    await h.client.conn.sendNotification(P.SetCredentialsNotification, { serviceUrl: h.service.url, apiKey });
    await h.client.waitForStatus((s) => s.state === 'connected', from);
  });
});
