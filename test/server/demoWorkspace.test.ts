// The demo as `npm start` opens it: demo/workspace made into the git repository demo/dataset.json was
// scanned from (demo/demoRepository.mjs), against the real local service seeded with that dataset. Its
// anchors are then placed as in a real clone: checked against their scanned commits, so the lenses and
// hovers carry no "probably here" (≈) caveat, and an edit since the scan is said as one.
import { strict as assert } from 'node:assert';
import { CodeLensRequest, HoverRequest, type CodeLens } from 'vscode-languageserver-protocol';
import { createDemoRepo, DEMO_COMPONENTS, type DemoRepo } from '../helpers/demoRepo';
import { hoverText } from './setup';
import { startLocalService, type LocalService } from '../helpers/localService';
import { LspClient } from '../helpers/lspClient';

const CREATE_ORDER = 'checkout-api/src/handlers/createOrder.ts';

describe('the demo workspace as npm start makes it (a git repository of the scanned commits)', function () {
  this.timeout(90_000);
  let demo: DemoRepo;
  let service: LocalService;
  let client: LspClient;

  before(async () => {
    demo = await createDemoRepo();
    service = await startLocalService({ seed: demo.dataset });
    client = await LspClient.start({
      workspaceFolder: demo.repo.root,
      initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
      settings: { components: DEMO_COMPONENTS },
      timeoutMs: 30_000,
    });
    await client.waitForStatus((s) => s.state === 'connected' && s.componentCount > 0);
  });
  after(async () => {
    await client?.stop();
    await service?.stop();
    await demo?.dispose();
  });

  /** The lens titles of a file once `ready` holds for them (asked again after each lens refresh). */
  async function lensesWhen(uri: string, ready: (titles: string[]) => boolean): Promise<string[]> {
    for (;;) {
      const mark = client.mark();
      const lenses = (await client.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as
        CodeLens[] | null;
      const titles = (lenses ?? []).map((l) => l.command?.title ?? '');
      if (ready(titles)) return titles;
      await client.waitFor(
        'workspace/codeLens/refresh',
        () => true,
        mark,
        `lenses of ${uri}: ${titles.join(' | ')}`,
      );
    }
  }

  it('places every anchor of createOrder.ts against its scanned commit: no ≈ on lenses or hovers', async () => {
    const uri = client.fileUri(CREATE_ORDER);
    const text = await demo.repo.read(CREATE_ORDER);
    await client.open(uri, text);
    const titles = await lensesWhen(uri, (t) => t.some((x) => x.includes('createOrder → insertOrder')));
    assert.ok(titles.includes('createOrder → insertOrder · phi, pii'), titles.join(' | '));
    assert.deepEqual(
      titles.filter((t) => t.startsWith('≈')),
      [],
      'no anchor is only probably there',
    );
    const line = text.split('\n').findIndex((l) => l.startsWith('export async function createOrder'));
    const hover = hoverText(
      await client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line, character: text.split('\n')[line]!.indexOf('createOrder') + 1 },
      }),
    );
    assert.match(hover, /createOrder → insertOrder/);
    assert.doesNotMatch(hover, /Probably here|not in this clone/);
  });
});
