// Lint: typescript-eslint's type-checked rules over the TypeScript programs, plus the layering as
// rules (what each folder may import). Formatting is Prettier's (npm run lint runs both).
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeModules = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const noVscode = {
  name: 'vscode',
  message: 'Only the client runs in VS Code; the server and common/ must not import vscode.',
};

// The language server's folders, lowest layer first, each with the folders it may import (a folder
// always imports itself). server.ts and documentEvents.ts (the wiring) may import any of them; no
// folder imports the wiring. Peers (anchors | contracts | pathDocs; graph | features) do not import
// each other, except features, which may use graph (the impact lens); changeImpact (what a diff
// breaks) sits beside features, on graph. Listing a folder's imports, not
// its layer, keeps the table a DAG by construction; .dependency-cruiser.cjs fails lint on a cycle
// between folders all the same. ARCHITECTURE.md ("Layers of the language server") explains each.
const serverLayers = {
  util: [],
  api: ['util'],
  domain: ['util'],
  workspace: ['util', 'api'],
  anchors: ['util', 'api', 'domain', 'workspace'],
  contracts: ['util', 'api', 'domain', 'workspace'],
  pathDocs: ['util', 'api', 'domain', 'workspace'],
  session: ['util', 'api', 'domain', 'workspace', 'anchors', 'contracts', 'pathDocs'],
  graph: ['util', 'api', 'domain', 'workspace', 'anchors', 'contracts', 'pathDocs', 'session'],
  features: ['util', 'api', 'domain', 'workspace', 'anchors', 'contracts', 'pathDocs', 'session', 'graph'],
  changeImpact: ['util', 'api', 'domain', 'workspace', 'anchors', 'contracts', 'session', 'graph'],
  requests: [
    ...['util', 'api', 'domain', 'workspace', 'anchors', 'contracts', 'pathDocs', 'session', 'graph'],
    ...['features', 'changeImpact'],
  ],
  cli: [
    ...['util', 'api', 'domain', 'workspace', 'anchors', 'contracts', 'pathDocs', 'session', 'graph'],
    ...['features', 'changeImpact', 'requests'],
  ],
};
const serverWiring = ['server', 'documentEvents'];

function serverLayerRules() {
  const serverSrc = path.join(import.meta.dirname, 'server', 'src');
  const folders = readdirSync(serverSrc, { withFileTypes: true }).filter((e) => e.isDirectory());
  const unlisted = folders.map((e) => e.name).filter((name) => !(name in serverLayers));
  if (unlisted.length > 0) {
    throw new Error(
      `server/src/${unlisted.join(', server/src/')}: add the folder to serverLayers in eslint.config.mjs ` +
        '(which folders it may import) and to the layers in ARCHITECTURE.md.',
    );
  }
  return Object.entries(serverLayers).map(([folder, allowed]) => {
    const denied = Object.keys(serverLayers).filter((f) => f !== folder && !allowed.includes(f));
    return {
      files: [`server/src/${folder}/**/*.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            paths: [noVscode],
            patterns: [
              ...denied.map((f) => ({
                regex: `^(\\.\\./)+${f}(/|$)`,
                message: `server/src/${folder}/ may not import server/src/${f}/ (layers: serverLayers in eslint.config.mjs).`,
              })),
              {
                regex: `^(\\.\\./)+(${serverWiring.join('|')})$`,
                message: 'Only the wiring (server.ts, documentEvents.ts) imports the wiring.',
              },
            ],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.cache/',
      '.test-artifacts/',
      'node_modules/',
      'demo/',
      '**/fixtures/',
      'test/vscode/harness/selftest/',
      'common/schemas/',
      'l10n/',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The type-checked rules that pay here: promises nobody awaits or handles (a lost error or an
      // unordered write), promises where a value is expected, awaiting non-promises, and the
      // no-unsafe-* family (an `any` spreading unchecked: parsed JSON is typed where it is read, e.g.
      // the service tests' replies with the API's types). no-unnecessary-type-assertion stays off: it
      // flags casts that steer inference (its fix breaks the build).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      // tree-sitter's runtime is required lazily (only once a parsed language is needed).
      '@typescript-eslint/no-require-imports': ['error', { allow: ['@vscode/tree-sitter-wasm'] }],
      // Matching control characters is what the untrusted-text module and its tests are for.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Build, test and demo scripts run in Node.
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: {
      'no-control-regex': 'off',
      'no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // ---- boundaries: what each program may import --------------------------------------------------
  {
    files: ['server/**/*.ts', 'common/**/*.ts', 'service/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [noVscode] }],
    },
  },
  // ---- layers inside the language server: what each folder of server/src may import -------------
  ...serverLayerRules(),
  {
    files: ['common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'common/ is shared by every program and must not import vscode.' },
            ...nodeModules.map((name) => ({
              name,
              message: 'common/ runs in every program (and the webview): no Node modules at run time.',
              allowTypeImports: true,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/service/**'],
              message:
                'The client stays thin: it talks to the server over LSP and never imports server/ or service/.',
            },
          ],
        },
      ],
    },
  },
);
