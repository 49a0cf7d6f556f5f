// Benchmark of git-aware anchor mapping (not a test: prints figures, asserts nothing).
// Run: npm run bench -- anchorsGit
// A git repository of 5,000 files / 50,000 anchors, 200 commits past the scanned commit with 1,000
// changed files (each got lines inserted above its functions and one body rewritten). The same index
// build with and without git mapping, alternated in one run; the aim is at most 1.5× without git.
// BENCH_ROUNDS (7) sets how many of each.
import { promises as fs, readFile, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  AnchorIndex,
  GitMapper,
  TreeSitterDefinitions,
  fileUri,
  type AnchorEntry,
  type GitMapping,
} from '../../server/src/anchors';
import { GitRepo } from '../helpers/gitRepo';

const readFileAsync = promisify(readFile);
const FILES = 5_000;
const FNS = 10;
const COMMITS = 200;
const FILES_PER_COMMIT = 5;
/** Builds of each kind, alternated (BENCH_ROUNDS): the first of each is cold, the second still warming. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

function source(prefix: string, header = '', rewrite = -1): string {
  const out: string[] = header ? [header] : [];
  for (let i = 0; i < FNS; i++)
    out.push(
      `export function ${prefix}_${i}(input: Input) {`,
      i === rewrite
        ? `  const v = transformAgain(input.g${i}, true);`
        : `  const v = transform(input.f${i});`,
      `  return store(v);`,
      `}`,
      '',
    );
  return out.join('\n');
}

/** CPU time of this process's finished children (git), from /proc/self/stat (10 ms clock ticks). */
function childCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

/** The same git mapping, without reading files at their scanned commits: anchors have no identity. */
function withoutIdentities(m: GitMapper): GitMapping {
  return new Proxy(m, {
    get(target, prop) {
      if (prop === 'readAtCommit' || prop === 'changedFiles') return undefined;
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const repo = await GitRepo.create();
  const root = repo.root;
  const git = (...args: string[]) => repo.git(...args);
  try {
    const files: string[] = [];
    for (let d = 0; d < FILES / 100; d++) {
      await fs.mkdir(path.join(root, 'src', `m${d}`), { recursive: true });
      for (let f = 0; f < 100; f++) {
        const rel = `src/m${d}/f${f}.ts`;
        files.push(rel);
        await fs.writeFile(path.join(root, rel), source(`fn_${d}_${f}`));
      }
    }
    git('add', '-A');
    git('commit', '-q', '-m', 'scanned');
    const scanned = git('rev-parse', 'HEAD');
    // 200 commits, 5 files each: 1,000 changed files, spread over the tree.
    for (let c = 0; c < COMMITS; c++) {
      const changed: string[] = [];
      for (let k = 0; k < FILES_PER_COMMIT; k++) {
        const i = (c * FILES_PER_COMMIT + k) * (FILES / (COMMITS * FILES_PER_COMMIT));
        const rel = files[i]!;
        const [, d, f] = /m(\d+)\/f(\d+)/.exec(rel)!;
        const header = `// changed in commit ${c}\n// a second line\n// a third line\n`;
        await fs.writeFile(path.join(root, rel), source(`fn_${d}_${f}`, header, c % FNS));
        changed.push(rel);
      }
      git('add', '--', ...changed);
      git('commit', '-q', '-m', `change ${c}`);
    }
    git('gc', '-q'); // as a clone would be: packed
    const setupMs = performance.now() - t0;

    const entries: AnchorEntry[] = [];
    files.forEach((rel) => {
      const [, d, f] = /m(\d+)\/f(\d+)/.exec(rel)!;
      const prefix = `fn_${d}_${f}`;
      for (let i = 0; i < FNS; i++)
        entries.push({
          componentId: `c${d}`,
          pathId: `${prefix}-p${i}`,
          anchor: {
            anchor_id: `${prefix}-a${i}`,
            name: `${prefix}_${i}`,
            file: rel,
            line_start: i * 5 + 1,
            line_end: i * 5 + 4,
          },
          expectedNames: [`${prefix}_${i}`],
          commit: scanned,
        });
    });

    const folders = [{ uri: fileUri(root), fsPath: root, projectRoot: '' }];
    const reads = {
      readFile: (p: string) => readFileAsync(p, 'utf8').catch(() => undefined),
      readFileSync: (p: string) => readFileSync(p, 'utf8'),
    };
    const plainMs: number[] = [];
    const plainCpu: number[] = [];
    const gitMs: number[] = [];
    const gitCpu: number[] = [];
    const childCpu: number[] = [];
    let exact = 0;
    let changedSinceScan = 0;
    let moved = 0;
    for (let r = 0; r < ROUNDS; r++) {
      // Same build without git mapping (the anchors' commit is ignored) …
      const plain = new AnchorIndex({ folders, ...reads, definitions: null });
      let a = performance.now();
      let c0 = process.cpuUsage();
      await plain.setAnchors(entries);
      plainMs.push(performance.now() - a);
      plainCpu.push(cpuMs(process.cpuUsage(c0)));
      plain.dispose();
      // … and with it: a fresh GitMapper each round, so every build runs git diff (nothing cached).
      // The repository is found beforehand, as the server does when the workspace folders arrive.
      const mapper = new GitMapper({ log: (m) => console.log(`  log: ${m}`), watch: false });
      await mapper.prepare(folders, new Set());
      const withGit = new AnchorIndex({ folders, ...reads, definitions: null, git: mapper });
      a = performance.now();
      c0 = process.cpuUsage();
      const k0 = childCpuMs();
      await withGit.setAnchors(entries);
      gitMs.push(performance.now() - a);
      gitCpu.push(cpuMs(process.cpuUsage(c0)));
      childCpu.push(childCpuMs() - k0);
      if (r === ROUNDS - 1) {
        for (const e of entries) {
          const t = withGit.anchor(e.componentId, e.pathId, e.anchor.anchor_id);
          if (t?.sinceScan?.change === 'exact') exact++;
          if (t?.sinceScan?.change === 'changed') changedSinceScan++;
          if (t?.range && t.range.start.line !== e.anchor.line_start! - 1) moved++;
        }
      }
      withGit.dispose();
    }
    const ratio = median(gitMs) / median(plainMs);
    console.log(
      `git-aware anchor mapping (${FILES} files, ${entries.length} anchors; ${COMMITS} commits past the scan, ${COMMITS * FILES_PER_COMMIT} files changed; repository made in ${(setupMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `  index build without git:     median ${median(plainMs).toFixed(0)} ms of ${ROUNDS} (${plainMs.map((x) => x.toFixed(0)).join(', ')}; CPU ${median(plainCpu).toFixed(0)} ms)`,
    );
    console.log(
      `  index build with git mapping: median ${median(gitMs).toFixed(0)} ms of ${ROUNDS} (${gitMs.map((x) => x.toFixed(0)).join(', ')}; CPU ${median(gitCpu).toFixed(0)} ms here + ${median(childCpu).toFixed(0)} ms in git, which runs beside it)`,
    );
    console.log(`  ratio:                        ${ratio.toFixed(2)}×   (aim ≤ 1.5×)`);
    const cpuRatio = (median(gitCpu) + median(childCpu)) / median(plainCpu);
    console.log(
      `  CPU ratio (git's included):   ${cpuRatio.toFixed(2)}×   (what the build costs whatever the load)`,
    );
    console.log(
      `  anchors: ${exact} unchanged since the scan, ${changedSinceScan} changed since the scan, ${moved} on other lines than recorded`,
    );
    // Identities: the same build with tree-sitter, with and without reading the changed files as they were
    // at the scanned commit (git cat-file) and parsing them — what knowing which code an anchor is costs.
    const syntax = new TreeSitterDefinitions();
    await syntax.warm();
    const plainIdMs: number[] = [];
    const idMs: number[] = [];
    const idHandlerMs: number[] = [];
    let verified = 0;
    // Realistic naming at its least helpful: the anchor unnamed, the path named after a handler elsewhere,
    // so no name at the mapped lines settles it and every changed file's scanned version is read and parsed.
    const byHandler = entries.map((e) => ({
      ...e,
      anchor: { ...e.anchor, name: undefined },
      expectedNames: ['handleRequest'],
      otherNames: ['handleRequest'],
    }));
    for (let r = 0; r < ROUNDS; r++) {
      for (const variant of ['plain', 'identities', 'handler'] as const) {
        const mapper = new GitMapper({ log: () => undefined, watch: false });
        await mapper.prepare(folders, new Set());
        const index = new AnchorIndex({
          folders,
          ...reads,
          definitions: syntax,
          git: variant === 'plain' ? withoutIdentities(mapper) : mapper,
        });
        const a = performance.now();
        await index.setAnchors(variant === 'handler' ? byHandler : entries);
        (variant === 'plain' ? plainIdMs : variant === 'identities' ? idMs : idHandlerMs).push(
          performance.now() - a,
        );
        if (variant === 'handler' && r === ROUNDS - 1)
          for (const e of byHandler)
            if (!index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)?.unverified) verified++;
        index.dispose();
      }
    }
    console.log(
      `  with tree-sitter, identities not read: median ${median(plainIdMs).toFixed(0)} ms (${plainIdMs.map((x) => x.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  with tree-sitter, identities read:     median ${median(idMs).toFixed(0)} ms (${idMs.map((x) => x.toFixed(0)).join(', ')}): each anchor named after its function`,
    );
    console.log(
      `  … named after a handler elsewhere:     median ${median(idHandlerMs).toFixed(0)} ms (${idHandlerMs.map((x) => x.toFixed(0)).join(', ')}); ${verified} of ${entries.length} anchors verified`,
    );
    console.log(
      `  identities add:                        ${((median(idMs) / median(plainIdMs) - 1) * 100).toFixed(0)} % named after their function, ${((median(idHandlerMs) / median(plainIdMs) - 1) * 100).toFixed(0)} % after a handler   (aim ≤ 50 %)`,
    );
    console.log(
      `  load average ${os.loadavg()[0]!.toFixed(1)} · process RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
    );
  } finally {
    await repo.dispose();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
