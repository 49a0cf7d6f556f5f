#!/usr/bin/env node
// Runs the extension-host suite (test/vscode/suite) in a real VS Code, then test/vscode/firstWindow in a
// second launch (empty folder, fresh profile, signed out) and test/vscode/restricted in a third (the
// demo folder in Restricted Mode, with hostile settings): builds everything, starts the
// local service with the demo dataset on 127.0.0.1, copies the demo workspace to a temporary folder,
// and runs the suite with the harness (run-suite.mjs). Exits with the suite's exit code.
// With --vsix the extension is packaged with vsce and installed from that .vsix (what ships is what is
// tested) instead of being loaded from the repository.
// With --shuffle the main suite's test files run in an order shuffled from a seed (printed; --seed N
// repeats an order): a file that only passes after another one set something up fails there. Only
// activation.test.js stays first: it checks the extension host's first start, before any sign-in.
// Usage: node scripts/vscode/run-extension-tests.mjs [--no-build] [--vsix] [--grep REGEX] [--timeout SECONDS]
//                                                    [--shuffle [--seed N]]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT, ARTIFACTS_DIR, runExtensionTests } from './run-suite.mjs';
import { startLocalService } from './local-service.mjs';
import { reportSuiteResults } from './suite-results.mjs';
import { mulberry32, shuffled } from '../seededRandom.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    grep: { type: 'string' },
    vsix: { type: 'boolean', default: false },
    timeout: { type: 'string', default: '600' },
    results: { type: 'string' },
    shuffle: { type: 'boolean', default: false },
    seed: { type: 'string' },
  },
});

const log = (...a) => console.log('[extension-tests]', ...a);

async function main() {
  if (!args['no-build']) {
    log('building');
    const b = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (b.status !== 0) return b.status ?? 1;
  }
  let vsixFile;
  if (args.vsix) {
    vsixFile = path.join(ARTIFACTS_DIR, 'lineage-lens.vsix');
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    log(`packaging ${path.relative(REPO_ROOT, vsixFile)}`);
    const p = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/package.mjs'), '--out', vsixFile], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (p.status !== 0) return p.status ?? 1;
  }
  const order = args.shuffle ? shuffledSuiteOrder() : undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lineage-ext-tests-'));
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(path.join(REPO_ROOT, 'demo', 'workspace'), workspace, { recursive: true });
  const resultsFile = path.resolve(
    args.results ?? path.join(ARTIFACTS_DIR, 'vscode', 'extension-tests-results.json'),
  );
  fs.rmSync(resultsFile, { force: true });
  const service = await startLocalService({ repoRoot: REPO_ROOT, tmpDir: tmp });
  log(`local service at ${service.url}`);
  let code = 1;
  try {
    code = await runExtensionTests({
      name: 'extension-tests',
      extensionDevelopmentPath: vsixFile ? undefined : REPO_ROOT,
      vsix: vsixFile ? [vsixFile] : [],
      extensionTestsPath: path.join(REPO_ROOT, 'dist/test/vscode/suite/index.js'),
      workspace,
      timeoutMs: Number(args.timeout) * 1000,
      env: {
        LINEAGE_SERVICE_URL: service.url,
        LINEAGE_API_KEY: service.apiKey,
        LINEAGE_TEST_RESULTS: resultsFile,
        LINEAGE_REPO_ROOT: REPO_ROOT,
        // As `npm start` tells the editor it launches (the status bar names the service's database).
        LINEAGE_LENS_LOCAL_SERVICE_URL: service.url,
        LINEAGE_LENS_LOCAL_SERVICE_DB: service.db,
        ...(args.grep ? { LINEAGE_TEST_GREP: args.grep } : {}),
        ...(order ? { LINEAGE_TEST_ORDER: JSON.stringify(order) } : {}),
        ...(vsixFile ? { LINEAGE_TEST_FROM_VSIX: '1' } : {}),
      },
    });
  } catch (err) {
    console.error(`[extension-tests] ${err?.message ?? err}`);
    code = 1;
  } finally {
    await service.stop();
  }
  // A second window as a new user opens it: an empty folder, a fresh profile, no key, no service
  // (test/vscode/firstWindow: the language server starts only where there is something for it).
  const firstWindowCode = await extraLaunch({
    name: 'first-window',
    what: 'an empty window, signed out',
    suite: 'firstWindow',
    resultsFile,
    vsixFile,
  });
  // A third: the demo folder in Restricted Mode, its settings written by someone hostile
  // (test/vscode/restricted: the restricted settings are not taken from it).
  const restrictedWorkspace = path.join(tmp, 'restricted-workspace');
  fs.cpSync(path.join(REPO_ROOT, 'demo', 'workspace'), restrictedWorkspace, { recursive: true });
  const ids = Array.from({ length: 1000 }, (_, i) => `../components/${i}`);
  fs.writeFileSync(
    path.join(restrictedWorkspace, '.vscode', 'settings.json'),
    JSON.stringify(
      {
        'lineageLens.components': ids,
        'lineageLens.namespace': '../shop',
        'lineageLens.refreshIntervalSeconds': 1,
        'lineageLens.trace.server': 'verbose',
      },
      null,
      2,
    ),
  );
  const restrictedTmp = fs.mkdtempSync(path.join(tmp, 'restricted-service-'));
  const restrictedService = await startLocalService({ repoRoot: REPO_ROOT, tmpDir: restrictedTmp });
  let restrictedCode = 1;
  try {
    restrictedCode = await extraLaunch({
      name: 'restricted',
      what: 'the demo folder in Restricted Mode',
      suite: 'restricted',
      resultsFile,
      vsixFile,
      workspace: restrictedWorkspace,
      restricted: true,
      env: { LINEAGE_SERVICE_URL: restrictedService.url, LINEAGE_API_KEY: restrictedService.apiKey },
    });
  } finally {
    await restrictedService.stop();
    if (!process.env.LINEAGE_KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  }
  code = code || firstWindowCode || restrictedCode;
  return reportSuiteResults(resultsFile, code, log);
}

/** The main suite's test files in an order shuffled from --seed (or a random seed), which is printed. */
function shuffledSuiteOrder() {
  const seed = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, not ${args.seed}`);
  const dir = path.join(REPO_ROOT, 'dist/test/vscode/suite');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  // activation.test.js checks the host's first start (no key stored yet): it stays first.
  const first = files.filter((f) => f === 'activation.test.js');
  const order = [
    ...first,
    ...shuffled(
      files.filter((f) => !first.includes(f)),
      mulberry32(seed),
    ),
  ];
  log(`test files in a shuffled order (--shuffle --seed ${seed}): ${order.join(' ')}`);
  return order;
}

/**
 * One more launch of the extension host (a suite under test/vscode/<suite>), its results added to
 * the main run's file. Returns its exit code (1 when it wrote no results).
 */
async function extraLaunch({ name, what, suite, resultsFile, vsixFile, workspace, restricted, env = {} }) {
  const ownResults = resultsFile.replace(/(\.json)?$/, `-${name}.json`);
  fs.rmSync(ownResults, { force: true });
  let code = 1;
  try {
    log(`launch "${name}": ${what}`);
    code = await runExtensionTests({
      name,
      extensionDevelopmentPath: vsixFile ? undefined : REPO_ROOT,
      vsix: vsixFile ? [vsixFile] : [],
      extensionTestsPath: path.join(REPO_ROOT, `dist/test/vscode/${suite}/index.js`),
      timeoutMs: Number(args.timeout) * 1000,
      ...(workspace ? { workspace } : {}),
      ...(restricted ? { restricted } : {}),
      env: {
        ...env,
        LINEAGE_TEST_RESULTS: ownResults,
        LINEAGE_REPO_ROOT: REPO_ROOT,
        // A --grep aimed at the main suite may match nothing here.
        ...(args.grep ? { LINEAGE_TEST_GREP: args.grep, LINEAGE_TEST_ALLOW_NONE: '1' } : {}),
        ...(vsixFile ? { LINEAGE_TEST_FROM_VSIX: '1' } : {}),
      },
    });
  } catch (err) {
    console.error(`[extension-tests] ${name}: ${err?.message ?? err}`);
  }
  return mergeResults(resultsFile, ownResults) ? code : code || 1;
}

/** Adds a further launch's results to the first's file; false when it wrote none. */
function mergeResults(into, from) {
  if (!fs.existsSync(from)) {
    log(`a launch wrote no results (${path.relative(REPO_ROOT, from)})`);
    return false;
  }
  const b = JSON.parse(fs.readFileSync(from, 'utf8'));
  const a = fs.existsSync(into)
    ? JSON.parse(fs.readFileSync(into, 'utf8'))
    : { passed: 0, failed: 0, pending: 0, tests: [] };
  for (const k of ['passed', 'failed', 'pending']) a[k] = (a[k] ?? 0) + (b[k] ?? 0);
  a.tests = [...(a.tests ?? []), ...(b.tests ?? [])];
  a.finishedAt = b.finishedAt ?? a.finishedAt;
  fs.writeFileSync(into, JSON.stringify(a, null, 2));
  return true;
}

process.exitCode = await main();
