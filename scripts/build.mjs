// One build for every bundle: the extension, the language server, the local service and the tests.
// Usage: node scripts/build.mjs [--production] [--only client|server|cli|service|tests] [--watch]
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, copyFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({
  options: {
    production: { type: 'boolean', default: false },
    only: { type: 'string' },
    watch: { type: 'boolean', default: false },
  },
});

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  minify: args.production,
  logLevel: 'warning',
  absWorkingDir: root,
};

/** Files below dir (recursively) whose name ends with suffix. */
function find(dir, suffix) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  const out = [];
  for (const name of readdirSync(abs)) {
    const p = join(abs, name);
    if (statSync(p).isDirectory()) out.push(...find(relative(root, p), suffix));
    else if (name.endsWith(suffix)) out.push(relative(root, p));
  }
  return out;
}

/** Keep in step with GrammarName in server/src/anchors/syntax/languages.ts. */
const TREE_SITTER_GRAMMARS = ['go', 'python', 'typescript', 'tsx', 'javascript', 'java', 'c-sharp'];

/**
 * Syntax-aware anchor relocation loads tree-sitter and its grammars from beside the bundle
 * (server/src/anchors/syntax/treeSitter.ts); only the grammars the server parses are copied.
 */
function copyTreeSitter(dir) {
  const require = createRequire(join(root, 'package.json'));
  const from = join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  const to = join(root, dir);
  mkdirSync(to, { recursive: true });
  for (const name of ['tree-sitter', ...TREE_SITTER_GRAMMARS.map((g) => `tree-sitter-${g}`)])
    copyFileSync(join(from, `${name}.wasm`), join(to, `${name}.wasm`));
}

const targets = {
  client: {
    entryPoints: { 'client/extension': 'client/src/extension.ts' },
    external: ['vscode'],
  },
  webview: {
    // The lineage graph's renderer runs in the webview (a browser); it draws layouts the server made.
    entryPoints: { 'webview/graph': 'webview/src/main.ts' },
    platform: 'browser',
    target: 'chrome120',
    format: 'iife',
  },
  server: {
    // The layout process's script (elkjs) is a bundle of its own: the server forks it as a child process.
    entryPoints: {
      'server/server': 'server/src/server.ts',
      'server/layoutProcess': 'server/src/graph/layoutProcess.ts',
      // elkjs alone: the layout process loads it through V8's code cache (server/src/util/codeCache.ts).
      'server/elk': 'server/src/graph/elkModule.ts',
    },
    // jsonc-parser's UMD build (its `main`) requires files at run time that a bundle lacks; its ESM
    // build (`module`) bundles cleanly.
    mainFields: ['module', 'main'],
    after: () => copyTreeSitter('dist/server/tree-sitter'),
  },
  cli: {
    entryPoints: { 'cli/lineage-lens': 'server/src/cli/lineage-lens.ts' },
    mainFields: ['module', 'main'],
    banner: { js: '#!/usr/bin/env node' },
    after() {
      chmodSync(join(root, 'dist/cli/lineage-lens.js'), 0o755);
      copyTreeSitter('dist/cli/tree-sitter'); // the CLI relocates anchors as the server does
    },
  },
  service: {
    entryPoints: { 'service/main': 'service/src/main.ts' },
    after() {
      // node-sqlite3-wasm loads its .wasm from beside the bundled module.
      const require = createRequire(join(root, 'package.json'));
      const wasm = join(dirname(require.resolve('node-sqlite3-wasm')), 'node-sqlite3-wasm.wasm');
      mkdirSync(join(root, 'dist/service'), { recursive: true });
      if (existsSync(wasm)) copyFileSync(wasm, join(root, 'dist/service/node-sqlite3-wasm.wasm'));
    },
  },
  tests: {
    // Tests keep their packages external: they run from the repo with node_modules beside them.
    entryPoints: Object.fromEntries(
      [
        ...find('test', '.test.ts'),
        ...find('test', '.bench.ts'),
        ...find('test/vscode/suite', '.ts'),
        ...find('test/vscode/firstWindow', '.ts'),
        ...find('test/vscode/restricted', '.ts'),
      ].map((f) => [join('test', relative('test', f)).replace(/\.ts$/, ''), f]),
    ),
    packages: 'external',
    external: ['vscode'],
    before() {
      // The runners pick up every *.test.js in dist/test: a renamed or deleted test must not run on
      // from an earlier build.
      rmSync(join(root, 'dist/test'), { recursive: true, force: true });
    },
  },
};

// The bundles import the command ids generated from package.json: generate them first.
spawnSync(process.execPath, [join(root, 'scripts/generate-commands.mjs')], { stdio: 'inherit' });
// package.json restates the contract-file matcher (globs, when clauses): out of step fails the build.
if (
  spawnSync(process.execPath, [join(root, 'scripts/generate-manifest.mjs'), '--check'], { stdio: 'inherit' })
    .status !== 0
)
  process.exit(1);

const selected = args.only ? args.only.split(',') : Object.keys(targets);
for (const name of selected) {
  const t = targets[name];
  if (!t) throw new Error(`unknown build target ${name}`);
  const entries = Object.fromEntries(
    Object.entries(t.entryPoints).filter(([, src]) => existsSync(join(root, src))),
  );
  if (Object.keys(entries).length === 0) continue;
  const { before, after, ...opts } = t;
  before?.();
  const options = { ...common, ...opts, entryPoints: entries, outdir: join(root, 'dist') };
  if (args.watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  } else {
    await esbuild.build(options);
  }
  after?.();
}
