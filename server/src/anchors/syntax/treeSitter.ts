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
