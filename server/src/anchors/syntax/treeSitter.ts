// Loading tree-sitter (web-tree-sitter from @vscode/tree-sitter-wasm, what VS Code itself ships) and
// its grammars, once per process. The .wasm files ship beside the server bundle (dist/server/tree-sitter/,
// copied by scripts/build.mjs); unbundled (tests, other tools) they are read from the package.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import { QUERIES, type GrammarName } from './languages';
import { yieldToEventLoop } from '../../util/timeSlices';

export interface LoadedGrammar {
  parser: TreeSitter.Parser;
  query: TreeSitter.Query;
}

/** The folder holding tree-sitter.wasm and the grammar files, or undefined when none is found. */
export function findWasmDir(): string | undefined {
  const candidates = [path.join(__dirname, 'tree-sitter')];
  try {
    candidates.push(
      path.join(path.dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm'),
    );
  } catch {
    // Bundled without node_modules: only the copy beside the bundle can exist.
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'tree-sitter.wasm')));
}

let runtime: Promise<typeof TreeSitter> | undefined;

function loadRuntime(wasmDir: string): Promise<typeof TreeSitter> {
  runtime ??= (async () => {
    // Required lazily: the runtime is only loaded once a parsed language is needed.
    const ts = require('@vscode/tree-sitter-wasm') as typeof TreeSitter;
    await ts.Parser.init({ locateFile: (file: string) => path.join(wasmDir, file) });
    return ts;
  })();
  return runtime;
}

const grammars = new Map<string, Promise<LoadedGrammar>>();

/** Loads a grammar and its definitions query (memoized per folder and grammar); rejects with why. */
export function loadGrammar(wasmDir: string, name: GrammarName): Promise<LoadedGrammar> {
  const key = `${wasmDir}\0${name}`;
  let p = grammars.get(key);
  if (!p) {
    p = (async () => {
      const ts = await loadRuntime(wasmDir);
      const language = await ts.Language.load(readFileSync(path.join(wasmDir, `tree-sitter-${name}.wasm`)));
      const parser = new ts.Parser();
      parser.setLanguage(language);
      // Compiling a definitions query is one long WebAssembly call (~10 ms for TypeScript, languages.ts): each gets
      // a turn of the event loop of its own, not one after another when grammars load side by side.
      await yieldToEventLoop();
      return { parser, query: new ts.Query(language, QUERIES[name]) };
    })();
    grammars.set(key, p);
  }
  return p;
}

/** Compiles of a small query before the large ones (see exerciseQueryCompiler). */
export const EXERCISE_ROUNDS = 30;

/**
 * Compiles the smallest definitions query (Go's) `rounds` times, one per turn of the event loop. The
 * query compiler is WebAssembly that V8 compiles quickly and slowly-running at first, and optimises only
 * once it has run a while: a process's first compile of a large query (TypeScript, TSX, C#) took several
 * times as long as later ones, in one blocking call. Run on a small query first, the compiler is
 * optimised by the time the large ones compile. Resolves the rounds run (0 when Go cannot be loaded).
 */
export async function exerciseQueryCompiler(wasmDir: string, rounds = EXERCISE_ROUNDS): Promise<number> {
  const go = await loadGrammar(wasmDir, 'go').catch(() => undefined);
  const language = go?.parser.language;
  if (!language) return 0;
  const ts = await loadRuntime(wasmDir);
  for (let r = 0; r < rounds; r++) {
    await yieldToEventLoop();
    new ts.Query(language, QUERIES.go).delete();
  }
  return rounds;
}
