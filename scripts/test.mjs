// `npm test`: builds, type-checks, then runs every suite that can run here and prints one closing
// line "N passed, N failed, N skipped" that sums them all. Before the suites that need a real VS Code it
// runs the same idempotent, cached setup as CI (scripts/vscode/setup.sh: Debian packages, code-server);
// when that fails, those suites are reported as not run because of the setup (exit code 2), never as
// failed tests.
// Lint (`npm run lint`: ESLint, dependency-cruiser's folder-cycle check, then Prettier's check) is a
// step of its own; red lint is a failure.
//   node scripts/test.mjs [--skip-vscode] [--no-build] [--only lint,unit,api,service,server,vscode,journeys]
//                         [--shuffle [--seed N]]
// --shuffle runs the Node suites' test files in a random order (the seed is printed; --seed repeats an
// order): a file that only passes after another one set something up fails there.
import { existsSync, readFileSync, readdirSync, mkdirSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { runSetup } from './vscode/install-location.mjs';
import { mulberry32, shuffled } from './seededRandom.mjs';
import { describeLimit, runTimedStep } from './timedStep.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    'skip-vscode': { type: 'boolean', default: false },
    // For callers that have just built and type-checked (and for the test of this script).
    'no-build': { type: 'boolean', default: false },
    shuffle: { type: 'boolean', default: false },
    seed: { type: 'string' },
  },
});
const shuffleSeed = !args.shuffle
  ? undefined
  : args.seed !== undefined
    ? Number(args.seed)
    : Math.floor(Math.random() * 2 ** 31);
if (shuffleSeed !== undefined) console.log(`Test files in a shuffled order: --shuffle --seed ${shuffleSeed}`);

/** Mocha's spec arguments for an area: its glob, or each file in the shuffled order. */
function specsOf(area) {
  if (shuffleSeed === undefined) return ['--spec', `dist/test/${area}/**/*.test.js`];
  const files = readdirSync(join(root, 'dist/test', area), { recursive: true })
    .map((f) => String(f))
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => `dist/test/${area}/${f}`);
  return shuffled(files, mulberry32(shuffleSeed + area.length)).flatMap((f) => ['--spec', f]);
}
const wanted = new Set((args.only ?? 'lint,unit,api,service,server,vscode,journeys').split(','));
if (args['skip-vscode']) {
  wanted.delete('vscode');
  wanted.delete('journeys');
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Suites that could not run because the setup failed. */
const notRun = [];

/**
 * How long a step may run before it is stopped and named as failed: several times what each takes on
 * CI's two cores (the Node areas under 3 min, the VS Code suites under 6).
 */
const STEP_LIMIT_MS = 15 * 60_000;
const VSCODE_STEP_LIMIT_MS = 30 * 60_000;

function step(title, cmd, argv, limitMs = STEP_LIMIT_MS) {
  console.log(`\n=== ${title}`);
  const r = runTimedStep({ cmd, argv, cwd: root, limitMs });
  if (r.timedOut) {
    totals.failed += 1;
    failures.push(
      `${title}: still running after ${describeLimit(limitMs)}, stopped (a test, or a timer or process one left behind, kept it alive); the results it wrote are counted`,
    );
  }
  return r.status;
}

function addResults(suite, file) {
  if (!existsSync(file)) {
    totals.failed += 1;
    failures.push(`${suite}: no results were written (${file})`);
    return;
  }
  // Mocha's stats ({stats: {passes, failures, pending}}) or the suite's own {passed, failed, pending}.
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const s = json.stats ?? {};
  const passed = s.passes ?? json.passed ?? 0;
  const failed = s.failures ?? json.failed ?? 0;
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += s.pending ?? json.pending ?? 0;
  if (failed) {
    failures.push(`${suite}: ${failed} failed`);
    // Named again at the end, so the last lines of a CI log always say which tests failed and why.
    const named = Array.isArray(json.failures)
      ? json.failures
      : (Array.isArray(json.tests) ? json.tests : []).filter((t) => t?.state === 'failed');
    for (const f of named) {
      const why = String(f.error ?? '')
        .split('\n')
        .slice(0, 3)
        .join(' | ');
      failures.push(`  ${suite} › ${String(f.title ?? '?')}: ${why.slice(0, 400)}`);
    }
  }
}

/** The default timeout of unit tests (the other areas keep test/.mocharc.json's). */
const UNIT_TIMEOUT_MS = 5000;

const artifacts = join(root, '.test-artifacts');
mkdirSync(artifacts, { recursive: true });

if (!args['no-build']) {
  if (step('build', process.execPath, ['scripts/build.mjs']) !== 0) process.exit(1);
  if (step('typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '-b']) !== 0) {
    totals.failed += 1;
    failures.push('typecheck failed');
  }
}

if (wanted.has('lint') && step('lint', 'npm', ['run', '--silent', 'lint']) !== 0) {
  totals.failed += 1;
  failures.push('lint failed (npm run lint)');
}

// Node suites: one mocha run per area so a crash in one does not hide the others.
for (const area of ['unit', 'api', 'service', 'server']) {
  if (!wanted.has(area)) continue;
  const dir = join(root, 'dist/test', area);
  if (!existsSync(dir)) continue;
  const out = join(artifacts, `mocha-${area}.json`);
  rmSync(out, { force: true });
  step(`mocha: ${area}`, process.execPath, [
    'node_modules/mocha/bin/mocha.js',
    '--config',
    'test/.mocharc.json',
    // Unit tests run in-process on small inputs: a short default makes a hung one fail fast; the few
    // that start real processes (git, a service) or run property checks say how long they may take.
    ...(area === 'unit' ? ['--timeout', String(UNIT_TIMEOUT_MS)] : []),
    ...specsOf(area),
    '--reporter',
    'scripts/mocha-reporter.cjs',
    '--reporter-option',
    `output=${out}`,
  ]);
  addResults(area, out);
}

// Extension-host suite and user journeys in a real VS Code (see docs/testing-vscode.md), after the
// setup that installs it (seconds when it is installed already).
let setupFailed = null;
if (wanted.has('vscode') || wanted.has('journeys')) {
  console.log('\n=== setup: the real VS Code (bash scripts/vscode/setup.sh)');
  const setup = runSetup();
  if (!setup.ok) setupFailed = `scripts/vscode/setup.sh exited with ${setup.status}; its message is above`;
}
// The extension-host suite runs twice: inside the extension under development (all of it), and beside
// the extension installed from the packaged .vsix, so what ships is what is tested.
for (const [area, script, ...extra] of [
  ['vscode', 'scripts/vscode/run-extension-tests.mjs'],
  ['vscode-vsix', 'scripts/vscode/run-extension-tests.mjs', '--vsix'],
  ['journeys', 'scripts/vscode/run-journeys.mjs'],
]) {
  if (!wanted.has(area.replace(/-vsix$/, ''))) continue;
  if (setupFailed) {
    notRun.push(area);
    continue;
  }
  if (!existsSync(join(root, script))) {
    console.log(`\n=== ${area}: ${script} is not there yet; skipped`);
    continue;
  }
  const out = join(artifacts, `${area}-results.json`);
  rmSync(out, { force: true });
  // Built above already.
  step(area, process.execPath, [script, '--no-build', ...extra, '--results', out], VSCODE_STEP_LIMIT_MS);
  addResults(area, out);
}

if (failures.length) console.log(`\nFailures:\n  ${failures.join('\n  ')}`);
const summary = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
if (setupFailed) {
  console.log(`\nSetup failed: ${setupFailed}.\nNot run: ${notRun.join(', ')}.`);
  console.log(`\n${summary}; SETUP FAILED (${notRun.length} suites not run)`);
  process.exit(2);
}
console.log(`\n${summary}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
