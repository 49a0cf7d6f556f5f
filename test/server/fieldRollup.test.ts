// Field hovers roll up: an identifier naming a parent field (`CreditCard` ↔ `credit_card`) shows the
// applied and depends-on tags of the fields below it, each under the child's path, sorted, capped.
// Real local service seeded with a dataset this test writes, real language server over stdio.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HoverRequest } from 'vscode-languageserver-protocol';
import { startLocalService, type LocalService } from '../helpers/localService';
import { LspClient } from '../helpers/lspClient';
import { hoverText } from './setup';

const COMPONENT = '55555555-5555-4555-8555-555555555555';
const SOURCE = [
  'export function pay(creditCard: CreditCard, card: Card, wallet: Wallet, note: string) {',
  '  return charge(creditCard, card, wallet, note);',
  '}',
];
const WALLET_FIELDS = Array.from({ length: 10 }, (_, i) => `k${String(i).padStart(2, '0')}`);

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const str = { type: 'string' };

function dataset(): unknown {
  return {
    version: 1,
    components: [
      {
        id: COMPONENT,
        name: 'payments',
        type: 'CODE',
        namespace: 'rollup',
        scans: [{ commit_sha: 'abcdef1', committed_at: '2026-01-01T00:00:00Z' }],
        paths: [
          {
            path_id: 'rollup-path-1',
            path_type: 'SCAN_OUTPUT',
            ingress: {
              id: 'rollup-in',
              signature_name: 'payments.pay',
              schema: object({
                // Listed out of order: the hover sorts them.
                credit_card: object({ credit_card_number: str, credit_card_cvv: str, holder: str }),
                wallet: object(Object.fromEntries([...WALLET_FIELDS].reverse().map((k) => [k, str]))),
                note: str,
              }),
            },
            egress: {
              id: 'rollup-out',
              signature_name: 'gateway.charge',
              schema: object({ card: object({ number: str }) }),
            },
            field_mappings: [
              { ingress_field: 'credit_card.credit_card_number', egress_field: 'card.number' },
            ],
            code_anchors: [
              { anchor_id: 'rollup-anchor', name: 'pay', file: 'src/pay.ts', line_start: 1, line_end: 3 },
            ],
          },
        ],
      },
    ],
    tagApplications: [
      {
        boundary_id: 'rollup-in',
        field_path: 'credit_card.credit_card_number',
        tag: 'pifi',
        source: 'system',
        detection_category: 'credit-card-number',
        applied_at: '2026-01-01T00:00:00Z',
      },
      {
        boundary_id: 'rollup-in',
        field_path: 'credit_card.credit_card_cvv',
        tag: 'secret',
        source: 'user',
        applied_at: '2026-01-01T00:00:00Z',
      },
      ...WALLET_FIELDS.map((k) => ({
        boundary_id: 'rollup-in',
        field_path: `wallet.${k}`,
        tag: 'secret',
        source: 'user',
        applied_at: '2026-01-01T00:00:00Z',
      })),
    ],
  };
}

describe('language server: field hovers roll up child fields', function () {
  this.timeout(60_000);
  let dir: string;
  let service: LocalService;
  let client: LspClient;

  const hoverOn = async (word: string, nth = 0) => {
    let from = -1;
    for (let i = 0; i <= nth; i++) from = SOURCE[0]!.indexOf(word, from + 1);
    assert.ok(from >= 0, word);
    return hoverText(
      await client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri: client.fileUri('src/pay.ts') },
        position: { line: 0, character: from + 1 },
      }),
    );
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lineage-rollup-'));
    mkdirSync(join(dir, 'workspace', 'src'), { recursive: true });
    writeFileSync(join(dir, 'workspace', 'src', 'pay.ts'), SOURCE.join('\n') + '\n');
    writeFileSync(join(dir, 'dataset.json'), JSON.stringify(dataset()));
    service = await startLocalService({ seed: join(dir, 'dataset.json') });
    client = await LspClient.start({
      workspaceFolder: join(dir, 'workspace'),
      initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
      settings: { components: [COMPONENT], namespace: 'rollup' },
    });
    await client.waitForStatus((s) => s.state === 'connected' && s.anchorCount === 1);
    // Field hovers read the identifier from the open document.
    await client.open(client.fileUri('src/pay.ts'), SOURCE.join('\n') + '\n');
  });
  after(async () => {
    await client?.stop();
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a parent field shows its children’s applied tags, each under the child’s path, sorted', async () => {
    const text = await hoverOn('CreditCard');
    assert.match(text, /\*\*credit\\_card\*\* \(ingress\): \*no tags on the field itself\*/);
    const cvv = text.indexOf('- credit\\_card\\.credit\\_card\\_cvv: ● **secret**, tagged by a person');
    const number = text.indexOf('- credit\\_card\\.credit\\_card\\_number: ● **pifi**');
    assert.ok(cvv > 0 && number > cvv, text);
    assert.doesNotMatch(text, /holder/, 'untagged children are not listed');
    assert.doesNotMatch(text, /No tags on these fields/);
  });

  it('depends-on tags roll up too (kept apart from applied ones)', async () => {
    const text = await hoverOn('card'); // the `card: Card` parameter
    assert.match(text, /\*\*card\*\* \(egress\): \*no tags on the field itself\*/);
    assert.match(text, /^- card\\\.number: ◌ \*pifi\*, from another field of this service$/m);
  });

  it('many children: the first eight in order, then "and N more"', async () => {
    const text = await hoverOn('Wallet');
    const listed = [...text.matchAll(/^- wallet\\\.(k\d\d):/gm)].map((m) => m[1]);
    assert.deepEqual(listed, WALLET_FIELDS.slice(0, 8));
    assert.match(text, /^- … and 2 more tagged fields$/m);
  });

  it('a leaf field is shown as before, without a list', async () => {
    const text = await hoverOn('note');
    assert.match(text, /\*\*note\*\* \(ingress\): \*no tags\*/);
    assert.doesNotMatch(text, /^- /m);
  });
});
