// Starts the local service (dist/service/main.js) with a fresh database seeded from the demo dataset on
// 127.0.0.1 for the extension-host runners; resolves on its URL and API-key lines. One implementation
// of starting the service serves every script: startServiceProcess in scripts/start.mjs.
import path from 'node:path';
import { startServiceProcess } from '../start.mjs';

/** @returns {Promise<{url: string, apiKey: string, db: string, logFile: string, stop(): Promise<void>}>} */
export async function startLocalService({
  repoRoot,
  tmpDir,
  seed = path.join(repoRoot, 'demo', 'dataset.json'),
}) {
  const logFile = path.join(tmpDir, 'service.log');
  const db = path.join(tmpDir, 'service.db');
  const s = await startServiceProcess({ db, seed, logFile });
  if (!s.apiKey) throw new Error(`the local service printed no API key for a new database; see ${logFile}`);
  return { url: s.url, apiKey: s.apiKey, db, logFile, stop: s.stop };
}
