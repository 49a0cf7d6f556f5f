// Reads the JSON summary the extension-host suite writes (test/vscode/suite/index.ts), prints it with
// the failed tests, and turns a missing summary into a failure: a suite that wrote nothing did not pass.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './run-suite.mjs';

/** @returns {number} the exit code to use: `code`, or 1 when no results were written. */
export function reportSuiteResults(resultsFile, code, log) {
  if (!fs.existsSync(resultsFile)) {
    log('no results file was written');
    return code === 0 ? 1 : code;
  }
  const r = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  log(
    `${r.passed} passed, ${r.failed} failed, ${r.pending} pending (details: ${path.relative(REPO_ROOT, resultsFile)})`,
  );
  for (const t of (r.tests ?? []).filter((x) => x.state === 'failed')) {
    console.error(`  ✗ ${t.title}\n    ${String(t.error).split('\n').slice(0, 4).join('\n    ')}`);
  }
  return code;
}
