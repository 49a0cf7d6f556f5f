// Tokenises text with the TextMate engine VS Code itself ships (vscode-textmate and vscode-oniguruma
// under vscode.env.appRoot), the built-in JSON, YAML, TypeScript, Python, Go and Java grammars, and this extension's grammars with
// the injections its manifest declares. The product has no public API to read token scopes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT } from './helpers';

interface Token {
  text: string;
  scopes: string[];
}

interface TextMate {
  Registry: new (opts: unknown) => {
    loadGrammar(scope: string): Promise<{
      tokenizeLine(
        line: string,
        state: unknown,
      ): { tokens: Array<{ startIndex: number; endIndex: number; scopes: string[] }>; ruleStack: unknown };
    } | null>;
  };
  INITIAL: unknown;
  parseRawGrammar(content: string, filePath: string): unknown;
}
interface Onig {
  loadWASM(data: ArrayBuffer | Uint8Array): Promise<void>;
  createOnigScanner(patterns: string[]): unknown;
  createOnigString(s: string): unknown;
}

let registry: Promise<{ tm: TextMate; reg: InstanceType<TextMate['Registry']> }> | undefined;

function load(): Promise<{ tm: TextMate; reg: InstanceType<TextMate['Registry']> }> {
  registry ??= (async () => {
    const modules = path.join(vscode.env.appRoot, 'node_modules');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const tm = require(path.join(modules, 'vscode-textmate')) as TextMate;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const onig = require(path.join(modules, 'vscode-oniguruma')) as Onig;
    await onig.loadWASM(fs.readFileSync(path.join(modules, 'vscode-oniguruma', 'release', 'onig.wasm')));
    const grammarFiles = [
      ...['json', 'yaml', 'typescript-basics', 'python', 'go', 'java'].flatMap((ext) => {
        const dir = path.join(vscode.env.appRoot, 'extensions', ext, 'syntaxes');
        return fs.readdirSync(dir).map((f) => path.join(dir, f));
      }),
      ...fs
        .readdirSync(path.join(REPO_ROOT, 'syntaxes'))
        .filter((f) => f.endsWith('.tmLanguage.json'))
        .map((f) => path.join(REPO_ROOT, 'syntaxes', f)),
    ];
    const byScope = new Map<string, string>();
    for (const f of grammarFiles) {
      const scope = (JSON.parse(fs.readFileSync(f, 'utf8')) as { scopeName?: string }).scopeName;
      if (scope) byScope.set(scope, f);
    }
    // Injections as the manifest declares them (contributes.grammars[].injectTo).
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      contributes: { grammars: Array<{ scopeName: string; injectTo?: string[] }> };
    };
    const injections = new Map<string, string[]>();
    for (const g of manifest.contributes.grammars)
      for (const target of g.injectTo ?? [])
        injections.set(target, [...(injections.get(target) ?? []), g.scopeName]);
    const reg = new tm.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: onig.createOnigScanner,
        createOnigString: onig.createOnigString,
      }),
      loadGrammar: async (scope: string) => {
        const f = byScope.get(scope);
        return f ? tm.parseRawGrammar(fs.readFileSync(f, 'utf8'), f) : null;
      },
      getInjections: (scope: string) => injections.get(scope),
    });
    return { tm, reg };
  })();
  return registry;
}

export async function tokenize(text: string, scopeName: string): Promise<Token[]> {
  const { tm, reg } = await load();
  const grammar = await reg.loadGrammar(scopeName);
  if (!grammar) throw new Error(`no grammar ${scopeName}`);
  let state = tm.INITIAL;
  const out: Token[] = [];
  for (const line of text.split(/\r?\n/)) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    state = r.ruleStack;
  }
  return out;
}
