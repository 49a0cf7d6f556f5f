// Lineage graph in a real VS Code (not a test: it only reports). The journeys' set-up: the real local
// service seeded with the demo dataset, a copy of demo/workspace, code-server 1.100 with the extension
// under development, Debian's Chromium through playwright-core. Times what a user waits for:
// - the hover's "Lineage graph" link clicked → the graph drawn (the webview's `rendered`), the first
//   time (panel created, script and the server's layout process started), again after closing the panel
//   (as code-server serves webviews, and with each webview's service worker its own, as in VS Code), and
//   in a later session (the editor started again: the layout kept from the first, no layout process);
// - a mapping kind unticked in the panel → the graph drawn again;
// and splits each into the webview's marks (script started, graph received, laid out, drawn).
// Run: node scripts/bench.mjs graphEditor (after node scripts/build.mjs; needs code-server, see
// docs/testing-vscode.md; LINEAGE_CODE_SERVER_CACHE where it is installed). BENCH_RUNS: repeats (5);
// BENCH_READ_MS: the user's pause between the hover showing and the click (0).
// The editor's logs (the language server's "Lineage graph: … (graph … ms, layout … ms)" lines among
// them) are kept in .test-artifacts/vscode/bench-graph-editor/logs.
// The extension's global storage holds the layout process's code cache an earlier session made
// (layoutCodeCache.ts); BENCH_CODE_CACHE=0: a first session, without one.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FrameLocator, Page } from 'playwright-core';
import { emailInChargeCard } from '../journeys/support/demo';
import type { JourneySession } from '../journeys/support/session';
import {
  goToLine,
  graphFrame,
  hoverAtCursor,
  hoverWidget,
  openFile,
  openWorkbench,
  runCommand,
  screenshot,
  signInThroughUi,
  UI_TIMEOUT,
  visibleLens,
} from '../journeys/support/workbench';
import { repoRoot } from './generatedWorkspace';
import { makeLayoutCodeCache, WITH_CODE_CACHE } from './layoutCodeCache';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/**
 * How long the user reads the hover before clicking its link, in ms (0: at once, the worst case for the
 * layout the hover has the server make ahead of the click). Models a reader, not a wait for anything.
 */
const READ_MS = Number(process.env.BENCH_READ_MS ?? 0);
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
};

interface Harness {
  startCodeServer(o: object): Promise<{ url: string; port: number; stop(): Promise<void> }>;
  launchBrowser(
    o: object,
  ): Promise<{ context: { pages(): Page[]; newPage(): Promise<Page> }; close(): Promise<void> }>;
  workbenchUrl(o: object): string;
  QUIET_PROFILE_SETTINGS: Record<string, unknown>;
}
interface Service {
  url: string;
  apiKey: string;
  stop(): Promise<void>;
}

/** Epoch times of the webview's marks (the last of each name) and of its navigation start. */
async function marks(frame: FrameLocator): Promise<Record<string, number>> {
  return frame.locator('body').evaluate(() => {
    const out: Record<string, number> = { navigation: performance.timeOrigin };
    const script = performance.getEntriesByType('resource').find((e) => /graph\.js/.test(e.name)) as
      (PerformanceEntry & { responseStart: number; responseEnd: number }) | undefined;
    if (script) {
      out.asked = performance.timeOrigin + script.startTime;
      out.firstByte = performance.timeOrigin + script.responseStart;
      out.fetched = performance.timeOrigin + script.responseEnd;
    }
    // The page's own document: when its first and last byte came (VS Code serves it to the frame).
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav) {
      out.docFirstByte = performance.timeOrigin + nav.responseStart;
      out.docLastByte = performance.timeOrigin + nav.responseEnd;
    }
    for (const m of performance.getEntriesByType('mark'))
      if (m.name.startsWith('lineage:')) out[m.name.slice(8)] = performance.timeOrigin + m.startTime;
    return out;
  });
}

async function renders(frame: FrameLocator): Promise<number> {
  return Number((await frame.locator('body').getAttribute('data-renders')) ?? 0);
}

const waitForRender = (frame: FrameLocator, n: number) =>
  frame.locator(`body[data-renders="${n}"]:not([data-busy])`).waitFor({ timeout: UI_TIMEOUT });

/**
 * "812 ms (panel 230 · page 20 · first byte 60 · body 30 · script 50 · graph 95 · layout 260 · draw 87 ·
 * seen 40)" from the click: the webview page started, the script asked for, its first byte and its
 * last, the script run, the graph received, laid out, drawn, and seen drawn by the benchmark.
 */
function split(t0: number, t1: number, m: Record<string, number>, cold: boolean): string {
  const parts: string[] = [];
  let at = t0;
  const step = (label: string, key: string) => {
    const t = m[key];
    if (t === undefined || t < at - 1) return;
    parts.push(`${label} ${Math.round(t - at)}`);
    at = t;
  };
  if (cold) {
    step('panel', 'navigation');
    step('document first byte', 'docFirstByte');
    step('document', 'docLastByte');
    step('page', 'asked');
    step('first byte', 'firstByte');
    step('body', 'fetched');
    step('script', 'start');
  }
  step('graph', 'graph');
  step('layout', 'laid');
  step('draw', 'drawn');
  const drawn = m.drawn !== undefined && m.drawn >= t0 ? `drawn at ${Math.round(m.drawn - t0)} ms, ` : '';
  return `${drawn}seen at ${Math.round(t1 - t0)} ms (${parts.join(' · ')} · seen ${Math.round(t1 - at)})`;
}

/** From `t0` to the page's drawn mark (what the user waited for); to when the benchmark saw it, without one. */
const drawnAfter = (t0: number, t1: number, m: Record<string, number>) =>
  Math.round((m.drawn !== undefined && m.drawn >= t0 ? m.drawn : t1) - t0);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The file opened in the first group (or that group focused, the graph panel open beside it). */
async function clickGraphLink(page: Page, panelOpen = false): Promise<number> {
  const email = emailInChargeCard();
  if (panelOpen) await runCommand(page, 'View: Focus First Editor Group');
  else await openFile(page, email.file);
  await goToLine(page, email.line, email.column);
  await visibleLens(page, /downstream field/);
  await hoverAtCursor(page);
  const link = hoverWidget(page).getByRole('link', { name: 'Lineage graph' }).first();
  await link.waitFor({ timeout: UI_TIMEOUT });
  if (READ_MS > 0) await page.waitForTimeout(READ_MS);
  const t0 = Date.now();
  await link.click();
  return t0;
}

async function main(): Promise<void> {
  const harness = (await import(
    pathToFileURL(path.join(repoRoot, 'scripts/vscode/run-suite.mjs')).href
  )) as Harness;
  const { startServiceProcess } = (await import(
    pathToFileURL(path.join(repoRoot, 'scripts/start.mjs')).href
  )) as {
    startServiceProcess(o: object): Promise<Service>;
  };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lineage-graph-editor-bench-'));
  const runDir = path.join(repoRoot, '.test-artifacts', 'vscode', 'bench-graph-editor');
  fs.mkdirSync(runDir, { recursive: true });
  fs.rmSync(path.join(runDir, 'logs'), { recursive: true, force: true }); // this run's logs only
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(path.join(repoRoot, 'demo', 'workspace'), workspace, { recursive: true });
  let service: Service | undefined;
  let server: Awaited<ReturnType<Harness['startCodeServer']>> | undefined;
  let browser: Awaited<ReturnType<Harness['launchBrowser']>> | undefined;
  try {
    service = await startServiceProcess({
      db: path.join(tmp, 'service.db'),
      seed: path.join(repoRoot, 'demo', 'dataset.json'),
      logFile: path.join(runDir, 'service.log'),
    });
    const userDataDir = path.join(tmp, 'user-data');
    fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    fs.writeFileSync(
      path.join(userDataDir, 'User', 'settings.json'),
      JSON.stringify({
        ...harness.QUIET_PROFILE_SETTINGS,
        'lineageLens.serviceUrl': service.url,
        'editor.hover.delay': 300,
      }),
    );
    // The extension's global storage, where its language server keeps the cache.
    const extensionId = `${pkg.publisher}.${pkg.name}`;
    if (WITH_CODE_CACHE)
      await makeLayoutCodeCache(path.join(userDataDir, 'User', 'globalStorage', extensionId, 'code-cache'));
    /** The editor (code-server and Chromium) started on the user data, signed in, the side bar closed. */
    const startEditor = async (): Promise<Page> => {
      server = await harness.startCodeServer({
        workspace,
        userDataDir,
        extensionsDir: path.join(tmp, 'extensions'),
        logFile: path.join(runDir, 'code-server.log'),
      });
      browser = await harness.launchBrowser({ headless: true });
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      const session: JourneySession = {
        page,
        workbenchUrl: harness.workbenchUrl({ ...server, workspace, extensionDevelopmentPath: repoRoot }),
        serviceUrl: service!.url,
        apiKey: service!.apiKey,
        workspace,
        repoRoot,
        screenshotDir: path.join(repoRoot, '.test-artifacts', 'screenshots', 'bench'),
        runDir,
      };
      (globalThis as { __lineageJourneySession?: JourneySession }).__lineageJourneySession = session;
      await openWorkbench();
      await signInThroughUi(page);
      // Room for the editor beside the panel: the hovered line stays on screen with the panel open.
      await runCommand(page, 'View: Close Primary Side Bar');
      return page;
    };
    let page = await startEditor();

    // Cold: no panel yet.
    const frame = graphFrame(page);
    let t0 = await clickGraphLink(page);
    await waitForRender(frame, 1);
    let t1 = Date.now();
    console.log(
      `hover link → drawn, panel created (demo, 7 components${READ_MS ? `, the link clicked ${READ_MS} ms after the hover showed` : ''}): ${split(t0, t1, await marks(frame), true)}`,
    );
    await page.mouse.move(1, 1);
    await hoverWidget(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await frame.locator('#fit').click(); // the whole graph in the screenshots before and after a filter
    await screenshot(page, 'bench-graph-editor-before-filter');

    let last = '';
    // A filter: ControlFlow unticked, then ticked again.
    const filter: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const tick of [false, true]) {
        const n = await renders(frame);
        const box = frame.locator('#kind-ControlFlow');
        t0 = Date.now();
        await (tick ? box.check() : box.uncheck());
        await waitForRender(frame, n + 1);
        t1 = Date.now();
        const m = await marks(frame);
        filter.push(drawnAfter(t0, t1, m));
        last = split(t0, t1, m, false);
        if (i === 0 && !tick) await screenshot(page, 'bench-graph-editor-after-filter');
      }
    }
    console.log(
      `filter change → drawn again: median ${median(filter)} ms of ${filter.length} to the drawn mark; last ${last}`,
    );

    // Reopened: the panel closed, then the link again (a new webview and worker; the script cached).
    // code-server serves every webview from the workbench's own origin, so each new webview registers
    // its service worker over the last one's in the same scope and its document waits for the swap;
    // VS Code desktop and vscode.dev give each webview an origin of its own
    // (`webviewContentExternalBaseUrlTemplate`: {{uuid}}.vscode-cdn.net), a fresh registration as in
    // the first panel above. The second series removes the last webview's registration before the click,
    // which is what such an origin gives; both are reported.
    const reopen = async (ownOrigin: boolean) => {
      const times: number[] = [];
      const firstByte: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await runCommand(page, 'View: Close All Editors');
        if (ownOrigin) await removeWebviewWorkers(page);
        t0 = await clickGraphLink(page);
        await waitForRender(frame, 1);
        t1 = Date.now();
        const m = await marks(frame);
        times.push(drawnAfter(t0, t1, m));
        if (m.navigation !== undefined && m.docFirstByte !== undefined)
          firstByte.push(Math.round(m.docFirstByte - m.navigation));
        last = split(t0, t1, m, true);
        await page.mouse.move(1, 1);
      }
      return `median ${median(times)} ms of ${RUNS} to the drawn mark (the webview's document's first byte ${firstByte.join(' / ')} ms after its frame started); last ${last}`;
    };
    console.log(
      `hover link → drawn, panel closed before (code-server: one origin for every webview): ${await reopen(false)}`,
    );
    console.log(
      `hover link → drawn, panel closed before, each webview's service worker its own (as VS Code's per-webview origins give): ${await reopen(true)}`,
    );

    // A later session: the editor started again on the same user data, whose global storage now holds
    // the layout of the graph drawn above (and the code cache); the same link, the first panel.
    await browser!.close();
    await server!.stop();
    page = await startEditor();
    const later = graphFrame(page);
    t0 = await clickGraphLink(page);
    await waitForRender(later, 1);
    t1 = Date.now();
    await screenshot(page, 'bench-graph-editor-later-session');
    console.log(
      `hover link → drawn, first panel of a later session (the graph drawn in the session before; its layout ${await later.locator('body').getAttribute('data-layout')}): ${split(t0, t1, await marks(later), true)}`,
    );
  } catch (err) {
    const page = browser?.context.pages()[0];
    await page?.screenshot({ path: path.join(runDir, 'failed.png') }).catch(() => undefined);
    throw err;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await service?.stop().catch(() => undefined);
    // The editor's logs (the extension's and the language server's among them) kept with the run's;
    // none when the editor did not start, whose error is then the one to see.
    const logs = path.join(tmp, 'user-data', 'logs');
    if (fs.existsSync(logs)) fs.cpSync(logs, path.join(runDir, 'logs'), { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const cacheLines = logLines(path.join(runDir, 'logs'), /layout process's code cache/);
  console.log(`layout process's code cache: ${cacheLines.join(' · ') || 'not told in the logs'}`);
}

/** Unregisters the webviews' service workers (scope …/webview/browser/pre/, the workbench's origin in code-server). */
async function removeWebviewWorkers(page: Page): Promise<void> {
  const removed = await page.evaluate(async () => {
    let n = 0;
    for (const r of await navigator.serviceWorker.getRegistrations())
      if (r.scope.includes('/webview/browser/pre/') && (await r.unregister())) n++;
    return n;
  });
  if (removed !== 1) throw new Error(`expected the closed webview's one service worker, found ${removed}`);
}

/** The lines matching `re` in the log files under `dir`, from the message on. */
function logLines(dir: string, re: RegExp): string[] {
  const out: string[] = [];
  for (const f of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile() && f.name.endsWith('.log'))
      for (const line of fs.readFileSync(path.join(f.parentPath ?? f.path, f.name), 'utf8').split('\n'))
        if (re.test(line)) out.push(line.slice(line.search(re)).trim());
  return out;
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
