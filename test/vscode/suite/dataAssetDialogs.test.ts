// Data assets: Register Object-Store Assets from a file (dry run, modal confirmation, optional PR
// link, then the real run (11)) with scripted answers, and "Load more" paging past 1,000 DARNs (5).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DATA_ASSET_ITEM_STATUS, DATA_ASSET_LIMIT_MAX, objectStoreDarn } from '../../../common/src/api';
import { demoDataset, labelOf, lineageApi, signIn } from './helpers';
import {
  onePrompt,
  scriptDialogs,
  type ScriptedDialogs,
  skipWhenInstalledFromVsix,
} from './support/scriptedDialogs';
import { darnStatus } from './support/serviceHttp';

describe('data asset dialogs and paging', () => {
  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  let dialogs: ScriptedDialogs | undefined;
  before(async () => signIn(await lineageApi()));
  afterEach(() => {
    dialogs?.restore();
    dialogs = undefined;
  });

  describe('Register Object-Store Assets', () => {
    let file: vscode.Uri;
    let darn: string;
    before(async () => {
      const [demo] = await vscode.workspace.findFiles('**/assets/register-*.yaml', undefined, 1);
      assert.ok(demo, 'the demo workspace has an asset registration file');
      // A copy under a pattern of its own: the demo's asset is the one a demo contract file names (the
      // contract files suite expects it missing), so registering it would break that suite after this.
      const stamp = Date.now();
      const demoText = new TextDecoder().decode(await vscode.workspace.fs.readFile(demo));
      file = vscode.Uri.joinPath(demo, '..', `register-suite-${stamp}.yaml`);
      await vscode.workspace.fs.writeFile(
        file,
        new TextEncoder().encode(demoText.replace(/pattern:\s*(\S+)/, `pattern: suite-${stamp}/$1`)),
      );
      const text = (await vscode.workspace.openTextDocument(file)).getText();
      const bucket = /bucket:\s*(\S+)/.exec(text)?.[1];
      const pattern = /pattern:\s*(\S+)/.exec(text)?.[1];
      assert.ok(bucket && pattern, 'the file names a bucket and a pattern');
      darn = objectStoreDarn(bucket, pattern);
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(file);
    });

    it('shows the dry run in a modal confirmation; declining registers nothing', async () => {
      assert.equal((await darnStatus(darn))[darn], DATA_ASSET_ITEM_STATUS.notFound, 'not registered before');
      dialogs = scriptDialogs().answer('warning', undefined, /Register/);
      await vscode.commands.executeCommand('lineageLens.registerAssets', file);
      const p = onePrompt(dialogs, 'warning', /Register 1 object-store asset from .*register-/);
      assert.equal(p.modal, true);
      assert.deepEqual(p.choices, ['Register']);
      assert.match(
        p.detail ?? '',
        /dry run: would register 1 data asset/,
        'the detail is the dry run message',
      );
      assert.ok(p.detail?.includes(`• ${darn}`), `the detail lists the DARN: ${p.detail}`);
      assert.equal(dialogs.ofKind('inputBox').length, 0, 'no PR link asked after declining');
      assert.equal(
        (await darnStatus(darn))[darn],
        DATA_ASSET_ITEM_STATUS.notFound,
        'the dry run registered nothing',
      );
    });

    it('registers after confirmation, with the PR link (an invalid link is refused first)', async () => {
      dialogs = scriptDialogs()
        .answer('warning', 'Register', /Register/)
        .answer(
          'inputBox',
          { type: ['not a url', 'https://git.shop.example/shop/billing-worker/pull/213'] },
          /Pull Request/,
        )
        .answer('information', undefined, /registered/);
      await vscode.commands.executeCommand('lineageLens.registerAssets', file);
      assert.deepEqual(dialogs.pending(), [], 'every scripted prompt appeared');
      const link = dialogs.ofKind('inputBox')[0]!;
      assert.equal(link.refused.length, 1, 'a link that is not an http(s) URL is refused');
      const done = onePrompt(dialogs, 'information', /registered/);
      assert.match(done.text, /\(1 registered\)/);
      assert.deepEqual(done.choices, ['Look Up']);
      assert.equal(
        (await darnStatus(darn))[darn],
        DATA_ASSET_ITEM_STATUS.success,
        'the confirmed run registered the asset',
      );
    });
  });

  describe('Register Object-Store Assets without a file', () => {
    it('asks for the file when the active editor holds source code, not a registration file', async () => {
      const [source] = await vscode.workspace.findFiles('**/createOrder.ts', undefined, 1);
      assert.ok(source, 'the demo has createOrder.ts');
      await vscode.window.showTextDocument(source);
      const w = vscode.window as { showOpenDialog: typeof vscode.window.showOpenDialog };
      const original = w.showOpenDialog;
      const asked: vscode.OpenDialogOptions[] = [];
      w.showOpenDialog = (options) => {
        asked.push(options ?? {});
        return Promise.resolve(undefined); // the user closes the dialog
      };
      dialogs = scriptDialogs();
      try {
        await vscode.commands.executeCommand('lineageLens.registerAssets');
      } finally {
        w.showOpenDialog = original;
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
      assert.equal(asked.length, 1, 'the open dialog was shown');
      assert.deepEqual(Object.values(asked[0]!.filters ?? {}), [['yaml', 'yml', 'json']]);
      assert.deepEqual(dialogs.shown, [], 'no dry run of the source file, nothing else shown');
    });
  });

  describe('Load more', () => {
    it(`shows the first ${DATA_ASSET_LIMIT_MAX} of 1,100 DARNs and a Load more item that appends the rest`, async () => {
      const known = (
        (demoDataset() as { dataAssets?: Array<{ dataAssetResourceName: string }> }).dataAssets ?? []
      ).map((a) => a.dataAssetResourceName);
      assert.ok(known.length > 0);
      const total = 1100;
      const made = Array.from(
        { length: total - known.length },
        (_, i) => `s3://suite-paging-${i}:exports/part-${i}/*.parquet`,
      );
      // Known DARNs go on the second page, so the appended page holds real assets too.
      const darns = [...made.slice(0, DATA_ASSET_LIMIT_MAX), ...known, ...made.slice(DATA_ASSET_LIMIT_MAX)];
      assert.equal(darns.length, total);
      await vscode.commands.executeCommand('lineageLens.lookUpDataAssets', darns);

      const tree = (await lineageApi()).trees.assets;
      const first = (await tree.getChildren()).map((n) => tree.getTreeItem(n));
      const assets = (items: vscode.TreeItem[]) =>
        items.filter((i) => i.contextValue === 'asset' || i.contextValue === 'asset.missing');
      assert.equal(assets(first).length, DATA_ASSET_LIMIT_MAX, 'one page of items');
      assert.deepEqual(
        assets(first).map(labelOf),
        darns.slice(0, DATA_ASSET_LIMIT_MAX),
        'in the order asked',
      );
      const more = first.at(-1)!;
      assert.equal(labelOf(more), `Load more (${DATA_ASSET_LIMIT_MAX} of ${total} shown)`);
      assert.equal(more.command?.command, 'lineageLens.loadMoreDataAssets');

      await vscode.commands.executeCommand(
        more.command.command,
        ...((more.command.arguments ?? []) as unknown[]),
      );
      const all = (await tree.getChildren()).map((n) => tree.getTreeItem(n));
      assert.equal(assets(all).length, total, 'the second page was appended');
      assert.deepEqual(assets(all).map(labelOf), darns);
      assert.ok(!all.some((i) => /Load more/.test(labelOf(i))), 'no Load more once everything is shown');
      const found = all.filter((i) => i.contextValue === 'asset').map(labelOf);
      assert.deepEqual(
        found.sort(),
        [...known].sort(),
        'the known DARNs on page 2 were found (offset 1000 reached the service)',
      );
    });
  });
});
