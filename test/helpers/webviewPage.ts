// The lineage-graph webview outside VS Code: its real page (graphHtml, the same CSP) carrying its real
// bundle (dist/webview/graph.js) inline, as the panel does, served on 127.0.0.1, in Debian's Chromium
// through playwright-core, with a stand-in for acquireVsCodeApi that records what the renderer posts. For the benchmark (layout and
// drawing timed in a real browser) and for looking at the renderer alone.
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { LaidOutGraph } from '../../common/src/protocol';
import type { GraphViewState } from '../../common/src/graphMessages';
import { graphHtml } from '../../client/src/graph/graphHtml';
import { repoRoot } from './lspClient';

/** The theme variables VS Code would inject: its dark and light defaults. */
const THEMES = {
  dark: `:root{--vscode-foreground:#cccccc;--vscode-editor-background:#1e1e1e;--vscode-descriptionForeground:#9d9d9d;
--vscode-charts-blue:#3794ff;--vscode-charts-orange:#d18616;--vscode-charts-green:#89d185;--vscode-charts-purple:#b180d7;--vscode-charts-red:#f14c4c;
--vscode-focusBorder:#007fd4;--vscode-editorWidget-border:#454545;--vscode-sideBar-background:#252526;--vscode-editorWidget-background:#252526;
--vscode-font-family:sans-serif;--vscode-font-size:13px;}`,
  light: `:root{--vscode-foreground:#616161;--vscode-editor-background:#ffffff;--vscode-descriptionForeground:#717171;
--vscode-charts-blue:#1a85ff;--vscode-charts-orange:#d18616;--vscode-charts-green:#388a34;--vscode-charts-purple:#652d90;--vscode-charts-red:#e51400;
--vscode-focusBorder:#0090f1;--vscode-editorWidget-border:#c8c8c8;--vscode-sideBar-background:#f3f3f3;--vscode-editorWidget-background:#f3f3f3;
--vscode-font-family:sans-serif;--vscode-font-size:13px;}`,
};

export interface WebviewPage {
  page: Page;
  /**
   * Posts a graph with its layout (what the language server's LaidOutGraphRequest answers) and resolves
   * with the renderer's "rendered" report and the wall time until it.
   */
  render(
    laidOut: LaidOutGraph,
    state: GraphViewState,
  ): Promise<{ wallMs: number; layoutMs: number; drawMs: number }>;
  close(): Promise<void>;
}

export async function openWebviewPage(opts: { theme?: keyof typeof THEMES } = {}): Promise<WebviewPage> {
  const script = readFileSync(join(repoRoot, 'dist', 'webview', 'graph.js'));
  let origin = '';
  const server: Server = createServer((_req, res) => {
    const html = graphHtml({ cspSource: origin } as never, { source: script.toString('utf8') });
    res.writeHead(200, { 'content-type': 'text/html' });
    // The theme VS Code would inject, under the page's own nonce (its CSP refuses any other style).
    const nonce = /nonce-([^']+)'/.exec(html)![1]!;
    res.end(
      html.replace('</head>', `<style nonce="${nonce}">${THEMES[opts.theme ?? 'dark']}</style></head>`),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(() => {
    const w = globalThis as unknown as { __posted: unknown[]; acquireVsCodeApi: () => unknown };
    w.__posted = [];
    let state: unknown;
    w.acquireVsCodeApi = () => ({
      postMessage: (m: unknown) => w.__posted.push(m),
      getState: () => state,
      setState: (s: unknown) => (state = s),
    });
  });
  await page.goto(origin);
  await page.waitForFunction(() =>
    (globalThis as unknown as { __posted: Array<{ type: string }> }).__posted.some((m) => m.type === 'ready'),
  );
  return {
    page,
    async render(laidOut, state) {
      const before = await page.evaluate(
        () => (globalThis as unknown as { __posted: unknown[] }).__posted.length,
      );
      const t0 = Date.now();
      await page.evaluate(
        ([g, s]) =>
          (globalThis as unknown as { postMessage(m: unknown, o: string): void }).postMessage(
            { type: 'graph', graph: g.graph, layout: g.layout, state: s },
            '*',
          ),
        [laidOut, state] as const,
      );
      const handle = await page.waitForFunction(
        (n) =>
          (globalThis as unknown as { __posted: Array<{ type: string }> }).__posted
            .slice(n)
            .find((m) => m.type === 'rendered'),
        before,
        { timeout: 120_000 },
      );
      const wallMs = Date.now() - t0;
      const m = (await handle.jsonValue()) as unknown as { layoutMs: number; drawMs: number };
      return { wallMs, layoutMs: m.layoutMs, drawMs: m.drawMs };
    },
    async close() {
      await browser.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
