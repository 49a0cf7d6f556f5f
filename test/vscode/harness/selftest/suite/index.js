// Extension-host suite for the harness self-test. Runs inside VS Code's extension host.
// Writes its results to $HARNESS_SELFTEST_RESULTS; HARNESS_SELFTEST_FAIL=1 makes it fail on purpose
// (which also proves that env given to the runner reaches the extension host);
// HARNESS_SELFTEST_HANG=1 never settles (to exercise the runner's hard timeout).
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');

async function run() {
  const results = {
    vscodeVersion: vscode.version,
    checks: [],
    passed: false,
    startedAt: new Date().toISOString(),
  };
  const check = async (name, fn) => {
    try {
      await fn();
      results.checks.push({ name, ok: true });
      console.log(`  ok - ${name}`);
    } catch (e) {
      results.checks.push({ name, ok: false, error: String((e && e.message) || e) });
      console.error(`  not ok - ${name}: ${e && e.message}`);
      throw e;
    }
  };
  try {
    await check('the extension under development is loaded', async () => {
      const ext = vscode.extensions.getExtension('lineage-lens.harness-selftest');
      assert.ok(ext, 'lineage-lens.harness-selftest not found');
      await ext.activate();
    });
    await check('its command is registered', async () => {
      const commands = await vscode.commands.getCommands(true);
      assert.ok(
        commands.includes('lineageHarnessSelftest.hello'),
        'command lineageHarnessSelftest.hello missing',
      );
      assert.equal(
        await vscode.commands.executeCommand('lineageHarnessSelftest.hello'),
        'hello from the harness self-test',
      );
    });
    await check('a workspace folder is open', async () => {
      assert.equal(vscode.workspace.workspaceFolders?.length, 1);
    });
    if (process.env.HARNESS_SELFTEST_FAIL === '1') {
      await check('deliberate failure (HARNESS_SELFTEST_FAIL=1)', async () => {
        assert.fail('failing on purpose');
      });
    }
    if (process.env.HARNESS_SELFTEST_HANG === '1') {
      console.log('  hanging on purpose (HARNESS_SELFTEST_HANG=1)');
      await new Promise(() => {});
    }
    results.passed = true;
  } finally {
    results.finishedAt = new Date().toISOString();
    const out = process.env.HARNESS_SELFTEST_RESULTS;
    if (out) {
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, JSON.stringify(results, null, 2));
    }
  }
}

module.exports = { run };
