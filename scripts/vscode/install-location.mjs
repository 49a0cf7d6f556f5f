// Where the offline VS Code (code-server) lives, and running its setup: one answer for `npm test`,
// `npm start` and the harness. setup.sh installs into $LINEAGE_CODE_SERVER_CACHE/<version>/package
// (default <repo>/.cache/code-server); LINEAGE_CODE_SERVER_DIR points the harness at an existing
// code-server `package/` directory instead.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = process.env.CODE_SERVER_VERSION || '4.100.3';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SETUP_SCRIPT = path.join(REPO_ROOT, 'scripts', 'vscode', 'setup.sh');

export function codeServerCacheDir() {
  return process.env.LINEAGE_CODE_SERVER_CACHE || path.join(REPO_ROOT, '.cache', 'code-server');
}

/** The code-server `package/` directory, and whether a complete install is there. */
export function codeServerInstall() {
  const explicit = process.env.LINEAGE_CODE_SERVER_DIR;
  const dir = explicit || path.join(codeServerCacheDir(), CODE_SERVER_VERSION, 'package');
  const entry = path.join(dir, 'out', 'node', 'entry.js');
  // setup.sh writes the marker last, so a half-finished install is not taken for one.
  const marker = path.join(dir, '..', '.install-complete');
  const installed = fs.existsSync(entry) && (Boolean(explicit) || fs.existsSync(marker));
  return { dir, entry, installed };
}

/**
 * Runs setup.sh (idempotent and cached: a fraction of a second when everything is there). Its output
 * goes to the terminal; the result says whether the real VS Code can be used.
 * @returns {{ ok: boolean, status: number }}
 */
export function runSetup() {
  const r = spawnSync('bash', [SETUP_SCRIPT], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, CI: process.env.CI || 'true' },
  });
  const status = r.status ?? 1;
  return { ok: status === 0, status };
}
