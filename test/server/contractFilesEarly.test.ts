// The Contracts view asks which workspace files hold contracts as soon as the language server is up,
// which can be before the server has read the settings (a workspace/configuration round trip). The
// workspace folders are known from `initialize`: the files inside them are read, not refused as outside
// every folder (the view then showed "No contracts yet" in a workspace full of contracts).
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as P from '../../common/src/protocol';
import { LspClient } from '../helpers/lspClient';

describe('language server: contract files asked for before the settings are read', function () {
  let dir: string;
  let client: LspClient | undefined;
  let answer: () => void = () => undefined;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'lineage-early-contracts-'));
    mkdirSync(join(dir, 'contracts'));
    writeFileSync(
      join(dir, 'contracts', 'orders.contract.yaml'),
      'name: Orders\ndataAssetResourceName: postgres://orders-db:public.orders\ncontractSchema: []\n',
    );
  });
  after(async () => {
    answer();
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the files inside the folders named at initialize while workspace/configuration is unanswered', async () => {
    let asked = false;
    client = await LspClient.start({
      workspaceFolder: dir,
      configurationAnswered: new Promise<void>((resolve) => (answer = resolve)),
      configuration: () => {
        asked = true;
        return {};
      },
    });
    const uri = client.fileUri('contracts/orders.contract.yaml');
    const summaries = await client.conn.sendRequest(P.ContractFilesRequest, { uris: [uri] });
    assert.equal(asked, false, 'the settings were still unanswered');
    assert.deepEqual(
      summaries.map((s) => [s.uri, s.name, s.darn]),
      [[uri, 'Orders', 'postgres://orders-db:public.orders']],
    );
  });
});
