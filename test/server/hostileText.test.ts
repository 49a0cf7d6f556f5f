// Service text reaches lens titles and hovers cleaned for where it is shown: a tag
// name holding `$(icon)` syntax, a bidi override and isolates, from the real service over stdio.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeLensRequest, HoverRequest, type MarkupContent } from 'vscode-languageserver-protocol';
import { COMMANDS } from '../../common/src/protocol';
import { DATASET, startHarness, stopHarness, workspaceText, type Harness } from './setup';

const HOSTILE_TAG = 'pii $(zap)\u202e\u2066x\u061c';

describe('language server: hostile service text in lenses and hovers', () => {
  let h: Harness | undefined;
  let ordersUri: string;

  before(async () => {
    const dataset = JSON.parse(readFileSync(DATASET, 'utf8')) as {
      tagDefinitions?: unknown[];
      tagApplications: Array<Record<string, unknown>>;
    };
    // The pii application becomes one of a USER tag the service names with hostile text.
    dataset.tagDefinitions = [{ id: 'hostile-tag', name: HOSTILE_TAG, kind: 'USER' }];
    for (const a of dataset.tagApplications) {
      a.tag = 'hostile-tag';
      a.source = 'user';
      delete a.detection_category;
    }
    const seed = join(mkdtempSync(join(tmpdir(), 'lineage-lens-hostile-')), 'dataset.json');
    writeFileSync(seed, JSON.stringify(dataset));
    h = await startHarness(seed);
    ordersUri = h.client.fileUri('src/orders.ts');
    await h.client.open(ordersUri, workspaceText('src/orders.ts'));
  });
  after(async () => stopHarness(h));

  it('a lens title shows `$(icon)` as typed (escaped) and drops bidi overrides and isolates', async () => {
    const lenses = await h!.client.conn.sendRequest(CodeLensRequest.type, {
      textDocument: { uri: ordersUri },
    });
    const title = lenses?.find((l) => l.command?.command === COMMANDS.revealPath && l.range.start.line === 2)
      ?.command?.title;
    assert.equal(title, '≈ createOrder → insertOrder · pii \\$(zap) x'); // ≈: no git in this workspace
  });

  it('a hover escapes the icon syntax as Markdown and drops the invisible characters', async () => {
    const hover = await h!.client.conn.sendRequest(HoverRequest.type, {
      textDocument: { uri: ordersUri },
      position: { line: 2, character: 20 },
    });
    const text = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    assert.match(text, /pii \\\$\\\(zap\\\)x/);
    assert.doesNotMatch(text, /[\u202e\u2066\u061c]|(^|[^\\])\$\(/);
  });
});
