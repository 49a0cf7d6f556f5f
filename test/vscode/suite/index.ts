// Entry of the extension-host suite: runs mocha programmatically over the other suite files (bundled
// beside this one) inside VS Code's extension host, and writes a JSON summary to $LINEAGE_TEST_RESULTS.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import Mocha from 'mocha';

interface TestResult {
  title: string;
  file?: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
}

/**
 * The files in the order the runner asked for (LINEAGE_TEST_ORDER: its --shuffle), else by name. The
 * order must name every file once: a file left out would pass unnoticed.
 */
function orderOf(files: string[]): string[] {
  const asked = process.env.LINEAGE_TEST_ORDER;
  if (!asked) return files;
  const order = JSON.parse(asked) as string[];
  if (order.length !== files.length || [...order].sort().join('\n') !== files.join('\n'))
    throw new Error(`LINEAGE_TEST_ORDER does not list the suite's files: ${asked}`);
  return order;
}

export function run(): Promise<void> {
  // The extension host forwards console.log's raw printf arguments to the workbench, so the spec
  // reporter's lines arrive as "✔ %s (%dms) …": format them here first.
  (Mocha.reporters.Base as unknown as { consoleLog: (...a: unknown[]) => void }).consoleLog = (
    ...a: unknown[]
  ) => console.log(util.format(...a));
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  const files = orderOf(
    fs
      .readdirSync(__dirname)
      .filter((f) => f.endsWith('.test.js'))
      .sort(),
  );
  const only = process.env.LINEAGE_TEST_GREP;
  if (only) mocha.grep(new RegExp(only));
  for (const f of files) mocha.addFile(path.join(__dirname, f));

  const results: TestResult[] = [];
  const startedAt = new Date().toISOString();
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const out = process.env.LINEAGE_TEST_RESULTS;
      if (out) {
        fs.mkdirSync(path.dirname(out), { recursive: true });
        const summary = {
          startedAt,
          finishedAt: new Date().toISOString(),
          passed: results.filter((r) => r.state === 'passed').length,
          failed: failures,
          pending: results.filter((r) => r.state === 'pending').length,
          tests: results,
        };
        fs.writeFileSync(out, JSON.stringify(summary, null, 2));
      }
      if (failures > 0) reject(new Error(`${failures} extension-host tests failed`));
      // A runner's grep may match nothing in a second launch (LINEAGE_TEST_ALLOW_NONE).
      else if (results.length === 0 && !process.env.LINEAGE_TEST_ALLOW_NONE)
        reject(new Error('no extension-host tests ran'));
      else resolve();
    });
    runner.on('pass', (t) =>
      results.push({
        title: t.fullTitle(),
        file: t.file && path.basename(t.file),
        state: 'passed',
        durationMs: t.duration,
      }),
    );
    runner.on('fail', (t, err: Error) =>
      results.push({
        title: t.fullTitle(),
        file: t.file && path.basename(t.file),
        state: 'failed',
        error: String(err?.stack ?? err),
      }),
    );
    runner.on('pending', (t) =>
      results.push({ title: t.fullTitle(), file: t.file && path.basename(t.file), state: 'pending' }),
    );
  });
}
