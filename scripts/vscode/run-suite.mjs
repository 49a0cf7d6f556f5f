#!/usr/bin/env node
// Offline "real VS Code" test runner.
//
// Runs a mocha (or any) suite inside the Node extension host of a real VS Code 1.100.3:
// code-server (installed by scripts/vscode/setup.sh into .cache/code-server/) serves the
// workbench, Debian's chromium (driven by playwright-core, never a downloaded browser) renders it,
// and the workbench's `payload` query parameter passes extensionDevelopmentPath and
// extensionTestsPath. When the suite's `run()` settles the workbench calls
// `window.codeAutomationExit(code, logs)`; that code is the result.
//
// API (ESM):  startCodeServer, launchBrowser, runExtensionTests, installVsix, saveScreenshot,
//             leaveSignalsToCaller, codeServerDir, REPO_ROOT, ARTIFACTS_DIR
// CLI:        node scripts/vscode/run-suite.mjs --extension <dir> --tests <suite/index.js>
//                  [--workspace <dir>] [--timeout 600] [--screenshot <name>] [--env K=V ...]
//                  [--vsix <file.vsix> ...]
// See docs/testing-vscode.md.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CODE_SERVER_VERSION, codeServerInstall } from './install-location.mjs';

export { CODE_SERVER_VERSION };
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, '.test-artifacts');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

const log = (...a) => console.log('[vscode-harness]', ...a);
// Workbench log lines that are not the suite's output (only used to keep the echo readable;
// browser-console.log in the run's artifact folder has everything).
const WORKBENCH_NOISE = new RegExp(
  [
    '^Resolv(ing|ed) connection token',
    '^Creating a socket',
    '^Updating additional builtin extensions cache',
    '^\\[Service Worker\\]',
    '^ChatSessionStore',
    'open-vsx\\.org',
    'getaddrinfo ENOTFOUND',
    '^Extension host \\(',
    '^Started local extension host',
    '^\\[perf\\]',
    '^Settings Sync',
    '^\\[LanguageModel',
  ].join('|'),
);

// ------------------------------------------------------------------ process/cleanup bookkeeping
// Every started resource registers a cleanup; SIGINT/SIGTERM/SIGHUP run them all before exiting,
// and a synchronous 'exit' hook kills any process group still alive.
const cleanups = new Set();
const liveGroups = new Set();
let signalHandlersInstalled = false;
/** Set to { signal, exitCode } once SIGINT/SIGTERM/SIGHUP arrived; runs in progress then abort. */
let interrupted = null;
const interruptListeners = new Set();

let callerHandlesSignals = false;

/**
 * For a program with its own Ctrl-C handling (npm start): the harness then installs no signal handlers,
 * the caller stops what it started (e.g. `server.stop()`) and reports it in its own words; the 'exit'
 * hook still kills any process group left alive. Call before starting anything.
 */
export function leaveSignalsToCaller() {
  callerHandlesSignals = true;
}

function installSignalHandlers() {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  process.on('exit', () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });
  if (callerHandlesSignals) return;
  const onSignal = (sig, code) => {
    if (interrupted) return;
    interrupted = { signal: sig, exitCode: code };
    // Name only what this process actually started (npm start never starts a browser).
    const what = [...new Set([...cleanups].map((fn) => fn.label).filter(Boolean))];
    console.error(
      `[vscode-harness] ${sig} received${what.length ? ` - stopping ${what.join(' and ')}` : ''}`,
    );
    for (const l of interruptListeners) l(interrupted);
    const hardStop = setTimeout(() => process.exit(code), 20_000);
    hardStop.unref();
    runAllCleanups().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => onSignal('SIGINT', 130));
  process.once('SIGTERM', () => onSignal('SIGTERM', 143));
  process.once('SIGHUP', () => onSignal('SIGHUP', 129));
}

async function runAllCleanups() {
  const fns = [...cleanups].reverse();
  cleanups.clear();
  for (const fn of fns) {
    try {
      await fn();
    } catch (e) {
      console.error('[vscode-harness] cleanup error:', e?.message ?? e);
    }
  }
}

/** @param {string} [label] what the cleanup stops, named in the message on a signal */
function registerCleanup(fn, label) {
  installSignalHandlers();
  let running = null;
  const once = () => {
    if (!running) {
      cleanups.delete(once);
      running = Promise.resolve().then(fn);
    }
    return running; // a second caller waits for the first cleanup to finish
  };
  once.label = label;
  cleanups.add(once);
  return once;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM a whole process group, escalate to SIGKILL after `graceMs`. */
async function killGroup(pgid, graceMs = 5000) {
  if (!groupAlive(pgid)) {
    liveGroups.delete(pgid);
    return;
  }
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    /* gone */
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && groupAlive(pgid)) await sleep(100);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* gone */
    }
    const d2 = Date.now() + 3000;
    while (Date.now() < d2 && groupAlive(pgid)) await sleep(50);
  }
  liveGroups.delete(pgid);
}

// ------------------------------------------------------------------ helpers
function newRunId(prefix = 'run') {
  const t = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  return `${prefix}-${t}-${Math.random().toString(36).slice(2, 7)}`;
}

export function codeServerDir() {
  const { dir, installed } = codeServerInstall();
  if (!installed) {
    throw new Error(
      `code-server ${CODE_SERVER_VERSION} is not installed at ${dir} - run: bash scripts/vscode/setup.sh (npm test and npm start run it for you)`,
    );
  }
  return dir;
}

/** The environment for code-server (and hence the extension host) without VS Code's own
 *  variables of a surrounding VS Code instance, which would turn code-server into a CLI client. */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(VSCODE_|ELECTRON_)/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...extra };
}

export async function findFreePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** User settings for test profiles, so nothing (welcome page, trust prompt, update checks) gets in the way. */
export const QUIET_PROFILE_SETTINGS = Object.freeze({
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
});

/**
 * A profile whose workspace is not trusted (Restricted Mode): trust is on, the folder is not in the
 * trusted list, and the start-up question is not asked (the window opens restricted).
 */
const RESTRICTED_PROFILE_SETTINGS = Object.freeze({
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'security.workspace.trust.untrustedFiles': 'open',
});

async function seedUserSettings(userDataDir, restricted = false) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  if (fs.existsSync(file)) return;
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const settings = { ...QUIET_PROFILE_SETTINGS, ...(restricted ? RESTRICTED_PROFILE_SETTINGS : {}) };
  await fsp.writeFile(file, JSON.stringify(settings, null, 2));
}

function codeServerArgs({ userDataDir, extensionsDir, configFile, restricted = false }) {
  return [
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(restricted ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--config',
    configFile,
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
  ];
}

async function fetchStatus(url, timeoutMs = 5000) {
  const ac = new AbortController();
  const t = setTimeout(() => ac.abort(), timeoutMs);
  try {
    const res = await fetch(url, { redirect: 'manual', signal: ac.signal });
    const body = await res.text();
    return { status: res.status, body };
  } catch {
    return { status: 0, body: '' };
  } finally {
    clearTimeout(t);
  }
}

// ------------------------------------------------------------------ code-server
/**
 * Start code-server on 127.0.0.1 and wait until it really serves the workbench
 * (GET /healthz answers, then GET /?folder=... returns the workbench HTML).
 * @returns {Promise<{url:string, port:number, pid:number, logFile:string, exited:Promise<number|null>, stop:()=>Promise<void>}>}
 */
export async function startCodeServer({
  workspace,
  userDataDir,
  extensionsDir,
  port,
  env = {},
  logFile,
  readyTimeoutMs = 90_000,
  restricted = false,
} = {}) {
  if (!workspace || !userDataDir || !extensionsDir) {
    throw new Error('startCodeServer needs workspace, userDataDir and extensionsDir');
  }
  workspace = path.resolve(workspace);
  userDataDir = path.resolve(userDataDir);
  extensionsDir = path.resolve(extensionsDir);
  const dir = codeServerDir();
  await fsp.mkdir(userDataDir, { recursive: true });
  await fsp.mkdir(extensionsDir, { recursive: true });
  await seedUserSettings(userDataDir, restricted);
  logFile ??= path.join(ARTIFACTS_DIR, 'vscode', newRunId('code-server'), 'code-server.log');
  await fsp.mkdir(path.dirname(logFile), { recursive: true });

  const fixedPort = port != null;
  for (let attempt = 1; ; attempt++) {
    const p = fixedPort ? port : await findFreePort();
    try {
      return await startOnce(p);
    } catch (e) {
      if (!fixedPort && e.code === 'EADDRINUSE' && attempt < 5) {
        log(`port ${p} taken, retrying`);
        continue;
      }
      throw e;
    }
  }

  async function startOnce(p) {
    const out = fs.openSync(logFile, 'a');
    const args = [
      path.join(dir, 'out', 'node', 'entry.js'),
      ...codeServerArgs({
        userDataDir,
        extensionsDir,
        configFile: path.join(userDataDir, 'code-server-config.yaml'),
        restricted,
      }),
      '--bind-addr',
      `127.0.0.1:${p}`,
      workspace,
    ];
    fs.writeSync(out, `$ ${process.execPath} ${args.join(' ')}\n`);
    const child = spawn(process.execPath, args, {
      cwd: dir,
      env: cleanEnv(env),
      stdio: ['ignore', out, out],
      detached: true, // own process group: stop() takes the extension host & co. with it
    });
    fs.closeSync(out);
    liveGroups.add(child.pid);
    let exitCode;
    const exited = new Promise((resolve) =>
      child.once('exit', (code, sig) => {
        exitCode = code ?? sig;
        resolve(code);
      }),
    );
    const stop = registerCleanup(async () => {
      await killGroup(child.pid);
      await exited;
    }, 'code-server');

    const url = `http://127.0.0.1:${p}`;
    const deadline = Date.now() + readyTimeoutMs;
    let phase = 'healthz';
    while (true) {
      if (exitCode !== undefined) {
        await stop();
        const text = fs.readFileSync(logFile, 'utf8');
        const err = new Error(
          `code-server exited during startup (${exitCode}); log: ${logFile}\n${text.split('\n').slice(-15).join('\n')}`,
        );
        if (/EADDRINUSE/.test(text.split('\n').slice(-30).join('\n'))) err.code = 'EADDRINUSE';
        throw err;
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `code-server did not become ready within ${readyTimeoutMs / 1000}s (stuck at ${phase}); log: ${logFile}`,
        );
      }
      if (phase === 'healthz') {
        const r = await fetchStatus(`${url}/healthz`);
        if (r.status === 200) phase = 'workbench';
      }
      if (phase === 'workbench') {
        // The first request to / loads the VS Code server; 200 with the workbench page = ready.
        const r = await fetchStatus(`${url}/?folder=${encodeURIComponent(workspace)}`, 30_000);
        if (
          r.status === 200 &&
          /vs\/code\/browser\/workbench\/workbench|monaco-workbench|workbench\.js/.test(r.body)
        )
          break;
      }
      await sleep(200);
    }
    return { url, port: p, pid: child.pid, logFile, exited, stop };
  }
}

/** Install a .vsix into `extensionsDir` with code-server's own --install-extension. */
export async function installVsix(vsixPath, extensionsDir, { userDataDir, logFile } = {}) {
  vsixPath = path.resolve(vsixPath);
  if (!fs.existsSync(vsixPath)) throw new Error(`no such vsix: ${vsixPath}`);
  extensionsDir = path.resolve(extensionsDir);
  const dir = codeServerDir();
  let tmpUserData;
  if (!userDataDir) userDataDir = tmpUserData = await fsp.mkdtemp(path.join(os.tmpdir(), 'lineage-vsix-ud-'));
  await fsp.mkdir(extensionsDir, { recursive: true });
  logFile ??= path.join(ARTIFACTS_DIR, 'vscode', 'install-extension.log');
  await fsp.mkdir(path.dirname(logFile), { recursive: true });
  const args = [
    path.join(dir, 'out', 'node', 'entry.js'),
    ...codeServerArgs({
      userDataDir,
      extensionsDir,
      configFile: path.join(userDataDir, 'code-server-config.yaml'),
    }),
    '--force',
    '--install-extension',
    vsixPath,
  ];
  try {
    const { code, output } = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: dir,
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, output }));
    });
    await fsp.appendFile(logFile, `$ --install-extension ${vsixPath}\n${output}\n`);
    if (code !== 0 || (/Failed Installing|error/i.test(output) && !/successfully installed/i.test(output))) {
      throw new Error(`installing ${vsixPath} failed (exit ${code}):\n${output}`);
    }
    return output;
  } finally {
    if (tmpUserData) await fsp.rm(tmpUserData, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ browser
/**
 * Launch Debian's chromium through playwright-core (never a downloaded browser), headless,
 * with a fresh profile directory that close() removes.
 * @returns {Promise<{context: import('playwright-core').BrowserContext, userDataDir: string, close: () => Promise<void>}>}
 */
export async function launchBrowser({ headless = true, viewport = { width: 1400, height: 900 } } = {}) {
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(`${CHROMIUM_PATH} not found - run: bash scripts/vscode/setup.sh`);
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  const { chromium } = await import('playwright-core');
  const userDataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'lineage-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless,
      args: CHROMIUM_ARGS,
      viewport,
      // We handle signals ourselves (playwright's handlers would exit before code-server is stopped).
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: 60_000,
    });
  } catch (e) {
    await fsp.rm(userDataDir, { recursive: true, force: true });
    throw e;
  }
  const close = registerCleanup(async () => {
    await Promise.race([context.close().catch(() => {}), sleep(10_000)]);
    await fsp.rm(userDataDir, { recursive: true, force: true }).catch(() => {});
  }, 'chromium');
  return { context, userDataDir, close };
}

/** Save a PNG of the page to .test-artifacts/screenshots/<name>.png; returns the path. */
export async function saveScreenshot(page, name, { fullPage = false } = {}) {
  const safe = String(name).replace(/[^A-Za-z0-9._-]+/g, '_');
  const file = path.join(ARTIFACTS_DIR, 'screenshots', `${safe}.png`);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** The workbench URL with the extension-development payload (remote URIs at the code-server host). */
export function workbenchUrl({ url, port, workspace, extensionDevelopmentPath, extensionTestsPath }) {
  const auth = `127.0.0.1:${port}`;
  const payload = [];
  if (extensionDevelopmentPath)
    payload.push(['extensionDevelopmentPath', `vscode-remote://${auth}${extensionDevelopmentPath}`]);
  if (extensionTestsPath)
    payload.push(['extensionTestsPath', `vscode-remote://${auth}${extensionTestsPath}`]);
  let u = `${url}/?folder=${encodeURIComponent(workspace)}`;
  if (payload.length) u += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return u;
}

// ------------------------------------------------------------------ the suite runner
/**
 * Run `extensionTestsPath` (a module exporting run()) in the extension host of a real VS Code with
 * the extension at `extensionDevelopmentPath` loaded. Resolves with the exit code the workbench
 * reports (0 = run() resolved, non-zero = it threw). Rejects on a hard timeout or when code-server
 * dies. Always stops code-server and chromium and removes temp dirs.
 *
 * Options: workspace (default: fresh empty temp dir), env (set on code-server -> extension host),
 * timeoutMs (default 600000), userDataDir/extensionsDir (default: temp, removed afterwards),
 * vsix (array of .vsix paths to install first), screenshot (name: PNG of the workbench when the
 * suite ends), onPage(page, info) (async hook running alongside the suite, e.g. UI journeys),
 * echo (print extension-host console output, default true), name (artifact folder prefix).
 */
export async function runExtensionTests({
  extensionDevelopmentPath,
  extensionTestsPath,
  workspace,
  env = {},
  timeoutMs = 600_000,
  userDataDir,
  extensionsDir,
  vsix = [],
  screenshot,
  onPage,
  echo = true,
  name = 'suite',
  restricted = false,
} = {}) {
  if (!extensionTestsPath) throw new Error('runExtensionTests needs extensionTestsPath');
  extensionTestsPath = path.resolve(extensionTestsPath);
  if (!fs.existsSync(extensionTestsPath)) throw new Error(`no such suite: ${extensionTestsPath}`);
  if (extensionDevelopmentPath) {
    extensionDevelopmentPath = path.resolve(extensionDevelopmentPath);
    if (!fs.existsSync(path.join(extensionDevelopmentPath, 'package.json'))) {
      throw new Error(`no package.json in extensionDevelopmentPath ${extensionDevelopmentPath}`);
    }
  }
  installSignalHandlers();
  const runId = newRunId(name);
  const runDir = path.join(ARTIFACTS_DIR, 'vscode', runId);
  await fsp.mkdir(runDir, { recursive: true });
  const tmpRoot = await fsp.mkdtemp(path.join(os.tmpdir(), 'lineage-vscode-'));
  const removeTmp = registerCleanup(() =>
    process.env.LINEAGE_KEEP_TMP ? undefined : fsp.rm(tmpRoot, { recursive: true, force: true }),
  );
  workspace = path.resolve(workspace ?? path.join(tmpRoot, 'workspace'));
  userDataDir = path.resolve(userDataDir ?? path.join(tmpRoot, 'user-data'));
  extensionsDir = path.resolve(extensionsDir ?? path.join(tmpRoot, 'extensions'));
  await fsp.mkdir(workspace, { recursive: true });
  if (!extensionDevelopmentPath) {
    // The workbench only honours extensionTestsPath in extension-development mode, so testing an
    // installed .vsix needs a placeholder development extension (no code, contributes nothing).
    extensionDevelopmentPath = path.join(tmpRoot, 'placeholder-extension');
    await fsp.mkdir(extensionDevelopmentPath, { recursive: true });
    await fsp.writeFile(
      path.join(extensionDevelopmentPath, 'package.json'),
      JSON.stringify({
        name: 'harness-placeholder',
        publisher: 'lineage-lens-harness',
        version: '0.0.0',
        engines: { vscode: '^1.100.0' },
      }),
    );
  }

  const consoleLog = fs.createWriteStream(path.join(runDir, 'browser-console.log'));
  let server;
  let browser;
  let page;
  let timer;
  const t0 = Date.now();
  try {
    for (const v of [].concat(vsix)) {
      log(`installing ${v}`);
      await installVsix(v, extensionsDir, {
        userDataDir,
        logFile: path.join(runDir, 'install-extension.log'),
      });
    }
    server = await startCodeServer({
      workspace,
      userDataDir,
      extensionsDir,
      env,
      logFile: path.join(runDir, 'code-server.log'),
      restricted,
    });
    log(
      `code-server ready at ${server.url} (${((Date.now() - t0) / 1000).toFixed(1)}s); artifacts: ${path.relative(REPO_ROOT, runDir)}`,
    );
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());

    let resolveExit;
    const exitPromise = new Promise((r) => {
      resolveExit = r;
    });
    await page.exposeFunction('codeAutomationExit', async (code, logs) => {
      try {
        for (const l of Array.isArray(logs) ? logs : []) {
          if (!l?.relativePath) continue;
          const f = path.join(runDir, 'vscode-logs', String(l.relativePath).replace(/\.\.+/g, '_'));
          await fsp.mkdir(path.dirname(f), { recursive: true });
          await fsp.writeFile(f, l.contents ?? '');
        }
      } catch {
        /* logs are best effort */
      }
      resolveExit(typeof code === 'number' ? code : Number(code) || 0);
    });
    page.on('console', (msg) => {
      const text = msg.text().replace(/%c/g, '');
      consoleLog.write(`[${msg.type()}] ${text}\n`);
      // Extension-host console output reaches the page through the workbench log service
      // (" INFO color: #33f <message>"), like the workbench's own chatter, which is filtered out.
      const m = /^\s*(INFO|WARN|ERR|DEBUG|TRACE)\s+color: #[0-9a-fA-F]+ ?([\s\S]*)$/.exec(text);
      if (echo && m && !WORKBENCH_NOISE.test(m[2])) {
        (m[1] === 'ERR' ? console.error : console.log)(m[2]);
      }
    });
    page.on('pageerror', (err) => consoleLog.write(`[pageerror] ${err?.stack ?? err}\n`));

    const url = workbenchUrl({ ...server, workspace, extensionDevelopmentPath, extensionTestsPath });
    await fsp.writeFile(path.join(runDir, 'workbench-url.txt'), url + '\n');

    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => {
        const err = new Error(`extension-host suite timed out after ${Math.round(timeoutMs / 1000)} s`);
        err.code = 'ETIMEDOUT';
        reject(err);
      }, timeoutMs);
    });
    let onInterrupt;
    const aborted = new Promise((_, reject) => {
      onInterrupt = ({ signal, exitCode }) => {
        const err = new Error(`interrupted by ${signal}`);
        err.code = 'EINTERRUPTED';
        err.exitCode = exitCode;
        reject(err);
      };
      if (interrupted) onInterrupt(interrupted);
      else interruptListeners.add(onInterrupt);
    });
    const serverDied = server.exited.then(async (code) => {
      await sleep(50); // let a signal-triggered stop win the race (it reports more precisely)
      throw new Error(
        `code-server exited unexpectedly (${code}) while the suite ran; log: ${server.logFile}`,
      );
    });
    const stops = [timeout, serverDied, aborted];
    let code;
    for (const p of stops) p.catch(() => {});

    try {
      await Promise.race([page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 }), ...stops]);
      let hook = Promise.resolve();
      if (onPage) hook = Promise.resolve().then(() => onPage(page, { url, server, workspace, runDir }));
      hook.catch(() => {});
      code = await Promise.race([exitPromise, ...stops]);
      await Promise.race([hook, ...stops]);
    } finally {
      interruptListeners.delete(onInterrupt);
    }
    log(`suite finished with exit code ${code} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    if (screenshot) {
      try {
        log(`screenshot: ${path.relative(REPO_ROOT, await saveScreenshot(page, screenshot))}`);
      } catch (e) {
        log(`screenshot failed: ${e.message}`);
      }
    }
    return code;
  } catch (caught) {
    let e = caught;
    if (interrupted && e.code !== 'EINTERRUPTED') {
      const err = new Error(`interrupted by ${interrupted.signal}`);
      err.code = 'EINTERRUPTED';
      err.exitCode = interrupted.exitCode;
      e = err;
    }
    if (page && !interrupted) {
      try {
        log(
          `failure screenshot: ${path.relative(REPO_ROOT, await saveScreenshot(page, `${runId}-failure`))}`,
        );
      } catch {
        /* page gone */
      }
    }
    log(`error: ${e.message}`);
    log(`logs: ${path.relative(REPO_ROOT, runDir)}`);
    throw e;
  } finally {
    clearTimeout(timer);
    await browser?.close();
    await server?.stop();
    await new Promise((r) => consoleLog.end(r));
    await removeTmp();
  }
}

// ------------------------------------------------------------------ CLI
async function main() {
  const { values } = parseArgs({
    options: {
      extension: { type: 'string' },
      tests: { type: 'string' },
      workspace: { type: 'string' },
      timeout: { type: 'string', default: '600' },
      screenshot: { type: 'string' },
      env: { type: 'string', multiple: true, default: [] },
      vsix: { type: 'string', multiple: true, default: [] },
      name: { type: 'string', default: 'suite' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || !values.tests) {
    console.log(
      'usage: node scripts/vscode/run-suite.mjs --extension <dir> --tests <abs path to suite index.js>\n' +
        '         [--workspace <dir>] [--timeout 600] [--screenshot <name>] [--env KEY=VALUE ...]\n' +
        '         [--vsix <file.vsix> ...] [--name <artifact prefix>] [--quiet]',
    );
    process.exit(values.help ? 0 : 2);
  }
  const env = {};
  for (const kv of values.env) {
    const i = kv.indexOf('=');
    if (i <= 0) {
      console.error(`bad --env ${kv} (want KEY=VALUE)`);
      process.exit(2);
    }
    env[kv.slice(0, i)] = kv.slice(i + 1);
  }
  const timeoutS = Number(values.timeout);
  if (!(timeoutS > 0)) {
    console.error(`bad --timeout ${values.timeout}`);
    process.exit(2);
  }
  try {
    const code = await runExtensionTests({
      extensionDevelopmentPath: values.extension,
      extensionTestsPath: values.tests,
      workspace: values.workspace,
      env,
      timeoutMs: timeoutS * 1000,
      screenshot: values.screenshot,
      vsix: values.vsix,
      name: values.name,
      echo: !values.quiet,
    });
    process.exit(code);
  } catch (e) {
    console.error(`[vscode-harness] FAILED: ${e.message}`);
    process.exit(e.code === 'ETIMEDOUT' ? 124 : e.code === 'EINTERRUPTED' ? e.exitCode : 1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  main();
}
