// Benchmark of syntax-aware relocation (not a test: prints figures, asserts nothing).
// Run: npm run bench -- relocation
// 1,000 drifted anchors in 250 files (Go, Python, TypeScript, Java; 24 functions each, every one also
// called elsewhere in its file): each anchor's recorded lines are 30 lines above its function, so the
// name check fails and the file is parsed and the anchor moved to its definition. Measured: the index
// build with relocation (cold: grammars loading; warm: loaded), the same build where nothing drifted
// (no parsing), so the difference is relocation's cost; then the same anchors from the real local
// service in the real language server over stdio, and that process's RSS (the server's budget).
import { spawnSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AnchorIndex, TreeSitterDefinitions, fileUri, type AnchorEntry } from '../../server/src/anchors';
import { serverMemory } from './serverMemory';

const FILES = 250;
const FUNCTIONS = 24;
const DRIFTED_PER_FILE = 4;
const DRIFT = 30;

type Lang = 'go' | 'py' | 'ts' | 'java';
const LANGS: Lang[] = ['go', 'py', 'ts', 'java'];

/** A function of 8 lines (Python: 8 too) that calls the previous one. */
function fn(lang: Lang, name: string, callee: string): string[] {
  const body = [`x := ${callee}(1)`, 'y := x + 1', 'z := y * 2', 'w := z - 3', 'v := w / 4', 'return v'];
  switch (lang) {
    case 'go':
      return [`func ${name}(a int) int {`, ...body.map((l) => '\t' + l), '}'];
    case 'py':
      return [`def ${name}(a):`, ...body.map((l) => '    ' + l.replace(':=', '=')), '    pass'];
    case 'ts':
      return [
        `export function ${name}(a: number): number {`,
        ...body.map((l) => '  ' + l.replace(/^(\w) :=/, 'const $1 =') + ';'),
        '}',
      ];
    case 'java':
      return [
        `  int ${name}(int a) {`,
        ...body.map((l) => '    ' + l.replace(/^(\w) :=/, 'int $1 =') + ';'),
        '  }',
      ];
  }
}

function source(lang: Lang, prefix: string): { text: string; starts: number[] } {
  const lines: string[] = lang === 'go' ? ['package bench', ''] : lang === 'java' ? ['class Bench {'] : [''];
  const starts: number[] = [];
  for (let i = 0; i < FUNCTIONS; i++) {
    starts.push(lines.length);
    lines.push(...fn(lang, `${prefix}_${i}`, `${prefix}_${(i + 1) % FUNCTIONS}`), '');
  }
  if (lang === 'java') lines.push('}');
  return { text: lines.join('\n') + '\n', starts };
}

const warmNote = (w: { ms: number; endedFirst: boolean } | undefined) =>
  w
    ? `grammar warm-up ${w.ms} ms, ${w.endedFirst ? 'ended before the build did' : 'ended after the build'}`
    : 'grammar warm-up not ended';
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

async function main(): Promise<void> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'relocation-bench-')));
  try {
    const drifted: AnchorEntry[] = [];
    const inPlace: AnchorEntry[] = [];
    for (let f = 0; f < FILES; f++) {
      const lang = LANGS[f % LANGS.length]!;
      const rel = `src/${lang}/f${f}.${lang}`;
      const prefix = `fn${f}`;
      const { text, starts } = source(lang, prefix);
      await fs.mkdir(path.join(root, 'src', lang), { recursive: true });
      await fs.writeFile(path.join(root, rel), text);
      for (let k = 0; k < DRIFTED_PER_FILE; k++) {
        const i = FUNCTIONS - 1 - k * 3; // functions far enough down to drift up by DRIFT lines
        const line = starts[i]! + 1;
        const e = (line_start: number): AnchorEntry => ({
          componentId: 'c',
          pathId: `${prefix}-p${i}`,
          anchor: {
            anchor_id: `${prefix}-a${i}`,
            name: `${prefix}_${i}`,
            file: rel,
            line_start,
            line_end: line_start + 7,
          },
          expectedNames: [`${prefix}_${i}`],
        });
        drifted.push(e(line - DRIFT));
        inPlace.push(e(line));
      }
    }
    const folders = [{ uri: fileUri(root), fsPath: root, projectRoot: '' }];
    const read = (p: string) => readFileSync(p, 'utf8');
    const build = async (entries: AnchorEntry[], definitions: TreeSitterDefinitions) => {
      const index = new AnchorIndex({
        folders,
        readFile: async (p) => read(p),
        readFileSync: read,
        definitions,
      });
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      await index.setAnchors(entries);
      const ms = performance.now() - t0;
      const used = process.cpuUsage(c0);
      const cpu = (used.user + used.system) / 1000;
      const states = new Map<string, number>();
      for (const e of entries) {
        const s = index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!.state;
        states.set(s, (states.get(s) ?? 0) + 1);
      }
      index.dispose();
      return { ms, cpu, states: Object.fromEntries(states), parses: definitions.stats().parses };
    };

    if (process.env.BENCH_WARMED_FIRST) {
      // A fresh process whose grammars were warmed first, as the server does once signed in.
      const w0 = performance.now();
      const c0 = process.cpuUsage();
      const defs = new TreeSitterDefinitions();
      await defs.warm();
      const used = process.cpuUsage(c0);
      const warmMs = performance.now() - w0;
      const first = await build(drifted, defs);
      console.log(
        `first build of a process after the warm-up (${warmMs.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, done before): ${first.ms.toFixed(0)} ms wall, ${first.cpu.toFixed(0)} ms CPU`,
        first.states,
      );
      return;
    }
    if (process.env.BENCH_SERVER_ONLY) {
      // The stdio figure alone (e.g. to profile the server with NODE_OPTIONS=--cpu-prof).
      const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'relocation-bench-service-'));
      const server = await serverMemory({ dir: scratch, workspace: root, entries: drifted });
      await fs.rm(scratch, { recursive: true, force: true });
      console.log(
        `server index build: ${server.indexMs} ms (CPU ${server.indexCpuMs} ms), start to placed ${server.loadMs.toFixed(0)} ms; ${warmNote(server.warm)}`,
      );
      return;
    }
    const cold = await build(drifted, new TreeSitterDefinitions());
    console.log(
      `${drifted.length} drifted anchors in ${FILES} files, cold (fresh process, nothing warmed, grammars loading): ${cold.ms.toFixed(0)} ms wall, ${cold.cpu.toFixed(0)} ms CPU`,
      cold.states,
      `${cold.parses} files parsed`,
    );
    if (process.env.BENCH_COLD_ONLY) return; // e.g. to profile the cold build alone
    // The same first build in a fresh process whose grammars were warmed first (as the server does).
    const child = spawnSync(process.execPath, [__filename], {
      env: { ...process.env, BENCH_WARMED_FIRST: '1' },
      encoding: 'utf8',
    });
    process.stdout.write(child.stdout);
    // Wall time depends on what else the machine runs; CPU time is this process's own work.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const warm = [];
    for (let r = 0; r < 5; r++) warm.push(await build(drifted, new TreeSitterDefinitions()));
    const base = [];
    for (let r = 0; r < 5; r++) base.push(await build(inPlace, new TreeSitterDefinitions()));
    const [wMs, wCpu, bMs, bCpu] = [
      median(warm.map((x) => x.ms)),
      median(warm.map((x) => x.cpu)),
      median(base.map((x) => x.ms)),
      median(base.map((x) => x.cpu)),
    ];
    console.log(`warm, median of 5: ${wMs.toFixed(0)} ms wall, ${wCpu.toFixed(0)} ms CPU`, warm[0]!.states);
    console.log(
      `same anchors in place (nothing parsed), median of 5: ${bMs.toFixed(0)} ms wall, ${bCpu.toFixed(0)} ms CPU`,
    );
    console.log(
      `relocation's own cost for ${drifted.length} anchors: ${(wMs - bMs).toFixed(0)} ms wall, ${(wCpu - bCpu).toFixed(0)} ms CPU`,
    );
    (globalThis as { gc?: () => void }).gc?.();
    const mem = process.memoryUsage();
    console.log(
      `bench process RSS after: ${mb(mem.rss)} (heap ${mb(mem.heapUsed)}, external + WebAssembly ${mb(mem.external + mem.arrayBuffers)})`,
    );
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'relocation-bench-service-'));
    try {
      const server = await serverMemory({ dir: scratch, workspace: root, entries: drifted });
      console.log(
        `language server over stdio (fresh process): its index build placed and relocated the ${drifted.length} drifted anchors in ${server.indexMs} ms (process CPU meanwhile ${server.indexCpuMs} ms; aim ≤ 500 ms); start to placed ${server.loadMs.toFixed(0)} ms; ${warmNote(server.warm)}; RSS ${mb(server.rss)} (peak ${mb(server.peak)}; aim ≤ 300 MB)`,
      );
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
    console.log(`load average (1 min): ${os.loadavg()[0]!.toFixed(1)}`);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

void main();
