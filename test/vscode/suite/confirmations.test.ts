// Commands that ask before they act: Delete Contract (8), Delete Webhook (13), Edit Subscription (3)
// and Copy API Key. The prompts are answered by a script (support/scriptedDialogs.ts); each test
// checks the prompt (text, modal) and the effect on the real local service.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ContractSubscription } from '../../../common/src/api';
import type { TreeNode } from '../../../client/src/views/treeNode';
import { demoDataset, labelOf, lineageApi, serviceGet, signIn } from './helpers';
import {
  onePrompt,
  scriptDialogs,
  type ScriptedDialogs,
  skipWhenInstalledFromVsix,
} from './support/scriptedDialogs';
import { serviceCall } from './support/serviceHttp';

interface DemoExtras {
  webhooks: Array<{ id: string }>;
  subscriptions: Array<{
    id: string;
    dataContractId: string;
    userId: string;
    email?: string;
    chatChannel?: string;
    codehostHandle?: string;
  }>;
  apiKeys: Array<{ id: string; name: string }>;
}
const extras = demoDataset() as unknown as DemoExtras;
const cfg = () => vscode.workspace.getConfiguration('lineageLens', null);

async function childByContext(
  tree: { getChildren(n?: TreeNode): Promise<TreeNode[]>; getTreeItem(n: TreeNode): vscode.TreeItem },
  parent: TreeNode | undefined,
  contextValue: string,
  label?: string,
) {
  const nodes = await tree.getChildren(parent);
  return nodes.find(
    (n) =>
      tree.getTreeItem(n).contextValue === contextValue &&
      (label === undefined || labelOf(tree.getTreeItem(n)) === label),
  );
}

describe('confirmations (scripted dialogs)', () => {
  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  let dialogs: ScriptedDialogs | undefined;
  const script = (): ScriptedDialogs => (dialogs = scriptDialogs());

  before(async () => signIn(await lineageApi()));
  afterEach(() => {
    dialogs?.restore();
    dialogs = undefined;
  });
  after(async () => {
    await cfg().update('contracts', undefined, vscode.ConfigurationTarget.Workspace);
    await cfg().update('webhooks', undefined, vscode.ConfigurationTarget.Workspace);
  });

  describe('Delete Contract', () => {
    // The last demo contract: the others are used by other tests (views, subscriptions).
    const contract = demoDataset().contracts!.at(-1)!;
    const statusOf = async () =>
      (await serviceCall('GET', `/v0/contract/${encodeURIComponent(contract.id)}/violation-status`)).status;

    async function contractNode(): Promise<TreeNode> {
      await cfg().update('contracts', [contract.id], vscode.ConfigurationTarget.Workspace);
      const api = await lineageApi();
      const node = await childByContext(api.trees.contracts, undefined, 'contract', contract.id);
      assert.ok(node, `contract ${contract.id} is listed in the Contracts view`);
      return node;
    }

    it('Cancel in the modal confirmation leaves the contract on the service', async () => {
      assert.equal(await statusOf(), 200, 'the contract exists before');
      const d = script().answer('warning', undefined);
      await vscode.commands.executeCommand('lineageLens.deleteContract', await contractNode());
      const p = onePrompt(d, 'warning', new RegExp(`Delete contract ${contract.id}`));
      assert.equal(p.modal, true, 'the confirmation is modal');
      assert.deepEqual(p.choices, ['Delete']);
      assert.match(p.detail ?? '', /cannot be undone/);
      assert.equal(await statusOf(), 200, 'the contract is still there');
      assert.ok(cfg().get<string[]>('contracts')?.includes(contract.id), 'the id stays in the view');
    });

    it('Delete in the modal confirmation deletes it on the service (violation status 404)', async () => {
      const d = script().answer('warning', 'Delete', /Delete contract/);
      await vscode.commands.executeCommand('lineageLens.deleteContract', await contractNode());
      assert.equal(onePrompt(d, 'warning', /Delete contract/).modal, true);
      assert.equal(await statusOf(), 404, 'the contract is gone');
      const done = onePrompt(d, 'information', /deleted/);
      assert.match(done.text, new RegExp(contract.id), 'the service message names the contract');
      assert.ok(!cfg().get<string[]>('contracts')?.includes(contract.id), 'the id left the Contracts view');
    });
  });

  describe('Delete Webhook', () => {
    const hook = extras.webhooks[0]!;

    it('asks (modal), deletes the webhook on the service, and a second delete is a 404', async () => {
      await cfg().update('webhooks', [hook.id], vscode.ConfigurationTarget.Workspace);
      const tree = (await lineageApi()).trees.service;
      const group = await childByContext(tree, undefined, 'webhooks');
      assert.ok(group);
      const node = await childByContext(tree, group, 'webhook', hook.id);
      assert.ok(node, 'the webhook id from the settings is listed');

      const cancel = script().answer('warning', undefined);
      await vscode.commands.executeCommand('lineageLens.deleteWebhook', node);
      assert.equal(onePrompt(cancel, 'warning', new RegExp(`Delete webhook ${hook.id}`)).modal, true);
      cancel.restore();

      const d = script().answer('warning', 'Delete', /Delete webhook/);
      await vscode.commands.executeCommand('lineageLens.deleteWebhook', node);
      const p = onePrompt(d, 'warning', /Delete webhook/);
      assert.equal(p.modal, true);
      assert.deepEqual(p.choices, ['Delete']);
      onePrompt(d, 'information', new RegExp(`Webhook ${hook.id} deleted`));
      // The first (cancelled) attempt left it; the confirmed one deleted it: now it is unknown.
      assert.equal((await serviceCall('DELETE', `/v0/webhooks/${encodeURIComponent(hook.id)}`)).status, 404);
      assert.ok(!cfg().get<string[]>('webhooks')?.includes(hook.id), 'the id left the Service view');
    });

    it('removes an id the service does not know (deleted elsewhere or mistyped), and says so', async () => {
      const unknown = `wh-not-on-the-service-${Date.now()}`;
      assert.equal((await serviceCall('DELETE', `/v0/webhooks/${encodeURIComponent(unknown)}`)).status, 404);
      await cfg().update('webhooks', [unknown], vscode.ConfigurationTarget.Workspace);
      const tree = (await lineageApi()).trees.service;
      const group = await childByContext(tree, undefined, 'webhooks');
      const node = await childByContext(tree, group, 'webhook', unknown);
      assert.ok(node, 'the id from the settings is listed');
      const d = script().answer('warning', 'Delete', /Delete webhook/);
      await vscode.commands.executeCommand('lineageLens.deleteWebhook', node);
      onePrompt(d, 'warning', /Delete webhook/);
      onePrompt(d, 'information', new RegExp(`The service has no webhook ${unknown}; it is removed`));
      assert.ok(!cfg().get<string[]>('webhooks')?.includes(unknown), 'the id left the Service view');
    });
  });

  describe('Edit Subscription', () => {
    const sub = extras.subscriptions.find((s) => s.dataContractId !== demoDataset().contracts!.at(-1)!.id)!;
    /** Reads the subscription back: a PUT naming only the user changes nothing and answers the record. */
    const current = async () =>
      (
        await serviceCall<ContractSubscription>('PUT', `/v0/contract-subscription/${sub.dataContractId}`, {
          userId: sub.userId,
        })
      ).body;

    it('refuses an invalid e-mail in the input box and sends nothing when the user gives up', async () => {
      const before = await current();
      const d = script()
        .answer('inputBox', sub.userId, /User/)
        .answer('inputBox', { type: ['not-an-email', 'still@not valid'] }, /E-mail/);
      await vscode.commands.executeCommand('lineageLens.editSubscription', sub.dataContractId);
      const mail = d.ofKind('inputBox').find((p) => /E-mail/.test(p.text));
      assert.ok(mail, 'the e-mail was asked for');
      assert.equal(mail.refused.length, 2, 'both values were refused by the input box');
      assert.match(mail.refused[0]!, /valid e-mail/);
      assert.equal(mail.answer, undefined);
      assert.equal(d.ofKind('inputBox').length, 2, 'no further questions after the user gave up');
      assert.deepEqual(await current(), before, 'the service still has the old subscription');
    });

    it('updates the subscription on the service with the typed values', async () => {
      const stamp = Date.now();
      const email = `suite-${stamp}@shop.example`;
      const channel = `#suite-${stamp}`;
      const d = script()
        .answer('inputBox', sub.userId, /User/)
        .answer('inputBox', { type: ['nope', email] }, /E-mail/)
        .answer('inputBox', '', /Code host/)
        .answer('inputBox', channel, /Chat channel/);
      await vscode.commands.executeCommand('lineageLens.editSubscription', sub.dataContractId);
      assert.deepEqual(d.pending(), [], 'every scripted question was asked');
      assert.deepEqual(d.ofKind('inputBox').find((p) => /E-mail/.test(p.text))?.refused.length, 1);
      onePrompt(d, 'information', new RegExp(`Subscription ${sub.id} updated`));
      const after = await current();
      assert.equal(after.id, sub.id, 'the existing subscription was updated, not a new one made');
      assert.equal(after.email, email);
      assert.equal(after.chatChannel, channel);
      assert.equal(after.codehostHandle, sub.codehostHandle, 'an empty answer leaves the member as it was');
    });

    it('numbers its four questions, and fills them with what was sent last time', async () => {
      // After the update above: the answers sent come back as the boxes' values.
      const d = script()
        .answer('inputBox', sub.userId, /User/)
        .answer('inputBox', undefined, /E-mail/);
      await vscode.commands.executeCommand('lineageLens.editSubscription', sub.dataContractId);
      const [user, mail] = d.ofKind('inputBox');
      assert.match(user!.text, /^Edit Subscription \(1\/4\): User/);
      assert.match(mail!.text, /^Edit Subscription \(2\/4\): E-mail/);
      const valueOf = (p: typeof user) => (p?.options as vscode.InputBoxOptions | undefined)?.value;
      assert.equal(valueOf(user), sub.userId);
      const sent = await current();
      assert.equal(valueOf(mail), sent.email, 'the e-mail sent last time');
      assert.match(sent.email ?? '', /^suite-\d+@shop\.example$/);
    });
  });

  describe('Copy API Key', () => {
    it('asks first (modal); only a confirmation puts the value on the clipboard', async () => {
      const keys = await serviceGet<Array<{ id: string; name: string; value: string }>>('/v0/api-keys');
      const key = keys.find((k) => extras.apiKeys.some((a) => a.id === k.id))!;
      const tree = (await lineageApi()).trees.service;
      const group = await childByContext(tree, undefined, 'apiKeys');
      assert.ok(group);
      const node = await childByContext(tree, group, 'apiKey', key.name);
      assert.ok(node, `key ${key.name} is listed`);
      const sentinel = `clipboard before the test ${Date.now()}`;
      await vscode.env.clipboard.writeText(sentinel);

      const no = script().answer('warning', undefined);
      await vscode.commands.executeCommand('lineageLens.copyApiKey', node);
      const p = onePrompt(no, 'warning', new RegExp(`Copy the value of API key "${key.name}"`));
      assert.equal(p.modal, true);
      assert.deepEqual(p.choices, ['Copy Key']);
      assert.ok(
        !p.text.includes(key.value) && !(p.detail ?? '').includes(key.value),
        'the prompt does not show the value',
      );
      assert.equal(await vscode.env.clipboard.readText(), sentinel, 'cancelled: the clipboard is unchanged');
      no.restore();

      script().answer('warning', 'Copy Key');
      await vscode.commands.executeCommand('lineageLens.copyApiKey', node);
      assert.equal(
        await vscode.env.clipboard.readText(),
        key.value,
        'confirmed: the value is on the clipboard',
      );
      await vscode.env.clipboard.writeText('');
    });
  });
});
