// How readable the demo's lineage graph is without field mode, in numbers (not a test: it only
// reports): the segment crossings of the drawn edges of the checkout-api and billing-worker
// neighbourhoods (depth 2, as the graph opens), with each crossing drawn as its own edge and with the
// crossings between two components bundled, left to right and top to bottom; and elkjs's layout time
// for each (in Node, the layout the language server's worker runs); then the webview itself in
// Chromium, wide (left to right) and narrow (top to bottom): the drawing, as it reports it, of the
// graph laid out by the real language server.
// The demo dataset on the real local service, the graph from the real language server.
// Run: node scripts/build.mjs && node scripts/bench.mjs graphCrossings
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ELK from 'elkjs/lib/elk.bundled.js';
import * as P from '../../common/src/protocol';
import { layout, type LayoutDirection } from '../../common/src/graphLayout/layout';
import { startLocalService } from '../helpers/localService';
import { LspClient, repoRoot } from '../helpers/lspClient';
import { drawnEdges, segmentCrossings } from '../helpers/segmentCrossings';
import { openWebviewPage } from '../helpers/webviewPage';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function main(): Promise<void> {
  const demo = JSON.parse(readFileSync(join(repoRoot, 'demo/dataset.json'), 'utf8')) as {
    components: Array<{ id: string; name: string }>;
  };
  const service = await startLocalService();
  const dir = mkdtempSync(join(tmpdir(), 'lineage-crossings-bench-'));
  const client = await LspClient.start({
    workspaceFolder: dir,
    initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
    settings: { components: demo.components.map((c) => c.id), refreshIntervalSeconds: 0 },
    timeoutMs: 60_000,
  });
  let web: Awaited<ReturnType<typeof openWebviewPage>> | undefined;
  try {
    await client.waitForStatus((s) => s.state === 'connected' && s.componentCount > 0);
    const graphs = new Map<string, P.GraphResult>();
    const elk = new ELK();
    console.log(
      `| neighbourhood | direction | edges drawn (each / bundled) | segment crossings (each / bundled) | of them with an edge between components (each / bundled) | layout ms, median of ${RUNS} (each / bundled) |`,
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const name of ['checkout-api', 'billing-worker']) {
      const id = demo.components.find((c) => c.name === name)!.id;
      const g = await client.conn.sendRequest(P.GraphRequest, {
        focus: { kind: 'component', componentId: id },
      });
      graphs.set(name, g);
      for (const direction of ['RIGHT', 'DOWN'] as LayoutDirection[]) {
        const row: Array<[number, number, number, number]> = [];
        const inside = new Set(
          g.edges.filter((e) => e.kind === 'mapping' || e.kind === 'path').map((e) => e.id),
        );
        for (const bundle of [false, true]) {
          const times: number[] = [];
          let l = await layout(g, elk, direction, { bundle });
          for (let i = 0; i < RUNS; i++) {
            const t = performance.now();
            l = await layout(g, elk, direction, { bundle });
            times.push(performance.now() - t);
          }
          times.sort((a, b) => a - b);
          const edges = drawnEdges(l);
          // Crossings among the edges inside components only (mappings, paths): bundling leaves them.
          const within = drawnEdges(l, (id) => inside.has(id));
          const all = segmentCrossings(edges);
          row.push([edges.length, all, all - segmentCrossings(within), times[Math.floor(times.length / 2)]!]);
        }
        const [each, bundled] = row as [(typeof row)[0], (typeof row)[0]];
        const pair = (i: number) => `${each[i]!.toFixed(0)} / ${bundled[i]!.toFixed(0)}`;
        console.log(
          `| ${name} (${g.nodes.length} components) | ${direction === 'RIGHT' ? 'left to right' : 'top to bottom'} | ${pair(0)} | ${pair(1)} | ${pair(2)} | ${pair(3)} |`,
        );
      }
    }
    web = await openWebviewPage();
    console.log(
      `\n| neighbourhood | panel | server's answer ms (graph and layout), median of ${RUNS} | drawing ms, median |`,
    );
    console.log('| --- | --- | --- | --- |');
    for (const [name, g] of graphs)
      for (const width of [1400, 800]) {
        await web.page.setViewportSize({ width, height: 900 });
        const layoutMs: number[] = [];
        const drawMs: number[] = [];
        // The depth alternates, as a user's filter would (the server may draw on its kept layouts).
        for (let i = 0; i <= RUNS; i++) {
          const params = { focus: g.focus, filters: { depthUp: 2, depthDown: 2 + (i % 2) } };
          const t = performance.now();
          const laid = await client.conn.sendRequest(P.LaidOutGraphRequest, {
            graph: params,
            direction: width < 900 ? 'DOWN' : 'RIGHT',
          });
          const asked = performance.now() - t;
          const r = await web.render(laid, { params });
          if (i === 0) continue; // the first one warms the worker up
          layoutMs.push(Math.round(asked));
          drawMs.push(r.drawMs);
        }
        const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
        console.log(
          `| ${name} | ${width} px (${width < 900 ? 'top to bottom' : 'left to right'}) | ${median(layoutMs)} | ${median(drawMs)} |`,
        );
      }
  } finally {
    await web?.close();
    await client.stop();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
