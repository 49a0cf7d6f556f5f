// Runs near the end, after the sign-ins, sign-outs and server restarts of the suites above: the log
// reads as one log (no "[Info - 1:35:39 PM]" of the language client inside our own "[info]"), and a
// credentials line is written when the credentials change, not on every push.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { lineageApi, logFiles } from './helpers';

function lineageLog(dir: string): string {
  return logFiles(dir)
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
}

describe('the Lineage Lens log', () => {
  it('has no doubled prefixes: the language client lines keep their level', async () => {
    const text = lineageLog((await lineageApi()).logUri.fsPath);
    assert.match(text, /Language server started/);
    const doubled = text.split('\n').filter((l) => /\] \[(Trace|Debug|Info|Warn|Error)\s+- /.test(l));
    assert.deepEqual(doubled.slice(0, 3), [], `${doubled.length} lines with the client's prefix inside ours`);
  });

  it('writes a credentials line once per sign-in, sign-out or server start, not on every push', async () => {
    const lines = lineageLog((await lineageApi()).logUri.fsPath)
      .split('\n')
      .map((l) => /(Credentials set for \S+|Signed out.*|Signed in to|Language server started)/.exec(l)?.[1])
      .filter((l): l is string => !!l);
    assert.ok(
      lines.some((l) => l.startsWith('Credentials set for')),
      'sign-ins were logged',
    );
    // A sign-in (even with another key for the same URL) or a new server may log them again.
    const repeats = lines.filter((l, i) => i > 0 && l.startsWith('Credentials set') && l === lines[i - 1]);
    assert.deepEqual(repeats, [], `the same credentials logged twice in a row: ${lines.join(' | ')}`);
  });
});
