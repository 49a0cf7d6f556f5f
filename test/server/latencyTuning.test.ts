// What the real server does at start for the tail of its request latency: it lowers the priority of
// V8's background threads (compiler, GC helpers), read from /proc as the scheduler sees them, keeps its
// main thread, which answers the editor, where it was, and sets its V8 flags (their effect:
// test/unit/compilerFlags.test.ts).
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LspClient } from '../helpers/lspClient';
import { COMPILER_FLAGS } from '../../server/src/util/compilerFlags';
import { SERVER_NODE_FLAGS } from '../../common/src/serverNodeFlags';
import {
  BACKGROUND_NICE_OFFSET,
  idleScheduling,
  lowerBackgroundThreadPriority,
  yieldBackgroundThreads,
} from '../../server/src/util/threadPriority';

/** Each thread's nice value: the 19th field of /proc/PID/task/TID/stat (the name may hold spaces). */
function threadNice(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, Number(fields[16])); // fields[0] is the 3rd field (state); nice is the 19th
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** Each thread's scheduling policy: the 41st field of /proc/PID/task/TID/stat (5: SCHED_IDLE). */
function threadPolicy(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      out.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}
const SCHED_IDLE = 5;

describe('language server: tuned for the tail of request latency', function () {
  let folder: string;
  let client: LspClient;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lineage-lens-threads-'));
    client = await LspClient.start({ workspaceFolder: folder });
  });
  after(async () => {
    await client?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('sets its V8 flags and says so in its log', async () => {
    const line = await client.waitFor<{ message: string }>('window/logMessage', (p) =>
      p.message.startsWith('V8 flags:'),
    );
    assert.equal(line.message, `V8 flags: ${COMPILER_FLAGS.join(' ')}`);
  });

  it('was started with the Node options the extension starts it with, and says so in its log', async () => {
    const line = await client.waitFor<{ message: string }>('window/logMessage', (p) =>
      p.message.startsWith('Node options:'),
    );
    assert.equal(line.message, `Node options: ${SERVER_NODE_FLAGS.join(' ')}`);
  });

  it('runs V8 worker threads at nice +10 and the main thread unchanged, and says so in its log', async function () {
    if (process.platform !== 'linux') return this.skip(); // a thread id would name the whole process
    const pid = client.child.pid!;
    const nice = threadNice(pid);
    const main = nice.get(pid);
    assert.equal(main, threadNice(process.pid).get(process.pid), 'the main thread keeps its priority');
    const lowered = [...nice].filter(([tid, n]) => tid !== pid && n === main! + BACKGROUND_NICE_OFFSET);
    // Node starts four V8 platform workers before any code of ours runs.
    assert.ok(lowered.length >= 4, `threads and nice values: ${JSON.stringify([...nice])}`);
    const line = await client.waitFor<{ message: string }>('window/logMessage', (p) =>
      p.message.startsWith('Background threads:'),
    );
    assert.match(line.message, new RegExp(`^Background threads: ${lowered.length} at nice ${main! + 10}$`));
  });

  it('puts V8 worker threads under SCHED_IDLE and the main thread not, and says so in its log', async function () {
    if (process.platform !== 'linux') return this.skip();
    const pid = client.child.pid!;
    const line = await client.waitFor<{ message: string }>('window/logMessage', (p) =>
      /^Background threads: \d+ idle-scheduled/.test(p.message),
    );
    const policy = threadPolicy(pid);
    assert.notEqual(policy.get(pid), SCHED_IDLE, 'the main thread keeps its policy');
    const idle = [...policy].filter(([tid, p]) => tid !== pid && p === SCHED_IDLE);
    assert.ok(idle.length >= 4, `threads and policies: ${JSON.stringify([...policy])}`);
    assert.equal(line.message, `Background threads: ${idle.length} idle-scheduled`);
  });

  it('without chrt, idle scheduling says why and changes nothing', async function () {
    if (process.platform !== 'linux') return this.skip();
    const before = threadPolicy(process.pid);
    const tids = [...before.keys()].filter((t) => t !== process.pid);
    assert.deepEqual(await idleScheduling(tids, '/nonexistent/chrt'), {
      idled: 0,
      skipped: '/nonexistent/chrt not found',
    });
    assert.deepEqual(threadPolicy(process.pid), before);
  });

  it('leaves a platform where a thread id names the process untouched', function () {
    if (process.platform !== 'linux') return this.skip(); // read from /proc
    const before = threadNice(process.pid);
    const result = lowerBackgroundThreadPriority('darwin');
    assert.deepEqual(result, { lowered: 0, skipped: 'not on Linux (darwin)' });
    // Nor is anything idle-scheduled there: there are no threads to give chrt.
    assert.deepEqual(yieldBackgroundThreads('darwin'), { priority: result });
    assert.deepEqual(threadNice(process.pid), before);
  });
});
