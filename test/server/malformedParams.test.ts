// Every custom request and notification the client sends is checked against its schema where the
// server registers it (common/src/protocolSchemas.ts): malformed params, sent over the real stdio
// server, get one InvalidParams error naming the member, nothing of the service or the cache changes,
// and the server goes on answering.
import { strict as assert } from 'node:assert';
import { ErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import { PARAMS_SCHEMAS } from '../../common/src/protocolSchemas';
import { ORDERS, startHarness, stopHarness, type Harness } from './setup';

/** Sent by the server, checked by the client (client/src/serverNotifications.ts). */
const TO_CLIENT = new Set([
  P.StatusNotification.method,
  P.DataChangedNotification.method,
  P.AnchorDriftChangedNotification.method,
  P.ContractFilesChangedNotification.method,
  P.ComplianceCheckedNotification.method,
  P.ChangeImpactChangedNotification.method,
]);

/** One malformed params per request, and the words its error must name. */
const MALFORMED: ReadonlyArray<[method: string, params: unknown, names: RegExp]> = [
  [P.ComponentDetailRequest.method, {}, /componentId is required/],
  [P.ComponentDetailRequest.method, null, /params: Expected object/],
  [P.ComponentDetailRequest.method, { componentId: ORDERS, projection: 'some' }, /projection/],
  [P.PathDetailRequest.method, { componentId: ORDERS }, /pathId is required/],
  [P.PathDocumentRequest.method, { componentId: ORDERS, pathId: 7 }, /pathId: Expected string/],
  [P.SavePathRequest.method, { componentId: ORDERS, pathId: 'p', text: '{}' }, /baseRevision is required/],
  [P.VersionsRequest.method, { componentId: ORDERS, limit: -1 }, /limit/],
  [P.PathHistoryRequest.method, { componentId: '  ', pathId: 'p' }, /componentId/],
  [P.PathVersionDocumentRequest.method, { componentId: ORDERS, pathId: 'p' }, /versionPathId is required/],
  [P.ViolationStatusRequest.method, { contractId: '' }, /contractId/],
  [P.CheckComplianceRequest.method, { uri: null }, /uri/],
  [P.ContractFilesRequest.method, { uris: 'file:///x.yaml' }, /uris: Expected array/],
  [P.DeleteContractRequest.method, {}, /contractId is required/],
  [P.UpdateSubscriptionRequest.method, { contractId: 'c' }, /subscription is required/],
  [P.DataAssetsRequest.method, { darns: [1] }, /darns\[0\]/],
  [P.RegisterObjectStoreRequest.method, { uri: 'file:///x.yaml' }, /dryRun is required/],
  [P.ApiKeyValueRequest.method, { keyId: 3 }, /keyId/],
  [P.DeleteWebhookRequest.method, {}, /webhookId is required/],
  [P.EdgesRequest.method, { namespace: 5 }, /namespace/],
  [P.HistoryFiltersRequest.method, { commitSha: false }, /commitSha/],
  [
    P.AnchorRepairsRequest.method,
    { candidate: { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } } },
    /candidate\.start\.line/,
  ],
  [P.RepairAnchorsRequest.method, { repairs: [] }, /repairs/],
  [P.GraphRequest.method, { focus: { kind: 'nonsense' } }, /centred on a component/],
  [
    P.LaidOutGraphRequest.method,
    { graph: { focus: { kind: 'component', componentId: 'c' } }, direction: 'UP' },
    /direction/,
  ],
  [P.LaidOutGraphRequest.method, { direction: 'RIGHT' }, /graph/],
  [P.FieldFlowRequest.method, { filters: {} }, /field is required/],
  [P.ImpactRequest.method, { target: { kind: 'paths', paths: 'x' } }, /impact target is a field or a path/],
  [P.TargetsAtRequest.method, { uri: 'file:///x.ts' }, /position is required/],
  [P.AgentToolRequest.method, { tool: 'runShell', input: {} }, /tool/],
  [P.ChangeImpactRequest.method, { base: 'main' }, /base/],
  [P.ChangeImpactBaseTextRequest.method, { folderUri: 'file:///w' }, /file is required/],
];

describe('language server: malformed params of custom messages', function () {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(async () => stopHarness(h));

  it('has a malformed case for every request the client sends', () => {
    const covered = new Set(MALFORMED.map(([m]) => m));
    const requests = [...PARAMS_SCHEMAS.keys()].filter(
      (m) =>
        !TO_CLIENT.has(m) &&
        m !== P.SetCredentialsNotification.method &&
        m !== P.WarmGraphLayoutNotification.method,
    );
    assert.deepEqual(
      requests.filter((m) => !covered.has(m)),
      [],
    );
  });

  for (const [method, params, names] of MALFORMED)
    it(`${method} ${JSON.stringify(params)}: one InvalidParams error naming it`, async () => {
      const short = method.replace('lineageLens/', '');
      await assert.rejects(h.client.conn.sendRequest(method, params), (err: ResponseError<unknown>) => {
        assert.equal(err.code, ErrorCodes.InvalidParams, err.message);
        assert.match(err.message, new RegExp(`^${short}: `));
        assert.match(err.message, names);
        return true;
      });
    });

  it('keeps answering, with the data it had, after all of them', async () => {
    const tree = await h.client.conn.sendRequest(P.ComponentTreeRequest);
    assert.equal(tree.status.state, 'connected');
    const detail = await h.client.conn.sendRequest(P.ComponentDetailRequest, { componentId: ORDERS });
    assert.equal(detail.component.id, ORDERS);
  });

  it('ignores a malformed layout warm-up, says why in the log, and starts the layout process on a well-formed one', async () => {
    let from = h.client.mark();
    await h.client.conn.sendNotification(P.WarmGraphLayoutNotification.method, { now: true });
    await h.client.waitFor<{ message: string }>(
      'window/logMessage',
      (m) => /warmGraphLayout ignored: /.test(m.message),
      from,
    );
    from = h.client.mark();
    await h.client.conn.sendNotification(P.WarmGraphLayoutNotification, {});
    await h.client.waitFor<{ message: string }>(
      'window/logMessage',
      (m) => /Lineage graph: layout process started/.test(m.message),
      from,
    );
    const tree = await h.client.conn.sendRequest(P.ComponentTreeRequest);
    assert.equal(tree.status.state, 'connected');
  });

  it('ignores malformed credentials, says why in the log, and stays signed in', async () => {
    const from = h.client.mark();
    await h.client.conn.sendNotification(P.SetCredentialsNotification.method, { apiKey: 'k' });
    const logged = await h.client.waitFor<{ message: string }>(
      'window/logMessage',
      (m) => /setCredentials ignored: serviceUrl is required/.test(m.message),
      from,
    );
    assert.ok(!logged.message.includes('"k"'), 'the params are not logged');
    const tree = await h.client.conn.sendRequest(P.ComponentTreeRequest);
    assert.equal(tree.status.state, 'connected');
    assert.equal(tree.status.componentCount, 2);
  });
});
