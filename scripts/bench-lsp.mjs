// Language-server benchmark (not a test; it only reports): a generated workspace with 5,000 files and
// 50,000 code anchors, the real local service and the real server over stdio. Reports the time to
// load and index everything, hover latency over stdio (median, p99), the round trip of a didChange in
// a file with many anchors, and the server's resident memory.
// Usage: node scripts/build.mjs --only server,service && node scripts/bench-lsp.mjs [--anchors 50000] [--files 5000] [--hovers 2000]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(join(root, 'package.json'));
const rpc = require('vscode-languageserver-protocol/node');

const { values: opts } = parseArgs({
  options: {
    anchors: { type: 'string', default: '50000' },
    files: { type: 'string', default: '5000' },
    hovers: { type: 'string', default: '2000' },
    keep: { type: 'boolean', default: false },
  },
});
const nAnchors = Number(opts.anchors);
const nPaths = Math.ceil(nAnchors / 2);
const nComponents = 500;
const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-bench-lsp-'));
const ws = join(dir, 'workspace');
const dataset = join(dir, 'dataset.json');

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// ---- 1. dataset and workspace ----------------------------------------------------------------
let t0 = process.hrtime.bigint();
const gen = spawnSync(process.execPath, [join(root, 'scripts/generate-dataset.mjs'), '--components', String(nComponents), '--paths', String(nPaths),
  '--fields', String(nPaths * 4), '--anchors', String(nAnchors), '--files', opts.files, '--workspace', ws, '--out', dataset], { stdio: ['ignore', 'ignore', 'inherit'] });
if (gen.status !== 0) throw new Error('generate-dataset failed');
console.log(`generated ${nAnchors} anchors in ${opts.files} files (${ms(t0).toFixed(0)} ms)`);
const data = JSON.parse(readFileSync(dataset, 'utf8'));
const code = data.components.filter((c) => c.type === 'CODE');
const anchors = code.flatMap((c) => c.paths.flatMap((p) => (p.code_anchors ?? []).filter((a) => a.file)));

// ---- 2. the local service -----------------------------------------------------------------------
const service = spawn(process.execPath, [join(root, 'dist/service/main.js'), '--port', '0', '--host', '127.0.0.1', '--db', join(dir, 'svc.db'), '--seed', dataset], { stdio: ['ignore', 'pipe', 'inherit'] });
const { url, apiKey } = await new Promise((resolve, reject) => {
  let url, key;
  service.once('exit', (c) => reject(new Error(`service exited (${c})`)));
  createInterface({ input: service.stdout }).on('line', (line) => {
    url ??= /listening on (http:\/\/\S+)/.exec(line)?.[1];
    key ??= /^API key: (\S+)/.exec(line)?.[1]; // kept in memory, never printed
    if (url && key) resolve({ url, apiKey: key });
  });
});

// ---- 3. the language server over stdio ----------------------------------------------------------------
const server = spawn(process.execPath, [join(root, 'dist/server/server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const conn = rpc.createProtocolConnection(new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
const settings = { components: code.map((c) => c.id), namespace: '', maxConcurrency: 8, refreshIntervalSeconds: 0 };
conn.onRequest('workspace/configuration', (p) => p.items.map(() => settings));
conn.onRequest('client/registerCapability', () => null);
let statusWaiter;
conn.onNotification('lineageLens/status', (s) => {
  if (process.env.BENCH_DEBUG) console.error('status', s.state, s.message);
  statusWaiter?.(s);
});
let indexLine = '';
conn.onNotification('window/logMessage', (m) => {
  if (/^Indexed \d+ code anchors/.test(m.message)) indexLine = m.message;
  if (process.env.BENCH_DEBUG) console.error('server:', m.message);
});
conn.listen();
const folderUri = pathToFileURL(ws).href;
t0 = process.hrtime.bigint();
const connected = new Promise((resolve, reject) => {
  statusWaiter = (s) => {
    if (s.state === 'connected') resolve(s);
    else if (s.state !== 'connecting' && s.state !== 'signedOut') reject(new Error(`server status ${s.state}: ${s.message}`));
  };
});
await conn.sendRequest('initialize', {
  processId: process.pid, rootUri: folderUri, workspaceFolders: [{ uri: folderUri, name: 'bench' }],
  initializationOptions: { serviceUrl: url, apiKey }, capabilities: { workspace: { configuration: true } },
});
await conn.sendNotification('initialized', {});
const status = await connected;
const loadMs = ms(t0);
console.log(`load + index: ${status.componentCount} components, ${status.anchorCount} anchors in ${loadMs.toFixed(0)} ms (service reads and anchor index build)`);
console.log(`  of which the index build (server log): ${indexLine || 'not reported'}`);

// ---- 4. hover latency ----------------------------------------------------------------------------
const opened = new Map();
async function open(file) {
  if (opened.has(file)) return opened.get(file);
  const uri = pathToFileURL(join(ws, file)).href;
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'plaintext', version: 1, text: readFileSync(join(ws, file), 'utf8') } });
  opened.set(file, uri);
  return uri;
}
// Hovers on the anchored lines of 50 open files, round-robin, until --hovers requests were made.
const byFile = new Map();
for (const a of anchors) byFile.set(a.file, [...(byFile.get(a.file) ?? []), a]);
const files = [...byFile.keys()].filter((_, i) => i % Math.max(1, Math.floor(byFile.size / 50)) === 0).slice(0, 50);
for (const f of files) await open(f);
const targets = files.flatMap((f) => byFile.get(f));
const hoverAt = (a) => conn.sendRequest('textDocument/hover', { textDocument: { uri: opened.get(a.file) }, position: { line: a.line_start - 1, character: (a.column_start ?? 1) - 1 } });
for (let i = 0; i < 100; i++) await hoverAt(targets[i % targets.length]); // warm-up
const times = [];
let empty = 0;
for (let i = 0; i < Number(opts.hovers); i++) {
  const t = process.hrtime.bigint();
  const h = await hoverAt(targets[i % targets.length]);
  times.push(ms(t));
  if (!h) empty++;
}
times.sort((x, y) => x - y);
console.log(`hover over stdio (${times.length} requests on anchored lines, ${empty} empty): median ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms`);

// ---- 5. didChange in the file with the most anchors ---------------------------------------------------------
const perFile = new Map();
for (const a of anchors) perFile.set(a.file, (perFile.get(a.file) ?? 0) + 1);
const [busiest, count] = [...perFile].sort((x, y) => y[1] - x[1])[0];
const busyUri = await open(busiest);
const changeTimes = [];
for (let v = 2; v < 202; v++) {
  const t = process.hrtime.bigint();
  await conn.sendNotification('textDocument/didChange', { textDocument: { uri: busyUri, version: v }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: v % 2 ? '\n' : '// x\n' }] });
  // A request after the notification returns once the change was processed (messages are handled in order).
  await conn.sendRequest('textDocument/codeLens', { textDocument: { uri: busyUri } });
  changeTimes.push(ms(t));
}
changeTimes.sort((x, y) => x - y);
console.log(`didChange + codeLens round trip in a file with ${count} anchors: median ${pct(changeTimes, 50).toFixed(2)} ms, p99 ${pct(changeTimes, 99).toFixed(2)} ms`);

// ---- 6. memory -------------------------------------------------------------------------------------------
const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
console.log(`server RSS: ${rss ? (Number(rss) / 1024).toFixed(0) : '?'} MB`);

await conn.sendRequest('shutdown');
await conn.sendNotification('exit');
service.kill('SIGTERM');
if (!opts.keep) rmSync(dir, { recursive: true, force: true });
else console.log(`kept ${dir}`);
process.exit(0);
