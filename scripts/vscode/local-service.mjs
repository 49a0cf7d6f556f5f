// Starts the local service (dist/service/main.js) with a fresh database seeded from the demo dataset on
// 127.0.0.1 for the extension-host runners; resolves on its URL and API-key lines. The
// key line is never written to the log file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const URL_LINE = /^Lineage Lens local service listening on (http:\/\/127\.0\.0\.1:\d+)\s*$/;
const KEY_LINE = /^API key: (\S+)\s*$/;

/** @returns {Promise<{url: string, apiKey: string, logFile: string, stop(): Promise<void>}>} */
export function startLocalService({ repoRoot, tmpDir, seed = path.join(repoRoot, 'demo', 'dataset.json') }) {
  const db = path.join(tmpDir, 'service.db');
  const logPath = path.join(tmpDir, 'service.log');
  const child = spawn(process.execPath, [path.join(repoRoot, 'dist/service/main.js'), '--port', '0', '--db', db, '--seed', seed], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = fs.createWriteStream(logPath);
  child.stderr.pipe(logFile);
  return new Promise((resolve, reject) => {
    let url;
    let apiKey;
    const fail = (err) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const timer = setTimeout(() => fail(new Error('the local service did not announce itself within 30 s')), 30_000);
    child.once('exit', (code) => fail(new Error(`the local service exited early (${code}); see ${logPath}`)));
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const k = KEY_LINE.exec(line);
      if (k) apiKey = k[1];
      else logFile.write(line + '\n');
      const u = URL_LINE.exec(line);
      if (u) url = u[1];
      if (!url || !apiKey) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url,
        apiKey,
        logFile: logPath,
        stop: () =>
          new Promise((r) => {
            if (child.exitCode !== null || child.signalCode !== null) return r();
            child.once('exit', () => r());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
