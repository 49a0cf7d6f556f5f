// The service going away and coming back mid-session, a rejected key and signing out: status
// notifications say so, hovers keep serving the last data (marked stale) or say why there is none.
import { strict as assert } from 'node:assert';
import { HoverRequest, ResponseError } from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import { startLocalService } from '../helpers/localService';
import { LspClient } from '../helpers/lspClient';
import {
  ORDERS,
  WORKSPACE,
  hoverText,
  startHarness,
  stopHarness,
  workspaceText,
  type Harness,
} from './setup';

describe('language server: service down and back, key rejected, signed out', function () {
  let h: Harness;
  let uri: string;
  let apiKey: string;
  before(async () => {
    h = await startHarness();
    apiKey = h.service.apiKey; // a reopened database prints no key: keep the first one
    uri = h.client.fileUri('src/orders.ts');
    await h.client.open(uri, workspaceText('src/orders.ts'));
  });
  after(async () => stopHarness(h));

  const hover = async () =>
    hoverText(
      await h.client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: 4, character: 3 },
      }),
    );

  it('keeps serving the last data, marked stale, while the service is down', async () => {
    await h.service.stop();
    const from = h.client.mark();
    const status = await h.client.conn.sendRequest(P.RefreshRequest);
    assert.equal(status.state, 'stale');
    assert.ok(status.unreachableSince);
    assert.equal(status.componentCount, 2);
    await h.client.waitForStatus((s) => s.state === 'stale', from);
    const text = await hover();
    assert.match(text, /unreachable since/);
    assert.match(text, /orders\\\.api\\\.createOrder/);
  });

  it('is connected again once the service is back on the same database and port', async () => {
    const port = new URL(h.service.url).port;
    h.service = await startLocalService({ db: h.service.dbFile, args: ['--port', port] });
    assert.equal(new URL(h.service.url).port, port);
    const from = h.client.mark();
    const status = await h.client.conn.sendRequest(P.RefreshRequest);
    assert.equal(status.state, 'connected');
    assert.equal(status.unreachableSince, undefined);
    await h.client.waitForStatus((s) => s.state === 'connected', from);
    assert.doesNotMatch(await hover(), /unreachable/);
  });

  it('says the key was rejected when it is', async () => {
    const url = h.service.url;
    const from = h.client.mark();
    await h.client.conn.sendNotification(P.SetCredentialsNotification, {
      serviceUrl: url,
      apiKey: 'not-the-right-key-0000',
    });
    await h.client.waitForStatus((s) => s.state === 'keyRejected', from);
    const text = await hover();
    assert.match(text, /rejected the API key/);
    assert.match(text, /command:lineageLens\.signIn/);
  });

  it('says it is not signed in, and service requests fail with kind signedOut', async () => {
    const from = h.client.mark();
    await h.client.conn.sendNotification(P.SetCredentialsNotification, {
      serviceUrl: h.service.url,
      apiKey: null,
    });
    const s = await h.client.waitForStatus((x) => x.state === 'signedOut', from);
    assert.equal(s.componentCount, 0);
    assert.match(await hover(), /not signed in/);
    const tree = await h.client.conn.sendRequest(P.ComponentTreeRequest);
    assert.deepEqual(tree.namespaces, []);
    await assert.rejects(
      h.client.conn.sendRequest(P.VersionsRequest, { componentId: 'x' }),
      (err: ResponseError<P.ServiceErrorData>) => {
        assert.equal(err.code, P.SERVICE_ERROR_CODE);
        assert.equal(err.data?.kind, 'signedOut');
        return true;
      },
    );
  });

  it('loads again after signing back in', async () => {
    const from = h.client.mark();
    await h.client.conn.sendNotification(P.SetCredentialsNotification, { serviceUrl: h.service.url, apiKey });
    const s = await h.client.waitForStatus((x) => x.state === 'connected' && x.componentCount === 2, from);
    assert.equal(s.anchorCount, 4);
    assert.match(await hover(), /orders\\\.api\\\.createOrder/);
  });
});

describe('language server: service unreachable from the start', function () {
  let client: LspClient;
  after(async () => client?.stop());

  it('reports unreachable with the time, and hovers say why there is no data', async () => {
    // Port 1 on the loopback refuses connections: nothing listens there.
    client = await LspClient.start({
      workspaceFolder: WORKSPACE,
      initializationOptions: { serviceUrl: 'http://127.0.0.1:1', apiKey: 'some-key-0000' },
      settings: { components: [ORDERS] },
    });
    const s = await client.waitForStatus((x) => x.state === 'unreachable');
    assert.ok(s.unreachableSince && !Number.isNaN(Date.parse(s.unreachableSince)));
    assert.equal(s.componentCount, 0);
    const uri = client.fileUri('src/orders.ts');
    await client.open(uri, workspaceText('src/orders.ts'));
    const text = hoverText(
      await client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: 4, character: 3 },
      }),
    );
    assert.match(text, /service unreachable since/);
    const tree = await client.conn.sendRequest(P.ComponentTreeRequest);
    assert.equal(tree.status.state, 'unreachable');
  });
});
