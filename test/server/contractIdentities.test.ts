// Which workspace contract file is a contract configured by id, over stdio against the real local
// service: the file that declares the id, else the file whose DARN's data asset has that contract
// (operation 7, read once for all the files' DARNs and kept), else none.
import { strict as assert } from 'node:assert';
import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as P from '../../common/src/protocol';
import { startHarness, stopHarness, WORKSPACE, type Harness } from './setup';

/** Declared by contracts/orders-finance.yaml (`id:`); the service has no such contract. */
const DECLARED = '6f0c2a4e-9d1b-4c3a-8e7f-0a1b2c3d4e5f';
/** The contract of the data asset postgres://fx-db:public.orders, which orders.contract.yaml covers. */
const BY_ASSET = '44444444-4444-4444-8444-444444444444';
const NOWHERE = '99999999-9999-4999-8999-999999999999';

describe('language server: contract files of configured contract ids', function () {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(async () => stopHarness(h));

  const files = () => [
    h.client.fileUri('contracts/orders-finance.yaml'),
    h.client.fileUri('contracts/orders.contract.yaml'),
  ];
  const ask = (contractIds?: string[], uris = files()) =>
    h.client.conn.sendRequest(P.ContractFilesRequest, contractIds ? { uris, contractIds } : { uris });
  const idOf = (s: P.ContractFileSummary[], id: string) =>
    s.filter((f) => f.contractId === id).map((f) => [f.uri.replace(/^.*\//, ''), f.name, f.contractIdFrom]);

  it('names an id by the file that declares it, and one by the file whose data asset has it', async () => {
    const summaries = await ask([DECLARED, BY_ASSET, NOWHERE]);
    assert.deepEqual(idOf(summaries, DECLARED), [['orders-finance.yaml', 'Orders for finance', 'file']]);
    // orders-finance.yaml covers the same asset but declares another id: it is not that contract.
    assert.deepEqual(idOf(summaries, BY_ASSET), [['orders.contract.yaml', undefined, 'dataAsset']]);
    assert.deepEqual(idOf(summaries, NOWHERE), [], 'no file names it');
  });

  it('asks the service only for an id that no file declares', async () => {
    const summaries = await ask([DECLARED]);
    assert.deepEqual(
      summaries.map((s) => s.contractId),
      [DECLARED, undefined],
      'the declared id needs no data asset; the other file is left without one',
    );
    assert.deepEqual(
      (await ask()).map((s) => s.contractIdFrom),
      ['file', undefined],
    );
  });

  it('keeps the data assets read until the DARNs change, and never fails for an unreadable service', async () => {
    await ask([BY_ASSET]);
    await h.service.stop();
    // The same DARNs: answered from what was read, without the service.
    assert.deepEqual(idOf(await ask([BY_ASSET]), BY_ASSET), [
      ['orders.contract.yaml', undefined, 'dataAsset'],
    ]);
    // Another DARN: the service is asked again, cannot answer, and the declared id still stands.
    const extra = join(WORKSPACE, 'contracts', 'identities-extra.contract.yaml');
    writeFileSync(extra, 'dataAssetResourceName: postgres://fx-db:public.extra\ncontractSchema: []\n');
    try {
      const summaries = await ask([BY_ASSET, DECLARED], [...files(), pathToFileURL(extra).href]);
      assert.deepEqual(idOf(summaries, BY_ASSET), []);
      assert.deepEqual(idOf(summaries, DECLARED), [['orders-finance.yaml', 'Orders for finance', 'file']]);
    } finally {
      unlinkSync(extra);
    }
  });
});

describe('language server: contract ids when signed out', function () {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(async () => stopHarness(h));

  it('names only the ids files declare', async () => {
    const from = h.client.mark();
    await h.client.conn.sendNotification(P.SetCredentialsNotification, {
      serviceUrl: h.service.url,
      apiKey: null,
    });
    await h.client.waitForStatus((s) => s.state === 'signedOut', from);
    const summaries = await h.client.conn.sendRequest(P.ContractFilesRequest, {
      uris: [
        h.client.fileUri('contracts/orders-finance.yaml'),
        h.client.fileUri('contracts/orders.contract.yaml'),
      ],
      contractIds: [DECLARED, BY_ASSET],
    });
    assert.deepEqual(
      summaries.map((s) => [s.contractId, s.contractIdFrom]),
      [
        [DECLARED, 'file'],
        [undefined, undefined],
      ],
    );
  });
});
