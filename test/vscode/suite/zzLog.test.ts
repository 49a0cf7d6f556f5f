// Runs near the end, after the sign-ins, sign-outs and server restarts of the suites above: the log
// reads as one log (no "[Info - 1:35:39 PM]" of the language client inside our own "[info]").
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
});
