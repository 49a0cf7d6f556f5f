// The client's pure helpers: redaction, untrusted-text cleanup, DARN lists, key masking, and what an
// anchor repair shows before writing.
import * as assert from 'node:assert/strict';
import { parseDarnList } from '../../../client/src/commands/assetCommands';
import { validateServiceUrl } from '../../../client/src/config';
import { addSecret, redact } from '../../../client/src/logging';
import { safeMessage, safeText, showRequestError } from '../../../client/src/serviceErrors';
import { errorNode } from '../../../client/src/views/treeNode';
import { ResponseError } from 'vscode-languageclient/node';
import { SERVICE_ERROR_CODE } from '../../../common/src/protocol';
import * as vscode from 'vscode';
import { maskKey } from '../../../client/src/views/serviceView';
import { chooseMany, confirmOne } from '../../../client/src/commands/anchorRepairPrompts';
import type { AnchorRepair } from '../../../common/src/protocol';
import { scriptDialogs } from './support/scriptedDialogs';

describe('client helpers', () => {
  it('an anchor repair that records its path at another (scanned) commit says so, in the dialog and the bulk list', async () => {
    const repair: AnchorRepair = {
      componentId: 'c1',
      pathId: 'p1',
      anchorId: 'a1',
      label: 'ShipOrder',
      componentName: 'Orders',
      pathLabel: 'ShipOrder → p0',
      file: 'go/ship.go',
      uri: 'file:///nowhere/go/ship.go',
      range: { start: { line: 9, character: 0 }, end: { line: 11, character: 1 } },
      recorded: { line_start: 3, line_end: 5 },
      current: { line_start: 10, line_end: 12 },
      reason: 'anchor moved from 3–5 at commit aaaaaaaaaaaa to 10–12 at commit bbbbbbbbbbbb',
      commit: 'bbbbbbbbbbbbbbbbbbbb',
    };
    const dialogs = scriptDialogs().answer('warning', undefined).answer('quickPick', undefined);
    try {
      assert.equal(await confirmOne(repair), undefined);
      assert.match(
        dialogs.ofKind('warning')[0]!.detail ?? '',
        /\nThese lines are newer than the commit the path is recorded at: the path is recorded at scanned commit bbbbbbbbbbbb, which has them, with its other anchors in that commit's lines\.\n/,
      );
      const { commit: _, ...sameCommit } = repair;
      assert.equal(await chooseMany([repair, { ...sameCommit, anchorId: 'a2' }]), undefined);
      assert.deepEqual(
        dialogs.ofKind('quickPick')[0]!.items!.map((i) => i.description),
        ['lines 3–5 → 10–12 · path recorded at commit bbbbbbbbbbbb', 'lines 3–5 → 10–12'],
      );
    } finally {
      dialogs.restore();
    }
  });

  it('redacts registered secrets and X-API-KEY header values', () => {
    addSecret('s3cr3t-value-123');
    assert.equal(redact('key=s3cr3t-value-123; again s3cr3t-value-123'), 'key=[redacted]; again [redacted]');
    assert.equal(redact('"X-API-KEY": "abcdef"'), '"X-API-KEY": "[redacted]"');
    // The answer of ApiKeyValueRequest (Copy API Key) in a protocol trace.
    assert.equal(
      redact('Result: {"secretValue": "other-key-1234"}'),
      'Result: {"secretValue": "[redacted]"}',
    );
    assert.equal(redact('nothing secret here'), 'nothing secret here');
  });

  it('cleans untrusted text, and neutralises links only for notifications', () => {
    assert.equal(safeText('a\u0000b\nc [x](command:evil)'), 'a b c [x](command:evil)');
    assert.equal(safeMessage('see [x](command:evil)'), 'see (x)(command:evil)');
    assert.equal(safeText('x'.repeat(500), 10), `${'x'.repeat(9)}…`);
  });

  it('offers Sign In when the service rejects the key with 401 or 403 (tree rows and notifications)', async () => {
    const shown: Array<{ message: string; actions: string[] }> = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (
      message: string,
      ...actions: string[]
    ) => {
      shown.push({ message, actions });
      return Promise.resolve(undefined);
    };
    try {
      for (const status of [401, 403, 404]) {
        const err = new ResponseError(SERVICE_ERROR_CODE, 'refused', { kind: 'http', status });
        await showRequestError('Loading', err);
        const node = errorNode('Loading', err).treeItem();
        assert.equal(node.command?.command, status === 404 ? 'lineageLens.showOutput' : 'lineageLens.signIn');
      }
    } finally {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    }
    assert.deepEqual(
      shown.map((s) => s.actions),
      [['Sign In', 'Show Output'], ['Sign In', 'Show Output'], ['Show Output']],
    );
    assert.match(shown[1]!.message, /rejected the API key/);
  });

  it('splits DARN lists and reports what is not a DARN', () => {
    assert.deepEqual(
      parseDarnList('s3://b:events/*.parquet, postgres://db:public.orders\nnope s3://b:events/*.parquet'),
      {
        darns: ['s3://b:events/*.parquet', 'postgres://db:public.orders'],
        invalid: ['nope'],
      },
    );
  });

  it('masks API keys but for their last four characters', () => {
    assert.equal(maskKey('demo-key-6f1c0a9e3b7d4e21'), '••••••••4e21');
    assert.equal(maskKey('short'), '••••••••');
    // As the language server sends them: masked already, the last four kept.
    assert.equal(maskKey('••••4e21'), '••••••••4e21');
    assert.equal(maskKey('••••'), '••••••••');
    assert.equal(maskKey('••••••••••••••••4e21'), '••••••••4e21');
  });

  it('accepts http(s) service URLs without credentials, query or fragment', () => {
    assert.equal(validateServiceUrl('http://127.0.0.1:7878'), undefined);
    assert.equal(validateServiceUrl('https://lineage.example.com/base'), undefined);
    for (const bad of ['ftp://x', 'http://user:pw@host', 'http://h/?a=1', 'not a url'])
      assert.ok(validateServiceUrl(bad), bad);
  });
});
