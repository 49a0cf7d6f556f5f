// Definitions of workspace files for syntax-aware relocation: the grammar by file extension, parsed
// lazily (only when an anchor's name check fails), the tables cached per file and text version.
import { extractDefinitions, type DefinitionTable } from './definitions';
import { grammarFor, type GrammarName } from './languages';
import { exerciseQueryCompiler, findWasmDir, loadGrammar, type LoadedGrammar } from './treeSitter';

export interface DefinitionSource {
  /** Loads what these files' languages need; never rejects (a failure leaves those files to the text rules). */
  prepare(fsPaths: Iterable<string>): Promise<void>;
  /** Readies parsing ahead of the first build (optional); never rejects. */
  warm?(): Promise<void>;
  /** The file's language when it is parsed here (its grammar loaded); undefined: text rules. */
  languageOf(fsPath: string): GrammarName | undefined;
  /**
   * The definitions of this text of the file; undefined when its language is not parsed here (text
   * rules apply). `version` names another version of the file (a commit), cached beside the current one. Never throws.
   */
  definitions(fsPath: string, text: string, version?: string): DefinitionTable | undefined;
}

export interface TreeSitterOptions {
  /** Where tree-sitter.wasm and the grammar files are (default: beside the bundle, else the package). */
  wasmDir?: string;
  /** How many files' tables are kept (least recently used dropped first). */
  maxCached?: number;
  /** At most this many characters of text are kept to recognise a version (default 8 M). */
  maxCachedChars?: number;
  /** Told once per grammar that cannot be loaded, with why; those files keep the text rules. */
  onProblem?(message: string): void;
}

const DEFAULT_MAX_CACHED = 64;
const DEFAULT_MAX_CACHED_CHARS = 8_000_000;

export class TreeSitterDefinitions implements DefinitionSource {
  private readonly ready = new Map<GrammarName, LoadedGrammar>();
  private readonly failed = new Set<GrammarName>();
  private readonly cache = new Map<string, { text: string; table: DefinitionTable }>();
  private readonly wasmDir: string | undefined;
  private readonly maxCached: number;
  private readonly maxChars: number;
  private cachedChars = 0;
  private parses = 0;

  constructor(private readonly opts: TreeSitterOptions = {}) {
    this.wasmDir = opts.wasmDir ?? findWasmDir();
    this.maxCached = Math.max(1, opts.maxCached ?? DEFAULT_MAX_CACHED);
    this.maxChars = opts.maxCachedChars ?? DEFAULT_MAX_CACHED_CHARS;
  }

  async prepare(fsPaths: Iterable<string>): Promise<void> {
    const wanted = new Set<GrammarName>();
    for (const p of fsPaths) {
      const g = grammarFor(p);
      if (g && !this.ready.has(g) && !this.failed.has(g)) wanted.add(g);
    }
    // Only the grammars these files need, all at once (one load per grammar however often asked).
    await Promise.all([...wanted].map((g) => this.loading(g)));
  }

  private readonly loads = new Map<GrammarName, Promise<void>>();
  private loading(name: GrammarName): Promise<void> {
    let p = this.loads.get(name);
    if (!p) this.loads.set(name, (p = this.load(name)));
    return p;
  }

  /**
   * Readies the parsing runtime ahead of the first build: tree-sitter itself, and its query compiler
   * run on a small query. Grammars are not loaded here: each holds resident memory for the process's
   * life (the large grammars most), so only those of the anchors' languages load (prepare). Never rejects.
   * No sample is parsed: parsing samples to get the parsers' code compiled and tiered up before the
   * first build cost more CPU during a load than it saved in the build.
   */
  async warm(): Promise<void> {
    if (this.wasmDir) await exerciseQueryCompiler(this.wasmDir);
  }

  languageOf(fsPath: string): GrammarName | undefined {
    const name = grammarFor(fsPath);
    return name && this.ready.has(name) ? name : undefined;
  }

  definitions(fsPath: string, text: string, version?: string): DefinitionTable | undefined {
    const name = grammarFor(fsPath);
    const grammar = name && this.ready.get(name);
    if (!grammar) return undefined;
    const key = version ? `${fsPath}\0${version}` : fsPath;
    const hit = this.cache.get(key);
    if (hit && hit.text === text) {
      // Most recently used last.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.table;
    }
    let table: DefinitionTable;
    try {
      table = extractDefinitions(grammar, text);
    } catch (err) {
      // A parser failure leaves this text to the text rules rather than failing the index.
      this.problemOnce(
        `parse:${name}`,
        `Parsing a ${name} file failed (${(err as Error)?.message}); its anchors are checked by name only.`,
      );
      return undefined;
    }
    this.parses++;
    this.forget(key);
    // The text is kept to recognise its version, so the cache is bounded in characters too.
    this.cache.set(key, { text, table });
    this.cachedChars += text.length;
    while (this.cache.size > this.maxCached || (this.cachedChars > this.maxChars && this.cache.size > 0))
      this.forget(this.cache.keys().next().value!);
    return table;
  }

  /** For tests and benchmarks: texts parsed so far, and what the cache holds. */
  stats(): { parses: number; cached: number; cachedChars: number } {
    return { parses: this.parses, cached: this.cache.size, cachedChars: this.cachedChars };
  }

  private forget(fsPath: string): void {
    const had = this.cache.get(fsPath);
    if (!had) return;
    this.cache.delete(fsPath);
    this.cachedChars -= had.text.length;
  }

  private async load(name: GrammarName): Promise<void> {
    try {
      if (!this.wasmDir) throw new Error('the tree-sitter .wasm files are not installed beside the server');
      this.ready.set(name, await loadGrammar(this.wasmDir, name));
    } catch (err) {
      this.failed.add(name);
      this.problemOnce(
        `load:${name}`,
        `Syntax-aware anchor relocation is off for ${name} files (${(err as Error)?.message ?? String(err)}); their anchors are checked by name only.`,
      );
    }
  }

  private readonly told = new Set<string>();
  private problemOnce(key: string, message: string): void {
    if (this.told.has(key)) return;
    this.told.add(key);
    this.opts.onProblem?.(message);
  }
}
