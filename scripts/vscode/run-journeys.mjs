#!/usr/bin/env node
// User journeys: mocha tests (test/journeys/*.test.ts, bundled by scripts/build.mjs to
// dist/test/journeys/) that drive a real VS Code in a browser with playwright-core, like a user.
// This runner builds, starts the real local service (fresh database seeded with the demo dataset),
// copies demo/workspace to a temporary folder, starts code-server with the extension under
// development and a headless chromium on it, hands the page to the journeys (see
// test/journeys/support/session.ts), runs them in this process, and always stops everything.
//
// Usage: node scripts/vscode/run-journeys.mjs [--results FILE] [--grep TEXT] [--no-build]
//                                             [--timeout SECONDS] [--headed]
// Exit code: 0 all passed, 1 failures or a harness error, 124 hard timeout, 130/143 on a signal.
// Screenshots: .test-artifacts/screenshots/journeys/; logs: .test-artifacts/vscode/journeys-*/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  REPO_ROOT,
  ARTIFACTS_DIR,
  QUIET_PROFILE_SETTINGS,
  startCodeServer,
  launchBrowser,
  workbenchUrl,
} from './run-suite.mjs';
import { startServiceProcess } from '../start.mjs';

const { values: args } = parseArgs({
  options: {
    results: { type: 'string' },
    grep: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '900' },
    headed: { type: 'boolean', default: false },
  },
});
const log = (...a) => console.log('[journeys]', ...a);
const SCREENSHOT_DIR = path.join(ARTIFACTS_DIR, 'screenshots', 'journeys');
const resultsFile = path.resolve(args.results ?? path.join(ARTIFACTS_DIR, 'journeys-results.json'));
const timeoutMs = Number(args.timeout) * 1000;
if (!(timeoutMs > 0)) {
  console.error(`bad --timeout ${args.timeout}`);
  process.exit(2);
}

/** Results in the shape scripts/test.mjs sums, for when the journeys could not run at all. */
function writeHarnessFailure(title, err) {
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(
    resultsFile,
    JSON.stringify(
      {
        stats: { passes: 0, failures: 1, pending: 0 },
        failures: [{ title, error: String(err?.message ?? err) }],
      },
      null,
      2,
    ),
  );
}

function journeyFiles() {
  const dir = path.join(REPO_ROOT, 'dist', 'test', 'journeys');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Runs the journey files with mocha in this process; resolves with the number of failures. */
async function runMocha(files, onRunner) {
  const require = createRequire(import.meta.url);
  const Mocha = require('mocha');
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: 180_000,
    color: true,
    reporter: require(path.join(REPO_ROOT, 'scripts', 'mocha-reporter.cjs')),
    reporterOptions: { output: resultsFile },
    // One workbench for all journeys: a failed journey must not hide the next one's result.
    bail: false,
  });
  if (args.grep) mocha.grep(new RegExp(args.grep)); // e.g. --grep "journey [45]"
  for (const f of files) mocha.addFile(f);
  await mocha.loadFilesAsync();
  return new Promise((resolve) => onRunner(mocha.run(resolve)));
}

/** Adds the hard timeout to whatever mocha reported (it reports the journey cut short as failed). */
function addTimeoutFailure(seconds) {
  const title = 'journeys: hard timeout';
  const error = `the journeys did not finish within ${seconds} s; everything was stopped`;
  let results;
  try {
    results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  } catch {
    /* mocha did not get to write */
  }
  if (!results?.stats) return writeHarnessFailure(title, new Error(error));
  results.stats.failures = (results.stats.failures ?? 0) + 1;
  results.failures = [...(results.failures ?? []), { title, error }];
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));
}

async function main() {
  fs.rmSync(resultsFile, { force: true });
  if (!args['no-build']) {
    log('building (node scripts/build.mjs)');
    const b = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (b.status !== 0) {
      writeHarnessFailure('journeys: build', new Error('node scripts/build.mjs failed'));
      return 1;
    }
  }
  const files = journeyFiles();
  if (files.length === 0) {
    writeHarnessFailure(
      'journeys',
      new Error('no dist/test/journeys/*.test.js - run node scripts/build.mjs'),
    );
    return 1;
  }

  const runDir = path.join(
    ARTIFACTS_DIR,
    'vscode',
    `journeys-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}`,
  );
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lineage-journeys-'));
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(path.join(REPO_ROOT, 'demo', 'workspace'), workspace, { recursive: true });
  fs.mkdirSync(runDir, { recursive: true });
  fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });

  let service;
  let server;
  let browser;
  let hardTimer;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    clearTimeout(hardTimer);
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    await service?.stop().catch(() => {});
    // VS Code's own logs (the extension host's, our output channel's) tell why a journey failed.
    const logs = path.join(tmp, 'user-data', 'logs');
    if (fs.existsSync(logs)) fs.cpSync(logs, path.join(runDir, 'vscode-logs'), { recursive: true });
    if (!process.env.LINEAGE_KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  };
  // The harness's own handlers stop code-server and chromium on a signal; the service is ours.
  // On a signal the harness exits once code-server and chromium are down: the rest goes synchronously.
  process.on('exit', () => {
    if (service && service.child.exitCode === null) service.child.kill('SIGTERM');
    if (!process.env.LINEAGE_KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.once(sig, () => {
      service?.stop();
    });

  try {
    service = await startServiceProcess({
      db: path.join(tmp, 'service.db'),
      seed: path.join(REPO_ROOT, 'demo', 'dataset.json'),
      logFile: path.join(runDir, 'service.log'),
    });
    log(`local service at ${service.url}`);
    const userDataDir = path.join(tmp, 'user-data');
    // A user settings file of this throwaway profile (never a workspace file): where the service is.
    // The key is typed into the Sign In box by the journeys, like a user would.
    fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    fs.writeFileSync(
      path.join(userDataDir, 'User', 'settings.json'),
      JSON.stringify(
        {
          ...QUIET_PROFILE_SETTINGS,
          'lineageLens.serviceUrl': service.url,
          // Hover and code lens appear on real mouse/cursor events; keep their delays short and fixed.
          'editor.hover.delay': 300,
          'workbench.colorTheme': 'Default Light Modern',
        },
        null,
        2,
      ),
    );

    server = await startCodeServer({
      workspace,
      userDataDir,
      extensionsDir: path.join(tmp, 'extensions'),
      logFile: path.join(runDir, 'code-server.log'),
    });
    log(`code-server at ${server.url}; artifacts: ${path.relative(REPO_ROOT, runDir)}`);
    browser = await launchBrowser({ headless: !args.headed });
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const consoleLog = fs.createWriteStream(path.join(runDir, 'browser-console.log'));
    page.on('console', (m) => consoleLog.write(`[${m.type()}] ${m.text().replace(/%c/g, '')}\n`));
    page.on('pageerror', (e) => consoleLog.write(`[pageerror] ${e?.stack ?? e}\n`));
    const url = workbenchUrl({ ...server, workspace, extensionDevelopmentPath: REPO_ROOT });
    fs.writeFileSync(path.join(runDir, 'workbench-url.txt'), url + '\n');

    globalThis.__lineageJourneySession = {
      page,
      workbenchUrl: url,
      serviceUrl: service.url,
      apiKey: service.apiKey,
      workspace,
      repoRoot: REPO_ROOT,
      screenshotDir: SCREENSHOT_DIR,
      runDir,
    };

    const timedOut = new Promise((resolve) => {
      hardTimer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    let runner;
    const mochaDone = runMocha(files, (r) => {
      runner = r;
    });
    const outcome = await Promise.race([mochaDone, timedOut]);
    if (outcome === 'timeout') {
      console.error(
        `[journeys] the journeys did not finish within ${timeoutMs / 1000} s; stopping everything`,
      );
      runner?.abort(); // no further journeys; the one running fails once its page is gone
      try {
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'hard-timeout.png') });
      } catch {
        /* page gone */
      }
      await cleanup();
      // Bounded: mocha writes its results when the interrupted journey has failed.
      await Promise.race([mochaDone, new Promise((r) => setTimeout(r, 15_000).unref())]);
      addTimeoutFailure(timeoutMs / 1000);
      return 124;
    }
    log(
      `screenshots: ${path.relative(REPO_ROOT, SCREENSHOT_DIR)}; logs: ${path.relative(REPO_ROOT, runDir)}`,
    );
    return outcome > 0 ? 1 : 0;
  } catch (err) {
    console.error(`[journeys] ${err?.message ?? err}`);
    if (!fs.existsSync(resultsFile)) writeHarnessFailure('journeys: harness', err);
    return err?.code === 'EINTERRUPTED' ? err.exitCode : 1;
  } finally {
    await cleanup();
  }
}

process.exit(await main());
