#!/usr/bin/env node
// `npm start`: builds, starts the local service with the demo dataset on 127.0.0.1 (its database under
// .cache/demo-service/ persists between runs), and opens an editor with the extension under
// development on the demo workspace: the desktop `code` in extension-development mode when one is on
// the PATH, otherwise the browser VS Code (code-server) on 127.0.0.1, printing the URL to open.
//
// The demo workspace is .cache/demo-workspace/: demo/workspace made into the git repository the demo
// dataset was scanned from (demo/demoRepository.mjs), so its anchors are checked against their
// scanned commits as in a real clone. It is made once and kept (your edits too); --reset makes it
// anew. Without git, demo/workspace is opened as it is (its anchors then read as unverified).
//
// The editor runs with a dedicated profile under .cache/start/ whose *user* settings point
// lineageLens.serviceUrl at the service. The API key is printed here, in the terminal, and nowhere
// else: the user signs in once (Lineage Lens: Sign In) and the extension keeps it in SecretStorage.
// Stable ports (service 7878, code-server 7879, when free) keep that sign-in valid on the next run.
//
// Ctrl-C (or SIGTERM) stops everything this started.
// The editor also gets the service's URL and database file in its environment
// (LINEAGE_LENS_LOCAL_SERVICE_URL, LINEAGE_LENS_LOCAL_SERVICE_DB): no API operation names a database,
// and the status bar's tooltip names it while the configured URL is this service.
//
// Usage: node scripts/start.mjs [--no-build] [--browser-vscode] [--port 7878] [--editor-port 7879] [--reset]
//                               [--state-dir DIR]  (default .cache; the database, profile and logs live there)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { codeServerInstall, runSetup } from './vscode/install-location.mjs';
import { createDemoRepository, repositoryHasPlan } from '../demo/demoRepository.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Same patterns as common/src/serviceAnnouncement.ts (this script runs unbuilt, so it cannot import it).
const URL_LINE = /^Lineage Lens local service listening on (http:\/\/127\.0\.0\.1:\d+)\s*$/;
const KEY_LINE = /^API key: (\S+)\s*$/;

/**
 * Starts dist/service/main.js on 127.0.0.1 and resolves once it printed its URL (and key, when one is
 * printed: always for a new database, with printKey for an existing one). The key line is never
 * written to `logFile`; every other output line is.
 * @returns {Promise<{url: string, apiKey: string | undefined, newDatabase: boolean, child: import('node:child_process').ChildProcess, exited: Promise<void>, stop: () => Promise<void>}>}
 */
export function startServiceProcess({
  db,
  seed,
  port = 0,
  printKey = false,
  logFile,
  startTimeoutMs = 30_000,
}) {
  const newDatabase = !fs.existsSync(db);
  const args = [
    path.join(REPO_ROOT, 'dist/service/main.js'),
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--db',
    db,
  ];
  // The service refuses --seed into an existing database; an existing one keeps its data (and edits).
  if (newDatabase) args.push('--seed', seed);
  else if (printKey) args.push('--print-key');
  const expectKey = newDatabase || printKey;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  // Own process group: a Ctrl-C in the terminal reaches us first, and we stop the service ourselves.
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  child.stderr.on('data', (d) => log.write(d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    await new Promise((r) => log.end(r));
  };
  return new Promise((resolve, reject) => {
    let url;
    let apiKey;
    const fail = (err) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const timer = setTimeout(
      () =>
        fail(
          new Error(
            `the local service did not announce itself within ${startTimeoutMs / 1000} s; see ${logFile}`,
          ),
        ),
      startTimeoutMs,
    );
    const onEarlyExit = (code, sig) =>
      fail(new Error(`the local service exited during startup (${code ?? sig}); see ${logFile}`));
    child.once('exit', onEarlyExit);
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const k = KEY_LINE.exec(line);
      if (k) apiKey = k[1];
      else log.write(line + '\n'); // the key line is never written anywhere
      const u = URL_LINE.exec(line);
      if (u) url = u[1];
      if (url && (apiKey || !expectKey)) {
        clearTimeout(timer);
        child.off('exit', onEarlyExit);
        resolve({ url, apiKey, newDatabase, child, exited, stop });
      }
    });
  });
}

/** Whether `port` is free on 127.0.0.1 (so the fixed ports can fall back to any free one). */
function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** Sets lineageLens.serviceUrl in the profile's user settings (JSONC, other settings kept). */
async function writeServiceUrl(settingsFile, serviceUrl, defaults = {}) {
  const { modify, applyEdits, parse } = await import('jsonc-parser');
  fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
  let text = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : '{}';
  const current = parse(text) ?? {};
  const fmt = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
  for (const [k, v] of Object.entries({ ...defaults, 'lineageLens.serviceUrl': serviceUrl })) {
    if (k !== 'lineageLens.serviceUrl' && k in current) continue; // the user's own choice wins
    text = applyEdits(text, modify(text, [k], v, fmt));
  }
  fs.writeFileSync(settingsFile, text);
}

const say = (...a) => console.log('[start]', ...a);

/**
 * The demo workspace to open: the repository under `repoDir`, made from demo/workspace the first time
 * (and after --reset); demo/workspace itself when git cannot make it.
 */
function demoWorkspace(repoDir, shown) {
  const source = path.join(REPO_ROOT, 'demo', 'workspace');
  if (fs.existsSync(path.join(repoDir, '.git'))) {
    say(`demo workspace: ${shown(repoDir)} (kept from the last run; --reset makes it anew)`);
    if (!repositoryHasPlan(source, repoDir))
      say(
        'the demo workspace was made from an older demo: its anchors will read as unverified until `npm start -- --reset` makes it anew (edits made there are lost)',
      );
    return repoDir;
  }
  fs.rmSync(repoDir, { recursive: true, force: true });
  try {
    const { shas, same } = createDemoRepository(source, repoDir);
    say(
      `demo workspace: ${shown(repoDir)}, a git repository of the ${shas.size} commits the demo dataset was scanned on`,
    );
    if (!same)
      say(
        'demo/workspace changed since demo/dataset.json was written (node demo/build-dataset.mjs): its anchors will read as unverified',
      );
    return repoDir;
  } catch (err) {
    fs.rmSync(repoDir, { recursive: true, force: true });
    say(
      `could not make the demo's git repository (${err?.message ?? err}); opening demo/workspace, whose anchors read as unverified`,
    );
    return source;
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'browser-vscode': { type: 'boolean', default: false },
      port: { type: 'string', default: '7878' },
      'editor-port': { type: 'string', default: '7879' },
      reset: { type: 'boolean', default: false },
      'state-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (args.help) {
    console.log(
      'usage: npm start [-- --no-build] [--browser-vscode] [--port 7878] [--editor-port 7879] [--reset]\n' +
        '  --browser-vscode  use the browser VS Code even when `code` is on the PATH\n' +
        '  --reset           start over from demo/dataset.json and demo/workspace (deletes .cache/demo-service/\n' +
        '                    and .cache/demo-workspace/)\n' +
        '  --state-dir DIR   keep the database, editor profile and logs under DIR instead of .cache/',
    );
    return 0;
  }
  const cacheDir = path.resolve(args['state-dir'] ?? path.join(REPO_ROOT, '.cache'));
  const serviceDir = path.join(cacheDir, 'demo-service');
  const repoDir = path.join(cacheDir, 'demo-workspace');
  if (args.reset) {
    fs.rmSync(serviceDir, { recursive: true, force: true });
    fs.rmSync(repoDir, { recursive: true, force: true });
  }
  // Paths inside the repository relative to it (where the user ran npm start), others as they are.
  const shown = (p) => (p.startsWith(REPO_ROOT + path.sep) ? path.relative(REPO_ROOT, p) : p);
  const workspace = demoWorkspace(repoDir, shown);
  const serviceDb = path.join(serviceDir, 'service.db');
  const serviceLog = path.join(serviceDir, 'service.log');

  if (!args['no-build']) {
    say('building (node scripts/build.mjs)');
    const b = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (b.status !== 0) return b.status ?? 1;
  }

  const cleanups = [];
  let stopping = false;
  const stopAll = async (why) => {
    if (stopping) return;
    stopping = true;
    if (why) say(`${why}: stopping what npm start started`);
    await Promise.all(
      cleanups.map((fn) => fn().catch((e) => console.error('[start] cleanup:', e?.message ?? e))),
    );
  };
  const stopped = new Promise((resolve) => {
    for (const [sig, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ]) {
      process.once(sig, () => stopAll(sig).then(() => resolve(code)));
    }
  });

  // ---- the local service
  const preferred = Number(args.port);
  const servicePort = (await portFree(preferred)) ? preferred : 0;
  if (servicePort === 0 && preferred !== 0)
    say(`port ${preferred} is taken; the service takes a free port (you will have to sign in again)`);
  const service = await startServiceProcess({
    db: serviceDb,
    seed: path.join(REPO_ROOT, 'demo', 'dataset.json'),
    port: servicePort,
    printKey: true,
    logFile: serviceLog,
  });
  cleanups.push(async () => {
    say('stopping the local service');
    await service.stop();
    say('local service stopped');
  });
  process.on('exit', () => {
    if (service.child.exitCode === null) service.child.kill('SIGTERM');
  });
  service.exited.then(() => {
    if (!stopping) {
      say(`the local service exited; see ${shown(serviceLog)}`);
      stopAll().then(() => process.exit(1));
    }
  });
  say(
    `local service: ${service.url} (${service.newDatabase ? 'new database seeded from demo/dataset.json' : 'existing database, kept from the last run'}; log: ${shown(serviceLog)})`,
  );

  // What the extension shows about this service (its database file) when the configured URL is it.
  const editorEnv = { LINEAGE_LENS_LOCAL_SERVICE_URL: service.url, LINEAGE_LENS_LOCAL_SERVICE_DB: serviceDb };

  const useDesktop = !args['browser-vscode'] && onPath('code');
  const profileDir = path.join(cacheDir, 'start', useDesktop ? 'desktop-user-data' : 'code-server-user-data');
  await writeServiceUrl(path.join(profileDir, 'User', 'settings.json'), service.url, {
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.ignoreRecommendations': true,
    // demo/workspace (opened when git is missing) sits inside this repository: no "open the parent
    // git repository?" prompt, and no generic VS Code welcome page in front of the demo.
    'git.openRepositoryInParentFolders': 'never',
    'workbench.startupEditor': 'none',
  });

  const signInHelp = () => {
    console.log('');
    console.log("  To connect the extension (once per profile; the key stays in VS Code's secret storage):");
    console.log('    F1 → "Lineage Lens: Sign In" → paste this API key:');
    console.log(`      ${service.apiKey ?? '(not printed by the service)'}`);
    console.log("  The service URL is already set in the editor profile's user settings.");
    console.log(
      '  Then open the Lineage view (its icon in the activity bar) and a file under checkout-api/src.',
    );
    console.log('');
  };

  if (useDesktop) {
    // ---- desktop VS Code in extension-development mode, with its own profile directory
    const codeArgs = [
      '--new-window',
      '--wait',
      '--user-data-dir',
      profileDir,
      '--extensions-dir',
      path.join(cacheDir, 'start', 'desktop-extensions'),
      `--extensionDevelopmentPath=${REPO_ROOT}`,
      workspace,
    ];
    say(`opening VS Code: code ${codeArgs.join(' ')}`);
    const code = spawn('code', codeArgs, { stdio: 'inherit', env: { ...process.env, ...editorEnv } });
    signInHelp();
    say('close the VS Code window or press Ctrl-C here to stop the service');
    const closed = new Promise((resolve) => code.once('exit', () => resolve(0)));
    const result = await Promise.race([closed, stopped]);
    if (result === 0) await stopAll('VS Code window closed');
    return result;
  }

  // ---- browser VS Code (code-server) through the test harness
  if (!codeServerInstall().installed) {
    say(
      'no desktop `code` on the PATH; installing the browser VS Code (bash scripts/vscode/setup.sh, about 2 minutes once)',
    );
    const s = runSetup();
    if (!s.ok) {
      await stopAll();
      return s.status;
    }
  }
  const { startCodeServer, workbenchUrl, leaveSignalsToCaller } = await import('./vscode/run-suite.mjs');
  // Ctrl-C is ours: stopAll stops the service and code-server and says so (the harness would exit as
  // soon as code-server is down, before the service's stop is reported).
  leaveSignalsToCaller();
  const editorLog = path.join(cacheDir, 'start', 'code-server.log');
  const preferredEditor = Number(args['editor-port']);
  const server = await startCodeServer({
    workspace,
    userDataDir: profileDir,
    extensionsDir: path.join(cacheDir, 'start', 'code-server-extensions'),
    // 0 (or a taken port): any free one.
    port: preferredEditor > 0 && (await portFree(preferredEditor)) ? preferredEditor : undefined,
    logFile: editorLog,
    env: editorEnv,
  });
  cleanups.push(async () => {
    await server.stop();
    say('browser VS Code stopped');
  });
  server.exited.then(() => {
    if (!stopping) {
      say(`code-server exited; see ${shown(editorLog)}`);
      stopAll().then(() => process.exit(1));
    }
  });
  const url = workbenchUrl({ ...server, workspace, extensionDevelopmentPath: REPO_ROOT });
  say(`browser VS Code (code-server) on 127.0.0.1 (log: ${shown(editorLog)}). Open:`);
  console.log(`\n  ${url}\n`);
  signInHelp();
  say('press Ctrl-C to stop the service and the browser VS Code');
  return await stopped;
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code ?? 0),
    (err) => {
      console.error(`[start] ${err?.message ?? err}`);
      process.exit(1);
    },
  );
}
