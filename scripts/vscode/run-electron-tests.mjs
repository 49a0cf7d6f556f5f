#!/usr/bin/env node
// Runs the extension-host suite (dist/test/vscode/suite/index.js) under @vscode/test-electron, i.e. in a
// desktop VS Code, for machines where one can be had. Same setup as run-extension-tests.mjs: the local
// service with the demo dataset on 127.0.0.1, a temporary copy of demo/workspace, and the suite's env.
// VS Code: $VSCODE_EXECUTABLE_PATH when set, else test-electron downloads one (needs internet; on an
// offline machine this fails with a clear message: use run-extension-tests.mjs there).
// Usage: node scripts/vscode/run-electron-tests.mjs [--no-build] [--grep REGEX]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runTests } from '@vscode/test-electron';
import { startLocalService } from './local-service.mjs';
import { reportSuiteResults } from './suite-results.mjs';
import { QUIET_PROFILE_SETTINGS } from './run-suite.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS_DIR = path.join(REPO_ROOT, '.test-artifacts');
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    grep: { type: 'string' },
    results: { type: 'string' },
  },
});
const log = (...a) => console.log('[electron-tests]', ...a);

/** The same quiet profile the code-server harness seeds (no welcome page, trust prompt or updates). */
function seedUserSettings(userDataDir) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(QUIET_PROFILE_SETTINGS, null, 2));
}

async function main() {
  if (!args['no-build']) {
    log('building');
    const b = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (b.status !== 0) return b.status ?? 1;
  }
  const vscodeExecutablePath = process.env.VSCODE_EXECUTABLE_PATH || undefined;
  if (vscodeExecutablePath && !fs.existsSync(vscodeExecutablePath)) {
    console.error(`[electron-tests] VSCODE_EXECUTABLE_PATH does not exist: ${vscodeExecutablePath}`);
    return 1;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lineage-electron-tests-'));
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(path.join(REPO_ROOT, 'demo', 'workspace'), workspace, { recursive: true });
  const userDataDir = path.join(tmp, 'user-data');
  seedUserSettings(userDataDir);
  const resultsFile = path.resolve(
    args.results ?? path.join(ARTIFACTS_DIR, 'vscode', 'electron-tests-results.json'),
  );
  fs.rmSync(resultsFile, { force: true });

  const service = await startLocalService({ repoRoot: REPO_ROOT, tmpDir: tmp });
  log(`local service at ${service.url}`);
  let code = 1;
  try {
    log(
      vscodeExecutablePath
        ? `VS Code: ${vscodeExecutablePath}`
        : 'VS Code: downloading the stable build (set VSCODE_EXECUTABLE_PATH to use an installed one)',
    );
    code = await runTests({
      ...(vscodeExecutablePath ? { vscodeExecutablePath } : {}),
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: path.join(REPO_ROOT, 'dist/test/vscode/suite/index.js'),
      launchArgs: [
        workspace,
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        path.join(tmp, 'extensions'),
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
      ],
      extensionTestsEnv: {
        LINEAGE_SERVICE_URL: service.url,
        LINEAGE_API_KEY: service.apiKey,
        LINEAGE_TEST_RESULTS: resultsFile,
        LINEAGE_REPO_ROOT: REPO_ROOT,
        ...(args.grep ? { LINEAGE_TEST_GREP: args.grep } : {}),
      },
    });
  } catch (err) {
    const message = String(err?.message ?? err);
    if (!vscodeExecutablePath) {
      console.error(
        `[electron-tests] could not get a VS Code build to test with (${message.split('\n')[0]}).\n` +
          '  @vscode/test-electron downloads VS Code from update.code.visualstudio.com, which this machine cannot reach.\n' +
          '  Set VSCODE_EXECUTABLE_PATH to an installed VS Code (e.g. /usr/share/code/code), or run the same suite offline with\n' +
          '  node scripts/vscode/run-extension-tests.mjs',
      );
    } else {
      console.error(`[electron-tests] ${message}`);
    }
    code = 1;
  } finally {
    await service.stop();
    if (!process.env.LINEAGE_KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  }
  return reportSuiteResults(resultsFile, code, log);
}

process.exitCode = await main();
