// The language server's lifecycle pieces that server.ts wires: capabilities read and offered, the
// lens refresh, the grammars' warm-up, what follows credentials, and what follows a data change.
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver';
import { clientCapabilities, serverCapabilities } from '../../server/src/session/capabilities';
import { GrammarWarmUp } from '../../server/src/session/grammarWarmUp';
import { CredentialsInUse } from '../../server/src/session/credentialsInUse';
import { LensRefresh } from '../../server/src/features/lensRefresh';
import { applyCredentials } from '../../server/src/features/signIn';
import { ComplianceResults } from '../../server/src/features/complianceResults';
import { dataChanged, type DataChangedParts } from '../../server/src/features/dataChanged';
import { DiagnosticsHub } from '../../server/src/features/diagnosticsHub';
import type { Credentials } from '../../common/src/protocol';
import type { ComponentDetail } from '../../common/src/api';

describe('server lifecycle: capabilities', () => {
  it('reads what the client can do; nothing said is nothing assumed', () => {
    assert.deepEqual(clientCapabilities({ capabilities: {} }), {
      refreshesLenses: false,
      sendsFolderChanges: false,
      registersFormatting: false,
      watchesFiles: false,
    });
    assert.deepEqual(
      clientCapabilities({
        capabilities: {
          workspace: {
            codeLens: { refreshSupport: true },
            workspaceFolders: true,
            didChangeWatchedFiles: { dynamicRegistration: true },
          },
          textDocument: { formatting: { dynamicRegistration: true } },
        },
      }),
      { refreshesLenses: true, sendsFolderChanges: true, registersFormatting: true, watchesFiles: true },
    );
  });

  it('offers formatting statically only when the client cannot register it for path documents', () => {
    const none = clientCapabilities({ capabilities: {} });
    assert.equal(serverCapabilities(none).capabilities.documentFormattingProvider, true);
    assert.equal(
      serverCapabilities({ ...none, registersFormatting: true }).capabilities.documentFormattingProvider,
      false,
    );
    const caps = serverCapabilities(none).capabilities;
    assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2, save: { includeText: false } });
    assert.equal(serverCapabilities(none).serverInfo?.name, 'lineage-lens');
  });
});

describe('server lifecycle: lens refresh and grammar warm-up', () => {
  it('asks the client only when it said it can be asked; a refusal is swallowed', async () => {
    let sent = 0;
    const lenses = new LensRefresh(() => {
      sent++;
      return Promise.reject(new Error('refused'));
    });
    lenses.refresh();
    assert.equal(sent, 0);
    lenses.supported = true;
    lenses.refresh();
    lenses.refresh();
    assert.equal(sent, 2);
    // The rejections are handled: nothing reaches unhandledRejection.
    await new Promise<void>((resolve) => setImmediate(resolve));
  });

  it('warms the grammars once, and logs when they are ready', async () => {
    let warms = 0;
    let ready!: () => void;
    const logged: string[] = [];
    const warmUp = new GrammarWarmUp(
      {
        warmSyntax: () => {
          warms++;
          return new Promise<void>((r) => (ready = r));
        },
        prepareSyntax: async () => undefined,
      },
      { info: (m: string) => void logged.push(m) },
    );
    const first = warmUp.start();
    assert.equal(warmUp.start(), first, 'started once');
    assert.equal(warms, 1);
    assert.deepEqual(logged, []);
    ready();
    await first;
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /^Syntax runtime ready in \d+ ms\.$/);
  });

  it("asks for each anchor language's grammar once, as the first component naming it arrives", () => {
    const asked: string[][] = [];
    const warmUp = new GrammarWarmUp(
      { warmSyntax: async () => undefined, prepareSyntax: async (files) => void asked.push([...files]) },
      { info: () => undefined },
    );
    const code = (id: string, files: Array<string | undefined>) =>
      ({
        id,
        type: 'CODE',
        paths: [
          { path_id: 'p1', code_anchors: files.slice(0, 2).map((file) => ({ anchor_id: 'a', file })) },
          { path_id: 'p2', code_anchors: files.slice(2).map((file) => ({ anchor_id: 'b', file })) },
          { path_id: 'p3' }, // optional anchors absent
        ],
      }) as unknown as ComponentDetail;
    warmUp.componentArrived(code('c1', ['svc/orders.ts', 'svc/api.ts', 'svc/Billing.CS', undefined]));
    warmUp.componentArrived(code('c2', ['svc/more.ts', 'lib/x.cs', 'py/handler.py', 'Makefile']));
    warmUp.componentArrived({ id: 'd', type: 'DATA_STORE' } as unknown as ComponentDetail);
    warmUp.componentArrived(code('c3', ['svc/z.ts', 'other/Makefile.d/rules']));
    // Runs of one file (a dense component): the file after a run is still read.
    warmUp.componentArrived(code('c4', ['a/x.go', 'a/x.go', 'a/x.go', 'a/y.java', 'a/y.java']));
    assert.deepEqual(asked, [
      ['svc/orders.ts', 'svc/Billing.CS'],
      ['py/handler.py', 'Makefile'],
      ['a/x.go', 'a/y.java'],
    ]);
  });

  it('readies the parsing runtime once, when the first component with code anchors arrives', () => {
    let warms = 0;
    const warmUp = new GrammarWarmUp(
      { warmSyntax: async () => void warms++, prepareSyntax: async () => undefined },
      { info: () => undefined },
    );
    const component = (id: string, type: string, paths?: unknown[]) =>
      ({ id, type, ...(paths ? { paths } : {}) }) as unknown as ComponentDetail;
    warmUp.componentArrived(component('d', 'DATA_STORE'));
    warmUp.componentArrived(component('c0', 'CODE'));
    warmUp.componentArrived(
      component('c1', 'CODE', [{ path_id: 'p1' }, { path_id: 'p2', code_anchors: [] }]),
    );
    assert.equal(warms, 0, 'nothing anchored yet: nothing to parse');
    warmUp.componentArrived(component('c2', 'CODE', [{ path_id: 'p1', code_anchors: [{ anchor_id: 'a' }] }]));
    assert.equal(warms, 1);
    warmUp.componentArrived(
      component('c3', 'CODE', [{ path_id: 'p1', code_anchors: [{ anchor_id: 'b', file: 'x.ts' }] }]),
    );
    assert.equal(warms, 1, 'once');
  });
});

describe('server lifecycle: credentials', () => {
  const diag: Diagnostic = {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    message: 'x',
  };
  function parts() {
    const published = new Map<string, Diagnostic[]>();
    const hub = new DiagnosticsHub((uri, d) => void published.set(uri, d));
    const signedIn: Array<Credentials | undefined> = [];
    return {
      published,
      signedIn,
      hub,
      parts: {
        credentials: new CredentialsInUse(),
        compliance: new ComplianceResults(
          hub,
          () => 1,
          () => undefined,
        ),
        session: { setCredentials: async (c: Credentials | undefined) => void signedIn.push(c) },
      },
    };
  }
  const a: Credentials = { serviceUrl: 'http://127.0.0.1:1', apiKey: 'k1' };
  const b: Credentials = { serviceUrl: 'http://127.0.0.1:1', apiKey: 'k2' };

  it('compliance results go when other credentials replace them, not on the first or a repeat', async () => {
    const t = parts();
    await applyCredentials(t.parts, a);
    t.parts.compliance.publish('file:///c.yaml', [diag]);
    await applyCredentials(t.parts, a);
    assert.equal(t.published.get('file:///c.yaml')?.length, 1, 'a repeat keeps them');
    assert.equal(t.parts.compliance.current('file:///c.yaml', 1)?.violations, 1, 'and the lens its result');
    await applyCredentials(t.parts, b);
    assert.deepEqual(t.published.get('file:///c.yaml'), [], 'a switch clears them');
    assert.equal(t.parts.compliance.current('file:///c.yaml', 1), undefined, 'and the lens its result');
    assert.deepEqual(t.signedIn, [a, a, b]);
    assert.equal(t.parts.credentials.apiKey, 'k2');
  });
});

describe('server lifecycle: data changed', () => {
  function parts(built: boolean) {
    const order: string[] = [];
    let synced: (() => unknown) | undefined;
    let logged: (m: string) => void = () => {};
    const errorLogged = new Promise<string>((res) => (logged = res));
    const p: DataChangedParts = {
      log: {
        errorOnce: (m: string) => {
          order.push(`error ${m}`);
          logged(m);
        },
      },
      invalidateContracts: () => void order.push('contracts'),
      notifyClient: (ids) => void order.push(`client ${ids.join(',')}`),
      refreshLenses: () => void order.push('lenses'),
      symbolIndex: {
        isEmpty: () => !built,
        sync: (all) => {
          synced = all;
          order.push('symbols');
          return Promise.reject(new Error('boom'));
        },
      },
      components: () => [],
    };
    return { p, order, errorLogged, synced: () => synced };
  }

  it('invalidates contracts, tells the client and refreshes lenses; a symbol index never asked for stays unbuilt', () => {
    const t = parts(false);
    dataChanged(t.p, ['c1', 'c2']);
    assert.deepEqual(t.order, ['contracts', 'client c1,c2', 'lenses']);
    assert.equal(t.synced(), undefined);
  });

  it('brings a symbol index already built up to date in the background, its failure logged', async () => {
    const t = parts(true);
    dataChanged(t.p, ['c1']);
    assert.deepEqual(t.order, ['contracts', 'client c1', 'lenses', 'symbols']);
    assert.deepEqual(t.synced()?.(), []);
    assert.equal(await t.errorLogged, 'Symbol index failed: boom');
  });
});
