// Lineage graph and impact benchmark (not a test: it only reports). The service benchmark's
// dataset (2,000 components / 20,000 paths / 200,000 fields), the real local service, the real language
// server over stdio holding all of it, and the real webview bundle in Debian's Chromium. Reports:
// - impact of one field (median, p99, max over BENCH_FIELDS fields) over LSP, and the server's code for
//   the same fields in-process (no transport);
// - the 3-hop neighbourhood of one field: the graph request, then layout (elkjs) and drawing in Chromium;
// - a whole namespace collapsed to component level with counts: request, layout and drawing.
// Run: npm run bench -- graph. Sizes: BENCH_COMPONENTS, BENCH_PATHS, BENCH_FIELDS_TOTAL; BENCH_FIELDS (200);
// BENCH_SERVER_ARGS adds node options to the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ComponentDetail, ComponentDetailResponse, EdgesResponse } from '../../common/src/api';
import * as P from '../../common/src/protocol';
import { impactOf } from '../../server/src/graph/impact';
import { LineageModel } from '../../server/src/graph/lineageModel';
import { startLocalService, serviceJson } from '../helpers/localService';
import { LspClient, repoRoot } from '../helpers/lspClient';
import { openWebviewPage } from '../helpers/webviewPage';
import { generateDataset, serverNodeArgs } from './generatedWorkspace';
import { latencyStats as stats } from './latencyStats';

const sizes = {
  components: process.env.BENCH_COMPONENTS ?? '2000',
  paths: process.env.BENCH_PATHS ?? '20000',
  fields: process.env.BENCH_FIELDS_TOTAL ?? '200000',
};
const N_IMPACTS = Number(process.env.BENCH_FIELDS ?? 200);
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-graph-bench-'));
  const datasetFile = join(dir, 'bench.json');
  console.log(`generating ${sizes.components} components / ${sizes.paths} paths / ${sizes.fields} fields …`);
  generateDataset(sizes, datasetFile);
  const ids = (
    JSON.parse(readFileSync(datasetFile, 'utf8')) as { components: Array<{ id: string }> }
  ).components.map((c) => c.id);
  const service = await startLocalService({ seed: datasetFile, startTimeoutMs: 15 * 60_000 });
  console.log(`service listening at ${service.url}`);
  const workspace = join(dir, 'workspace');
  mkdirSync(workspace);
  const client = await LspClient.start({
    workspaceFolder: workspace,
    initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
    settings: { components: ids, maxConcurrency: 16, refreshIntervalSeconds: 0 },
    timeoutMs: 15 * 60_000,
    serverArgs: [...serverNodeArgs(), join(repoRoot, 'dist/server/server.js'), '--stdio'],
  });
  let webview: Awaited<ReturnType<typeof openWebviewPage>> | undefined;
  try {
    const loaded = await client.waitForStatus((s) => s.state === 'connected' && s.componentCount > 0);
    console.log(`server holds ${loaded.componentCount} of ${ids.length} components`);
    webview = await openWebviewPage();

    // A namespace view first: it lists every component of a namespace (and builds the model).
    const [ns0, buildMs] = await time(() =>
      client.conn.sendRequest(P.GraphRequest, { focus: { kind: 'namespace', namespace: 'ns-0' } }),
    );
    console.log(
      `first graph request (namespace view; the model is built in the background after the load): ${ms(buildMs)}`,
    );

    // Fields to analyse: egress-side fields of CODE boundaries met in namespace views.
    const fields: P.FieldRef[] = [];
    for (const ns of ns0.namespaces) {
      if (fields.length >= N_IMPACTS) break;
      const g = await client.conn.sendRequest(P.GraphRequest, {
        focus: { kind: 'namespace', namespace: ns },
        expand: [],
      });
      for (const n of g.nodes.filter((x) => x.type === 'CODE').slice(0, 4)) {
        const c = await client.conn.sendRequest(P.GraphRequest, {
          focus: { kind: 'component', componentId: n.id },
          filters: { depthUp: 0, depthDown: 0 },
        });
        for (const b of c.nodes[0]?.boundaries ?? [])
          if (b.roles.includes('ingress') && b.fields[0]) fields.push(P.parseFieldId(b.fields[0].id)!);
      }
    }
    const times: number[] = [];
    const reached: number[] = [];
    let widest = { fields: 0, contracts: 0, field: fields[0]! };
    for (const f of fields.slice(0, N_IMPACTS)) {
      const [r, t] = await time(() =>
        client.conn.sendRequest(P.ImpactRequest, { target: { kind: 'field', field: f } }),
      );
      times.push(t);
      reached.push(r.counts.fields);
      if (r.counts.fields > widest.fields)
        widest = { fields: r.counts.fields, contracts: r.counts.contracts, field: f };
    }
    const s = stats(times);
    // The slowest calls, in the order made, with how far they reached: tells a cost of the reach from
    // one of the moment (a collection, compilation, another process on the core).
    const slowest = times
      .map((t, i) => ({ t, i }))
      .sort((a, b) => b.t - a.t)
      .slice(0, 3)
      .map(({ t, i }) => `#${i + 1} ${ms(t)} (${reached[i]} fields)`);
    console.log(
      `impact of one field over LSP (${times.length} fields): median ${ms(s.median)}, p99 ${ms(s.p99)}, max ${ms(s.max)}; widest reach ${widest.fields} downstream fields; slowest ${slowest.join(', ')}`,
    );
    // The widest field again and again: its own cost, apart from the spread over many fields.
    const again: number[] = [];
    for (let i = 0; i < 20; i++)
      again.push(
        (
          await time(() =>
            client.conn.sendRequest(P.ImpactRequest, { target: { kind: 'field', field: widest.field } }),
          )
        )[1],
      );
    const w = stats(again);
    console.log(`impact of the widest field over LSP, 20 times: median ${ms(w.median)}, max ${ms(w.max)}`);
    await inProcess(service, ids, fields.slice(0, N_IMPACTS));

    // The 3-hop neighbourhood of the field with the widest reach, laid out and drawn in Chromium.
    const [laidHood, reqMs] = await time(() =>
      client.conn.sendRequest(P.LaidOutGraphRequest, {
        graph: { focus: { kind: 'field', field: widest.field }, filters: { depthUp: 3, depthDown: 3 } },
        direction: 'RIGHT',
      }),
    );
    const hood = laidHood.graph;
    const rows = hood.nodes.reduce((n, x) => n + x.boundaries.reduce((m, b) => m + b.fields.length, 0), 0);
    const state = { params: { focus: hood.focus, filters: { depthUp: 3, depthDown: 3 } } };
    const first = await webview.render(laidHood, state);
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await webview.render(laidHood, state));
    const wall = stats(runs.map((r) => r.wallMs));
    const layout = stats(runs.map((r) => r.layoutMs));
    const draw = stats(runs.map((r) => r.drawMs));
    console.log(
      `3-hop neighbourhood of one field: ${hood.nodes.length} components, ${rows} field rows, ${hood.edges.length} edges; ` +
        `graph request and layout (in the server's worker) ${ms(reqMs)}; in Chromium first ${first.wallMs} ms, then median ${wall.median} ms ` +
        `(reading the layout ${layout.median} ms, draw ${draw.median} ms)${hood.truncated ? `; ${hood.truncated}` : ''}`,
    );
    mkdirSync(join(repoRoot, '.test-artifacts', 'screenshots'), { recursive: true });
    await webview.page.screenshot({
      path: join(repoRoot, '.test-artifacts', 'screenshots', 'bench-graph-field.png'),
    });

    // The largest namespace, collapsed to component level with counts.
    let largest = ns0;
    for (const ns of ns0.namespaces) {
      const g = await client.conn.sendRequest(P.GraphRequest, {
        focus: { kind: 'namespace', namespace: ns },
      });
      if (g.nodes.length > largest.nodes.length) largest = g;
    }
    const [nsLaid, nsReq] = await time(() =>
      client.conn.sendRequest(P.LaidOutGraphRequest, { graph: { focus: largest.focus }, direction: 'RIGHT' }),
    );
    const nsGraph = nsLaid.graph;
    const nsRender = await webview.render(nsLaid, { params: { focus: nsGraph.focus } });
    console.log(
      `namespace ${(nsGraph.focus as { namespace: string }).namespace} collapsed: ${nsGraph.nodes.length} components, ${nsGraph.edges.length} edges; ` +
        `graph request and layout ${ms(nsReq)}; in Chromium ${nsRender.wallMs} ms (reading the layout ${nsRender.layoutMs} ms, draw ${nsRender.drawMs} ms)`,
    );
    await webview.page.screenshot({
      path: join(repoRoot, '.test-artifacts', 'screenshots', 'bench-graph-namespace.png'),
    });
  } finally {
    await webview?.close();
    await client.stop();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The server's own work for the same impacts, without the LSP round trip (JSON of the answer, pipes,
 * the client's parse, and two processes on shared cores): the model built by the server's code from
 * the service's component details and edges (operations 4 and 12, as the server loads them).
 */
async function inProcess(
  service: { url: string; apiKey: string },
  ids: string[],
  fields: P.FieldRef[],
): Promise<void> {
  const get = <T>(path: string): Promise<T> => serviceJson<T>(service, path);
  const { edges } = await get<EdgesResponse>('/v0/experimental/edges');
  const details: ComponentDetail[] = [];
  for (let i = 0; i < ids.length; i += 16)
    details.push(
      ...(
        await Promise.all(
          ids
            .slice(i, i + 16)
            .map((id) =>
              get<ComponentDetailResponse>(`/v0/experimental/components/${id}?projection=collapsed`),
            ),
        )
      ).map((r) => r.component),
    );
  const model = new LineageModel(details, edges);
  // Wall time, and CPU time (the process's, all threads): on a shared machine the wall time also
  // counts the time the process waited for a core.
  const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
  const times: number[] = [];
  const cpu: number[] = [];
  let widest = { fields: -1, field: fields[0]! };
  for (const field of fields) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = impactOf(model, { kind: 'field', field }, [], () => undefined);
    cpu.push(cpuMs(process.cpuUsage(c)));
    times.push(performance.now() - t);
    if (r.counts.fields > widest.fields) widest = { fields: r.counts.fields, field };
  }
  // The answer's size (what the server serialises), measured apart: a big string made between two
  // timed calls would put its collection into the next one's time.
  const again: number[] = [];
  const againCpu: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    impactOf(model, { kind: 'field', field: widest.field }, [], () => undefined);
    againCpu.push(cpuMs(process.cpuUsage(c)));
    again.push(performance.now() - t);
  }
  const w = stats(again);
  const wc = stats(againCpu);
  console.log(
    `impact of the widest field (${widest.fields} downstream) in-process, 20 times: median ${ms(w.median)}, max ${ms(w.max)}; CPU median ${ms(wc.median)}, max ${ms(wc.max)}`,
  );
  const largest = JSON.stringify(
    impactOf(model, { kind: 'field', field: widest.field }, [], () => undefined),
  ).length;
  const s = stats(times);
  console.log(
    `impact of one field in-process, the server's code on the same data (${times.length} fields, ${model.fields.length} field nodes): median ${ms(s.median)}, p99 ${ms(s.p99)}, max ${ms(s.max)}; CPU median ${ms(stats(cpu).median)}, p99 ${ms(stats(cpu).p99)}, max ${ms(stats(cpu).max)}; largest answer ${(largest / 1024).toFixed(0)} KB of JSON`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
