// DARNs anywhere over stdio: a hover with the data asset (operation 5) and its contract's violation
// state (operation 6), and document links that reveal the asset in the Data assets view.
import { strict as assert } from 'node:assert';
import { DocumentLinkRequest, HoverRequest, type DocumentLink } from 'vscode-languageserver-protocol';
import { COMMANDS } from '../../common/src/protocol';
import { hoverText, startHarness, stopHarness, workspaceText, type Harness } from './setup';

const DARN = 'postgres://fx-db:public.orders';

describe('language server: DARNs in any file', function () {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(async () => stopHarness(h));

  const hoverAt = async (uri: string, line: number, character: number) =>
    hoverText(
      await h.client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line, character },
      }),
    );

  it('hovers a DARN in source code with the asset and its contract violation state', async () => {
    const uri = h.client.fileUri('src/assets.ts');
    const text = `// where orders land\nexport const ORDERS = '${DARN}';\nexport const GONE = 's3://fx-none:x/*.csv';\n`;
    await h.client.open(uri, text, 'typescript');
    const md = await hoverAt(uri, 1, 30);
    assert.match(md, /\*\*Data asset\*\* `postgres:\/\/fx-db:public\.orders`/);
    assert.match(md, /\| contract \| 44444444\\-4444/);
    assert.match(md, /✖ Contract \*\*violation\*\*: \d+ violations?/);
    assert.match(md, new RegExp(`command:${COMMANDS.revealDataAsset.replace('.', '\\.')}\\?`));
    assert.match(await hoverAt(uri, 2, 25), /The service has no such data asset/);
    assert.equal(await hoverAt(uri, 0, 5), '');
  });

  it('hovers the DARN of a contract file before the member docs', async () => {
    const uri = h.client.fileUri('contracts/orders-finance.yaml');
    const text = workspaceText('contracts/orders-finance.yaml');
    await h.client.open(uri, text, 'yaml');
    const line = text.split('\n').findIndex((l) => l.startsWith('dataAssetResourceName:'));
    assert.match(await hoverAt(uri, line, 30), /Data asset/);
    assert.match(await hoverAt(uri, line, 3), /\*\*dataAssetResourceName\*\* \(required\)/);
  });

  it('links every DARN to the Data assets view', async () => {
    const uri = h.client.fileUri('src/links.json');
    await h.client.open(
      uri,
      JSON.stringify({ a: DARN, b: ['s3://bkt:x/*.json', 'https://example.com:8080/x'] }),
      'json',
    );
    const links = (await h.client.conn.sendRequest(DocumentLinkRequest.type, {
      textDocument: { uri },
    })) as DocumentLink[];
    const targets = links.map((l) => decodeURIComponent(l.target!.replace(/^command:[\w.]+\?/, '')));
    assert.deepEqual(targets, [JSON.stringify([DARN]), JSON.stringify(['s3://bkt:x/*.json'])]);
    assert.ok(links.every((l) => l.target!.startsWith(`command:${COMMANDS.revealDataAsset}?`)));
  });
});
