// The lenses of a contract file, through the real language server over stdio against the real local
// service with the demo: on `dataAssetResourceName`, the data store that holds the asset with the tags
// its fields carry (opening its graph), and the compliance — Check Compliance, then the last check's
// result until the text changes.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { CodeLensRequest, type CodeLens } from 'vscode-languageserver-protocol';
import { CheckComplianceRequest } from '../../common/src/protocol';
import { demoSuite } from '../helpers/demoRepo';

const ORDERS = 'contracts/orders.contract.yaml';
const ORDER_CREATED = 'contracts/order-created.contract.json';
const NEW_CONTRACT = 'contracts/refund-requested.contract.yaml';

describe('contract file lenses (language server)', function () {
  this.timeout(90_000);
  const suite = demoSuite();

  const lenses = async (uri: string) =>
    ((await suite.client.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ??
      []) as CodeLens[];
  const open = async (file: string) => {
    const uri = suite.client.fileUri(file);
    const text = await suite.demo.repo.read(file);
    await suite.client.open(uri, text, file.endsWith('.json') ? 'json' : 'yaml');
    return { uri, text };
  };
  /** Checks compliance as the lens's click does, and the lenses after the refresh that follows. */
  const check = async (uri: string) => {
    const from = suite.client.mark();
    const result = await suite.client.conn.sendRequest(CheckComplianceRequest, { uri });
    await suite.client.waitFor(
      'workspace/codeLens/refresh',
      () => true,
      from,
      'a lens refresh after the check',
    );
    return { result, after: await lenses(uri) };
  };

  it('names the data store with its tagged fields, then the result of each check until an edit', async () => {
    const { uri, text } = await open(ORDERS);
    const line = text.split('\n').findIndex((l) => l.startsWith('dataAssetResourceName:'));
    const first = await lenses(uri);
    assert.equal(first.length, 2, JSON.stringify(first));
    assert.ok(
      first.every((l) => l.range.start.line === line),
      'both on the dataAssetResourceName line',
    );
    const [store, compliance] = first;
    const dataset = JSON.parse(readFileSync(suite.demo.dataset, 'utf8')) as {
      components: Array<{ id: string; name: string }>;
    };
    const orders = dataset.components.find((c) => c.name === 'orders-db.public.orders')!;
    assert.match(store!.command!.title, /^\$\(database\) Orders table · /);
    assert.ok(store!.command!.title.includes('pii on 2 fields'), store!.command!.title);
    assert.equal(store!.command!.command, 'lineageLens.showGraph');
    assert.deepEqual(store!.command!.arguments, [{ componentId: orders.id }]);
    assert.deepEqual(
      [compliance!.command!.title, compliance!.command!.command, compliance!.command!.arguments],
      ['$(check) Check Compliance', 'lineageLens.checkCompliance', [uri]],
    );

    const { result, after } = await check(uri);
    assert.equal(result.violations.length, 0, 'the demo orders contract is compliant');
    assert.match(after[1]!.command!.title, /^\$\(pass\) Compliant at \d\d:\d\d:\d\d UTC · Check Again$/);

    // An edit: the result no longer speaks for the text.
    await suite.client.change(uri, [{ text: `${text}\n# edited\n` }]);
    assert.equal((await lenses(uri))[1]!.command!.title, '$(check) Check Compliance');
  });

  it('counts the violations of the last check', async () => {
    const { uri } = await open(ORDER_CREATED);
    const { result, after } = await check(uri);
    assert.ok(result.violations.length > 1, JSON.stringify(result));
    assert.match(
      after.at(-1)!.command!.title,
      new RegExp(
        `^\\$\\(error\\) ${result.violations.length} violations at \\d\\d:\\d\\d:\\d\\d UTC · Check Again$`,
      ),
    );
  });

  it('says when no data store in the lineage holds the asset, and looks it up on the service', async () => {
    // A new contract file, not saved yet, on a topic the lineage does not know.
    const uri = suite.client.fileUri(NEW_CONTRACT);
    await suite.client.open(
      uri,
      'dataAssetResourceName: kafka://events:refund-requested\ncontractSchema:\n  - name: refund_id\n    type: string\n',
      'yaml',
    );
    const [store] = await lenses(uri);
    assert.deepEqual(
      [store!.command!.title, store!.command!.command, store!.command!.arguments],
      [
        'No data store in the lineage holds this data asset · Look Up on the Service',
        'lineageLens.revealDataAsset',
        ['kafka://events:refund-requested'],
      ],
    );
  });
});
