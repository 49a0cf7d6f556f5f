// Benchmark of anchor identity on a real repository and its real history (not a test: prints figures,
// asserts nothing). Run: npm run bench -- identity
//   BENCH_REPO       a clone (or bare mirror) of GoogleCloudPlatform/microservices-demo
//                    (default /work/.mirror/GoogleCloudPlatform+microservices-demo/repo; skipped if absent)
//   BENCH_SCANNED    the commit the anchors were scanned at (default 65b552273, 2022-05-27)
//   BENCH_WORKSPACE  the commit the workspace is at (default 7cfba453a, 2025-05-29)
// One anchor on every uniquely named function or method of the scanned commit (Go, Python, JavaScript,
// TypeScript, Java, C#, under src/). Where each should land is what the code says: the definition of
// the same kind, container and name in the workspace's version of its file (git's renames followed),
// else the one such definition in another file (moved), else none (deleted: the anchor must be stale).
// Two namings of the same anchors: "own" (both boundaries named after the anchored function) and
// "realistic" (ingress: another definition of the same file that survives; egress: the anchored
// function; the anchor's name in turn absent, a phrase, the identifier). Each in a full git clone and
// in a copy of the workspace without history.
import { execFileSync } from 'node:child_process';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  AnchorIndex,
  GitMapper,
  TreeSitterDefinitions,
  expectedNamesFor,
  fileUri,
  otherNamesFor,
  type AnchorEntry,
} from '../../server/src/anchors';
import { grammarFor } from '../../server/src/anchors/syntax/languages';
import type { Definition } from '../../server/src/anchors/syntax/definitions';
import type { PathCodeAnchor } from '../../common/src/api/paths';

const REPO = process.env.BENCH_REPO ?? '/work/.mirror/GoogleCloudPlatform+microservices-demo/repo';
const SCANNED = process.env.BENCH_SCANNED ?? '65b552273';
const WORKSPACE = process.env.BENCH_WORKSPACE ?? '7cfba453a';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, LC_ALL: 'C' },
  });

interface Truth {
  entry: AnchorEntry;
  /** The anchored function's name, and another function of its file that survives (the realistic ingress). */
  fn: string;
  other: string;
  /** Where it should be: workspace-relative file and 0-based first line; undefined: deleted. */
  expected?: { file: string; line: number; head: number };
}

type Naming = 'own' | 'realistic';

async function main(): Promise<void> {
  if (!existsSync(REPO)) {
    console.log(
      `identity: skipped (no repository at ${REPO}; set BENCH_REPO to a clone of microservices-demo)`,
    );
    return;
  }
  const tmp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'bench-identity-')));
  try {
    const clone = path.join(tmp, 'clone');
    git(tmp, 'clone', '-q', '--no-checkout', REPO, clone);
    // Mirrors may lack large binary blobs (docs/ images): never checked out, never diffed.
    git(clone, 'sparse-checkout', 'set', '--no-cone', '/*', '!/docs/');
    git(clone, 'checkout', '-q', '--detach', WORKSPACE);
    const scanned = git(clone, 'rev-parse', `${SCANNED}^{commit}`).trim();
    const copy = path.join(tmp, 'copy');
    await fs.cp(clone, copy, { recursive: true, filter: (src) => path.basename(src) !== '.git' });

    const syntax = new TreeSitterDefinitions();
    const files = git(clone, 'ls-tree', '-r', '--name-only', scanned, '--', 'src/')
      .split('\n')
      .filter((f) => f && grammarFor(f) && !/(^|\/)(vendor|node_modules|genproto|demo_pb2)/.test(f));
    await syntax.prepare(files);
    const renames = new Map<string, string>();
    for (const line of git(
      clone,
      'diff',
      '--find-renames',
      '--name-status',
      scanned,
      WORKSPACE,
      '--',
      'src/',
    ).split('\n')) {
      const [status, from, to] = line.split('\t');
      if (status?.startsWith('R') && from && to) renames.set(from, to);
    }
    const nowFiles = git(clone, 'ls-tree', '-r', '--name-only', WORKSPACE, '--', 'src/')
      .split('\n')
      .filter((f) => f && grammarFor(f));
    const nowDefs = new Map<string, Definition[]>();
    const defsNow = (f: string): Definition[] => {
      let d = nowDefs.get(f);
      if (!d) {
        const p = path.join(clone, f);
        const text = existsSync(p) ? readFileSync(p, 'utf8') : '';
        nowDefs.set(f, (d = [...(syntax.definitions(p, text)?.all ?? [])]));
      }
      return d;
    };
    const same = (a: Definition, b: Definition) =>
      a.kind === b.kind && a.container === b.container && a.names.some((n) => b.names.includes(n));

    const truths: Truth[] = [];
    let n = 0;
    for (const file of files) {
      const text = git(clone, 'show', `${scanned}:${file}`);
      const defs = [...(syntax.definitions(`/scan/${file}`, text)?.all ?? [])];
      const counts = new Map<string, number>();
      for (const d of defs) counts.set(d.name, (counts.get(d.name) ?? 0) + 1);
      const survivors = defs.filter((d) => defsNow(renames.get(file) ?? file).some((x) => same(x, d)));
      for (const d of defs) {
        if (d.kind === 'type' || counts.get(d.name) !== 1) continue;
        const nowFile = renames.get(file) ?? file;
        let expected: Truth['expected'];
        const here = defsNow(nowFile).filter((x) => same(x, d));
        if (here.length === 1)
          expected = { file: nowFile, line: here[0]!.startLine, head: here[0]!.headLine };
        else if (here.length === 0) {
          const elsewhere = nowFiles
            .filter((f) => f !== nowFile && grammarFor(f) === grammarFor(file))
            .flatMap((f) =>
              defsNow(f)
                .filter((x) => same(x, d))
                .map((x) => ({ f, x })),
            );
          if (elsewhere.length === 1)
            expected = {
              file: elsewhere[0]!.f,
              line: elsewhere[0]!.x.startLine,
              head: elsewhere[0]!.x.headLine,
            };
        } else continue; // several now: no single truth
        const other = survivors.find((s) => s !== d && s.kind !== 'type' && s.name !== d.name);
        const anchor: PathCodeAnchor = {
          anchor_id: `a${++n}`,
          file,
          line_start: d.startLine + 1,
          line_end: d.endLine + 1,
        };
        truths.push({
          entry: { componentId: 'ms', pathId: `p${n}`, anchor, expectedNames: [], commit: scanned },
          fn: d.name,
          other: other?.name ?? 'main',
          ...(expected ? { expected } : {}),
        });
      }
    }

    const named = (naming: Naming): AnchorEntry[] =>
      truths.map((t, i) => {
        const d = t.entry.anchor;
        const fn = t.fn;
        const egress = `${path.posix.dirname(d.file!)}/${fn}`;
        const path_ =
          naming === 'own'
            ? { ingress: { signature_name: egress }, egress: { signature_name: egress } }
            : {
                ingress: { signature_name: `hipstershop.Service/${t.other}` },
                egress: { signature_name: egress },
              };
        const nameChoice = naming === 'own' ? undefined : [undefined, 'handles the request data', fn][i % 3];
        const anchor: PathCodeAnchor = { ...d, ...(nameChoice ? { name: nameChoice } : {}) };
        const otherNames = otherNamesFor(anchor, path_);
        return {
          ...t.entry,
          anchor,
          expectedNames: expectedNamesFor(anchor, path_),
          ...(otherNames ? { otherNames } : {}),
        };
      });
    const deleted = truths.filter((t) => !t.expected).length;
    const movedFiles = truths.filter(
      (t) => t.expected && t.expected.file !== (renames.get(t.entry.anchor.file!) ?? t.entry.anchor.file),
    ).length;
    console.log(
      `anchor identity on microservices-demo: ${truths.length} anchors (one per uniquely named function or method at ${SCANNED}, ${files.length} files), workspace at ${WORKSPACE}; ${deleted} deleted since, ${movedFiles} moved to another file`,
    );
    console.log(
      '| naming | workspace | right | wrong | deleted → stale | ambiguous | stale (exists) | unverified | build |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const naming of ['own', 'realistic'] as Naming[]) {
      const entries = named(naming);
      for (const mode of ['git clone', 'copy without history'] as const) {
        const root = mode === 'git clone' ? clone : copy;
        const mapper =
          mode === 'git clone' ? new GitMapper({ log: () => undefined, watch: false }) : undefined;
        const index = new AnchorIndex({
          folders: [{ uri: fileUri(root), fsPath: root, projectRoot: '' }],
          readFile: (p) => fs.readFile(p, 'utf8').catch(() => undefined),
          readFileSync: (p) => readFileSync(p, 'utf8'),
          definitions: syntax,
          ...(mapper ? { git: mapper } : {}),
        });
        const t0 = performance.now();
        await index.setAnchors(entries);
        const ms = performance.now() - t0;
        let right = 0;
        let wrong = 0;
        let staleOk = 0;
        let ambiguous = 0;
        let staleExisting = 0;
        let unverified = 0;
        const wrongOnes: string[] = [];
        entries.forEach((e, i) => {
          const want = truths[i]!.expected;
          const t = index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!;
          if (t.unverified) unverified++;
          const live = t.range && t.uri && (t.state === 'resolved' || t.state === 'relocated');
          if (!live) {
            if (!want) staleOk++;
            else if (t.state === 'ambiguous') {
              ambiguous++;
              if (process.env.BENCH_DETAILS)
                console.log(
                  `    ambiguous: ${e.anchor.file}:${e.anchor.line_start}-${e.anchor.line_end} ${truths[i]!.fn} (want ${want.file}:${want.line + 1}) candidates ${(t.candidates ?? []).map((c) => `${c.start.line + 1}-${c.end.line + 1}`).join(', ')}`,
                );
            } else staleExisting++;
            return;
          }
          const at = path
            .relative(root, decodeURIComponent(new URL(t.uri!).pathname))
            .split(path.sep)
            .join('/');
          const ok =
            want &&
            at === want.file &&
            (t.range!.start.line === want.line || t.range!.start.line === want.head);
          if (ok) right++;
          else {
            wrong++;
            if (wrongOnes.length < 5)
              wrongOnes.push(
                `${e.anchor.file}:${e.anchor.line_start} → ${at}:${t.range!.start.line + 1} (want ${want ? `${want.file}:${want.line + 1}` : 'stale'})`,
              );
          }
        });
        const pct = (x: number) => `${x} (${((100 * x) / entries.length).toFixed(1)} %)`;
        console.log(
          `| ${naming} | ${mode} | ${pct(right)}, ${((100 * right) / (entries.length - deleted)).toFixed(1)} % of the ${entries.length - deleted} existing | ${pct(wrong)} | ${staleOk} of ${deleted} | ${ambiguous} | ${staleExisting} | ${unverified} | ${ms.toFixed(0)} ms |`,
        );
        for (const w of wrongOnes) console.log(`    wrong: ${w}`);
        index.dispose();
      }
    }
    console.log(`  load average ${os.loadavg()[0]!.toFixed(1)}`);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
