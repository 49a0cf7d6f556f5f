// Lineage graph drawn (not a test: it only reports). The real local service, the real language server
// over stdio and the real webview bundle and page in Debian's Chromium (test/helpers/webviewPage.ts:
// what VS Code's panel adds, creating the webview and fetching its script, is in graphEditor.bench.ts).
// Each row runs the panel's own loop: the graph asked of the server and laid out there (elkjs in the
// server's layout process), posted to the page, drawn until the page posts `rendered`.
// - the demo (7 components), opened on a field as the hover's link opens it: a fresh page (the graph
//   asked for as the page loads, as the panel does), then again on other focuses;
// - a mapping kind unticked on the page's own checkbox and ticked back → drawn again;
// - the 3-hop neighbourhood of a field of the 500-component LSP benchmark dataset (lsp.bench.ts's
//   generated workspace): request → drawn, and when the progress bar showed after the page asked.
// Run: node scripts/bench.mjs graphDraw. BENCH_RUNS: repeats (5); BENCH_GRAPH_OUT=file keeps the 3-hop
// graph (GraphResult JSON) for trying layouts on it; BENCH_ONLY=demo|500 runs one part. The server's
// layout process starts from a code cache an earlier session made; BENCH_CODE_CACHE=0: without one.
// Layouts the server keeps on disk for later sessions (layoutStore.ts) are removed before each 3-hop run,
// which is laid out anew; the last row is a later session's (a fresh server on the same storage).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as P from '../../common/src/protocol';
import type { GraphViewState } from '../../common/src/graphMessages';
import { startLocalService, type LocalService } from '../helpers/localService';
import { LspClient, repoRoot } from '../helpers/lspClient';
import { openWebviewPage, type WebviewPage } from '../helpers/webviewPage';
import { generateWorkspace } from './generatedWorkspace';
import { makeLayoutCodeCache, WITH_CODE_CACHE } from './layoutCodeCache';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Posted {
  type: string;
  filters?: P.GraphFilters;
  layoutMs?: number;
  drawMs?: number;
}
type PageGlobals = { __posted: Posted[]; __progressAt?: number; __sentAt?: number };

const postedCount = (w: WebviewPage) =>
  w.page.evaluate(() => (globalThis as unknown as PageGlobals).__posted.length);

/** The first message of `type` the page posts after the first `from` messages. */
async function nextPosted(w: WebviewPage, from: number, type: string): Promise<Posted> {
  const h = await w.page.waitForFunction(
    ([n, t]) => (globalThis as unknown as PageGlobals).__posted.slice(n as number).find((m) => m.type === t),
    [from, type] as const,
    { timeout: 300_000 },
  );
  return (await h.jsonValue()) as Posted;
}

/**
 * Posts a graph with its layout as the extension does. Handed to the page as one JSON string: Playwright's
 * own serialization of a large object tree takes hundreds of milliseconds that neither the extension nor
 * VS Code spends (graphEditor.bench.ts times VS Code's own posting).
 */
async function postGraph(w: WebviewPage, laid: P.LaidOutGraph, state: GraphViewState): Promise<void> {
  await w.page.evaluate(
    (json) => {
      const p = globalThis as unknown as PageGlobals & { postMessage(m: unknown, o: string): void };
      const [g, s] = JSON.parse(json) as [P.LaidOutGraph, GraphViewState];
      (p as unknown as { __postedAt: number }).__postedAt = globalThis.performance.now();
      p.postMessage({ type: 'graph', graph: g.graph, layout: g.layout, state: s }, '*');
    },
    JSON.stringify([laid, state]),
  );
}

/**
 * The page asks for a graph as a filter change does (its depth input changed), and notes when (the
 * page's clock), for the progress bar.
 */
async function pageAsks(w: WebviewPage): Promise<void> {
  await w.page.evaluate(() => {
    const p = globalThis as unknown as PageGlobals;
    p.__sentAt = globalThis.performance.now(); // the page's clock, not this module's import
    p.__progressAt = undefined;
    document.getElementById('depthUp')!.dispatchEvent(new Event('change'));
  });
}

const WATCH_PROGRESS = `(() => {
  const bar = document.getElementById('progress');
  new MutationObserver(() => {
    if (!bar.hidden && globalThis.__progressAt === undefined) globalThis.__progressAt = performance.now();
  }).observe(bar, { attributes: true });
})()`;

/** Request → drawn for `params`: the request's time, the wall time to `rendered`, layout and draw. */
async function requestAndDraw(
  client: LspClient,
  w: WebviewPage,
  params: P.GraphParams,
): Promise<{
  graph: P.GraphResult;
  made: string;
  requestMs: number;
  wallMs: number;
  layoutMs: number;
  drawMs: number;
}> {
  const n = await postedCount(w);
  const t0 = performance.now();
  const laid = await client.conn.sendRequest(P.LaidOutGraphRequest, { graph: params, direction: 'RIGHT' });
  const requestMs = performance.now() - t0;
  await postGraph(w, laid, { params });
  const postedMs = performance.now() - t0 - requestMs;
  const r = await nextPosted(w, n, 'rendered');
  const wallMs = performance.now() - t0;
  // The page's clock: posted → its handler (the message's copy, the checks), → laid, → drawn.
  const inPage = await w.page.evaluate(() => {
    const at = (n: string) =>
      globalThis.performance.getEntriesByName(`lineage:${n}`).at(-1)?.startTime ?? NaN;
    const posted = (globalThis as unknown as { __postedAt: number }).__postedAt;
    return { handler: at('graph') - posted, laid: at('laid') - at('graph'), drawn: at('drawn') - at('laid') };
  });
  if (process.env.BENCH_DETAILS)
    console.log(
      `  page: request ${f(requestMs)}, posting (the harness's page.evaluate) ${f(postedMs)}, posted → handler ${f(inPage.handler)}, ` +
        `→ laid ${f(inPage.laid)}, → drawn ${f(inPage.drawn)}; wall ${f(wallMs)}`,
    );
  return {
    graph: laid.graph,
    made: laid.layout.made,
    requestMs,
    wallMs,
    layoutMs: r.layoutMs!,
    drawMs: r.drawMs!,
  };
}

const f = (x: number) => `${Math.round(x)} ms`;

/** Removes the layouts the server kept on disk (layoutStore.ts): the next graph is laid out anew. */
function forgetKeptLayouts(storageDir: string | undefined): void {
  if (storageDir) rmSync(join(storageDir, 'layouts'), { recursive: true, force: true });
}

/** The server's storage directory, its layout-process code cache made (layoutCodeCache.ts). */
async function storageDirFor(dir: string): Promise<string | undefined> {
  if (!WITH_CODE_CACHE) return undefined;
  await makeLayoutCodeCache(join(dir, 'storage', 'code-cache'));
  return join(dir, 'storage');
}

async function demoRows(): Promise<void> {
  const data = JSON.parse(readFileSync(join(repoRoot, 'demo', 'dataset.json'), 'utf8')) as {
    components: Array<{ id: string; name: string }>;
  };
  const service = await startLocalService({ seed: join(repoRoot, 'demo', 'dataset.json') });
  const dir = mkdtempSync(join(tmpdir(), 'lineage-graph-draw-'));
  const storageDir = await storageDirFor(dir);
  const client = await LspClient.start({
    workspaceFolder: dir,
    initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey, storageDir },
    settings: { components: data.components.map((c) => c.id), refreshIntervalSeconds: 0 },
    timeoutMs: 120_000,
  });
  let web: WebviewPage | undefined;
  try {
    await client.waitForStatus((s) => s.state === 'connected' && s.componentCount > 0);
    const checkout = data.components.find((c) => c.name === 'checkout-api')!;
    // The hover's link on `email` in createOrder opens the graph on that field.
    const whole = await client.conn.sendRequest(P.GraphRequest, {
      focus: { kind: 'component', componentId: checkout.id },
    });
    const email = whole.nodes
      .find((n) => n.id === checkout.id)!
      .boundaries.flatMap((b) => b.fields)
      .find((x) => x.name === 'email')!;
    const onField: P.GraphParams = { focus: { kind: 'field', field: P.parseFieldId(email.id)! } };

    // A fresh page: the panel asks for the graph as the page loads, then posts it once the page is ready.
    const t0 = performance.now();
    let asked = 0;
    const [page, laid] = await Promise.all([
      openWebviewPage(),
      client.conn
        .sendRequest(P.LaidOutGraphRequest, { graph: onField, direction: 'RIGHT' })
        .then((r) => ((asked = performance.now() - t0), r)),
    ]);
    web = page;
    const ready = performance.now() - t0;
    await postGraph(web, laid, { params: onField });
    const first = await nextPosted(web, 0, 'rendered');
    if (process.env.BENCH_DETAILS)
      for (const m of client.logMessages().filter((l) => l.startsWith('Lineage graph:')))
        console.log(`  server: ${m}`);
    const { graph } = laid;
    console.log(
      `demo graph (${graph.nodes.length} components, ${graph.edges.length} edges) on a field, a fresh page and a fresh layout process: page ready and graph laid out ${f(ready)} ` +
        `(the server's answer alone ${f(asked)}), then drawn ${f(performance.now() - t0 - ready)} (reading the layout ${first.layoutMs} ms, draw ${first.drawMs} ms)`,
    );

    // Again, on other focuses: each component of the demo in turn, then the field (the server keeps the
    // last few layouts, so these may be drawn on kept ones).
    const again: number[] = [];
    const layouts: number[] = [];
    for (let i = 0; i < RUNS; i++)
      for (const c of [...data.components.slice(0, 2), null]) {
        const params: P.GraphParams = c ? { focus: { kind: 'component', componentId: c.id } } : onField;
        const r = await requestAndDraw(client, web, params);
        if (!c) {
          again.push(r.wallMs);
          layouts.push(r.layoutMs);
        }
      }
    console.log(
      `demo graph on the field again (after other graphs), request → drawn: median ${f(median(again))} of ${again.length} (reading the layout ${f(median(layouts))})`,
    );

    // The page's own checkbox: ControlFlow unticked, then ticked back; the filters go to the server.
    const filter: number[] = [];
    let reused = 0;
    for (let i = 0; i < RUNS; i++)
      for (const tick of [false, true]) {
        const n = await postedCount(web);
        const t = performance.now();
        await web.page.locator('#kind-ControlFlow').setChecked(tick);
        const { filters } = await nextPosted(web, n, 'filters');
        const params = { ...onField, ...(filters ? { filters } : {}) };
        const g = await client.conn.sendRequest(P.LaidOutGraphRequest, { graph: params, direction: 'RIGHT' });
        await postGraph(web, g, { params });
        await nextPosted(web, n, 'rendered');
        filter.push(performance.now() - t);
        if (g.layout.made === 'kept') reused++;
      }
    console.log(
      `demo filter change (ControlFlow unticked, ticked back) → drawn: median ${f(median(filter))}, max ${f(Math.max(...filter))} of ${filter.length}; ` +
        `${reused} of ${filter.length} on the kept layout`,
    );
  } finally {
    await web?.close();
    await client.stop();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchmarkRows(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-graph-draw-500-'));
  console.log('generating 500 components / 25000 paths / 50000 anchors in 5000 files (lsp.bench.ts) …');
  const { ws, datasetFile } = generateWorkspace({ dir, components: 500, anchors: 50_000, files: 5_000 });
  const data = JSON.parse(readFileSync(datasetFile, 'utf8')) as {
    components: Array<{ id: string; type: string }>;
  };
  let service: LocalService | undefined;
  let client: LspClient | undefined;
  let web: WebviewPage | undefined;
  try {
    service = await startLocalService({ seed: datasetFile, startTimeoutMs: 10 * 60_000 });
    const storageDir = await storageDirFor(dir);
    const startServer = async (): Promise<LspClient> => {
      const c = await LspClient.start({
        workspaceFolder: ws,
        initializationOptions: { serviceUrl: service!.url, apiKey: service!.apiKey, storageDir },
        settings: {
          components: data.components.map((x) => x.id),
          maxConcurrency: 8,
          refreshIntervalSeconds: 0,
        },
        timeoutMs: 10 * 60_000,
      });
      await c.waitForStatus((s) => s.state === 'connected' && s.componentCount > 0);
      return c;
    };
    client = await startServer();
    // Candidate fields: the first ingress field of CODE components; the one with the widest 3-hop
    // neighbourhood is drawn.
    const hop3 = { depthUp: 3, depthDown: 3 };
    let best: { params: P.GraphParams; nodes: number } | undefined;
    for (const c of data.components.filter((x) => x.type === 'CODE').slice(0, 12)) {
      const g = await client.conn.sendRequest(P.GraphRequest, {
        focus: { kind: 'component', componentId: c.id },
        filters: { depthUp: 0, depthDown: 0 },
      });
      const field = g.nodes[0]?.boundaries.find((b) => b.roles.includes('ingress'))?.fields[0];
      if (!field) continue;
      const params: P.GraphParams = {
        focus: { kind: 'field', field: P.parseFieldId(field.id)! },
        filters: hop3,
      };
      const hood = await client.conn.sendRequest(P.GraphRequest, params);
      if (!best || hood.nodes.length > best.nodes) best = { params, nodes: hood.nodes.length };
    }
    if (!best) throw new Error('no CODE component with an ingress field');
    if (process.env.BENCH_GRAPH_OUT)
      writeFileSync(
        process.env.BENCH_GRAPH_OUT,
        JSON.stringify(await client.conn.sendRequest(P.GraphRequest, best.params)),
      );
    web = await openWebviewPage();
    await web.page.evaluate(WATCH_PROGRESS);
    const walls: number[] = [];
    const made: string[] = [];
    let last = '';
    for (let i = 0; i < RUNS; i++) {
      // Other graphs between runs, more than the server keeps layouts of, so that each run is laid
      // out anew (the first run also starts the server's layout process); nor any kept on disk.
      forgetKeptLayouts(storageDir);
      if (i > 0)
        for (let k = 0; k < 5; k++)
          await requestAndDraw(client, web, {
            focus: { kind: 'component', componentId: data.components[i * 5 + k]!.id },
            filters: { depthUp: 0, depthDown: 0 },
          });
      await pageAsks(web);
      const r = await requestAndDraw(client, web, best.params);
      const progress = await web.page.evaluate(() => {
        const p = globalThis as unknown as PageGlobals;
        return p.__progressAt === undefined ? undefined : p.__progressAt - p.__sentAt!;
      });
      walls.push(r.wallMs);
      made.push(r.made);
      const rows = r.graph.nodes.reduce(
        (n, x) => n + x.boundaries.reduce((m, b) => m + b.fields.length, 0),
        0,
      );
      last =
        `${r.graph.nodes.length} components, ${rows} field rows, ${r.graph.edges.length} edges; request ${f(r.requestMs)}, ` +
        `layout ${r.layoutMs} ms, draw ${r.drawMs} ms; progress bar ${progress === undefined ? 'not shown' : `shown ${f(progress)} after the page asked`}` +
        (r.graph.truncated ? `; ${r.graph.truncated}` : '');
    }
    // A fresh layout process again (the last one killed, as when it idled out), warmed up as a hover
    // offering the graph or a Components view selection warms it, the click coming after the warm-up.
    const logged = (re: RegExp, from: number) =>
      client!.waitFor<{ message: string }>('window/logMessage', (m) => re.test(m.message), from);
    for (let k = 0; k < 5; k++)
      await requestAndDraw(client, web, {
        focus: { kind: 'component', componentId: data.components[(RUNS + 1) * 5 + k]!.id },
        filters: { depthUp: 0, depthDown: 0 },
      });
    const pids = client
      .logMessages()
      .flatMap((m) => /layout process started \(pid (\d+)\)/.exec(m)?.[1] ?? []);
    let mark = client.mark();
    process.kill(Number(pids[pids.length - 1]));
    await logged(/layout process stopped/, mark);
    mark = client.mark();
    await client.conn.sendNotification(P.WarmGraphLayoutNotification, {});
    const warmed = await logged(/layout process warmed up/, mark);
    forgetKeptLayouts(storageDir);
    await pageAsks(web);
    mark = client.mark();
    const afterWarmUp = await requestAndDraw(client, web, best.params);
    // A later session: a fresh server on the same storage, which now holds this graph's layout.
    let later: Awaited<ReturnType<typeof requestAndDraw>> | undefined;
    if (storageDir) {
      await logged(/layout kept for later sessions/, mark);
      await client.stop();
      client = await startServer();
      await pageAsks(web);
      later = await requestAndDraw(client, web, best.params);
    }
    // BENCH_DETAILS: the server's own split of each laid-out graph (graph, layout) from its log.
    if (process.env.BENCH_DETAILS)
      for (const m of client.logMessages().filter((l) => l.startsWith('Lineage graph:')))
        console.log(`  server: ${m}`);
    mkdirSync(join(repoRoot, '.test-artifacts', 'screenshots'), { recursive: true });
    await web.page.screenshot({
      path: join(repoRoot, '.test-artifacts', 'screenshots', 'bench-graph-draw-500.png'),
    });
    await web.page.locator('#fit').click();
    await web.page.screenshot({
      path: join(repoRoot, '.test-artifacts', 'screenshots', 'bench-graph-draw-500-fit.png'),
    });
    console.log(
      `500-component benchmark, 3-hop neighbourhood of a field, request → drawn: median ${f(median(walls))}, max ${f(Math.max(...walls))} of ${walls.length} ` +
        `(${walls.map((w, i) => `${f(w)} ${made[i]}`).join(', ')}; the first with the server's layout process starting); last: ${last}`,
    );
    console.log(
      `  the same in a fresh layout process after a warm-up (${warmed.message.replace(/^Lineage graph: /, '')}): ` +
        `${f(afterWarmUp.wallMs)} ${afterWarmUp.made} (request ${f(afterWarmUp.requestMs)})`,
    );
    if (later) {
      // The server's split: the lineage model is built on a fresh server's first graph request.
      const split = client
        .logMessages()
        .filter((m) => /^Lineage graph: \d+ components, \d+ edges in/.test(m))
        .pop()
        ?.replace(/^Lineage graph: /, '');
      console.log(
        `  the same in a later session (a fresh server; the layout kept from the one before): ${f(later.wallMs)} ${later.made} (request ${f(later.requestMs)}; the server: ${split ?? 'not logged'})`,
      );
    }
  } finally {
    await web?.close();
    await client?.stop();
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only !== '500') await demoRows();
  if (only !== 'demo') await benchmarkRows();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
