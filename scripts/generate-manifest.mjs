// Writes the parts of package.json that restate the contract-file matcher (common/src/contractFileNames.ts):
// the yamlValidation / jsonValidation globs of the contract document schema and the `when` clauses of
// the contract-file menus, so one definition drives all; and the language model tools
// (contributes.languageModelTools) from their one definition, common/src/agentTools.ts. `--check` (run by scripts/build.mjs) fails
// instead of writing when package.json is out of step; `npm run manifest` writes it.
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = join(root, 'package.json');
const CONTRACT_SCHEMA = './common/schemas/contract-document.schema.json';
/** The menus whose entries for these commands show on contract files (by name). */
const CONTRACT_FILE_MENUS = {
  'editor/context': ['lineageLens.checkCompliance'],
  'explorer/context': ['lineageLens.checkCompliance'],
  'editor/title': ['lineageLens.checkCompliance'],
};

/** A common/ module, compiled from its TypeScript source with what it imports. */
async function loadCommon(file) {
  const out = await esbuild.build({
    entryPoints: [join(root, file)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** The matcher module. */
export function loadMatcher() {
  return loadCommon('common/src/contractFileNames.ts');
}

/** package.json (parsed) with contributes.languageModelTools written from the tools' definitions. */
export function withAgentTools(manifest, agentTools) {
  const next = structuredClone(manifest);
  next.contributes.languageModelTools = agentTools.AGENT_TOOLS.map((t) => ({
    name: t.name,
    displayName: t.title,
    toolReferenceName: t.name,
    canBeReferencedInPrompt: true,
    icon: '$(type-hierarchy)',
    tags: ['lineage', 'data-contracts', 'read-only'],
    userDescription: t.description.replace(/ Read-only\..*$/s, ' Read-only.'),
    modelDescription: t.description,
    inputSchema: agentTools.agentToolInputJsonSchema(t.name),
  }));
  return next;
}

/** package.json (parsed) with the matcher's globs and when clauses written in; the input is not changed. */
export function withMatcher(manifest, matcher) {
  const next = structuredClone(manifest);
  const c = next.contributes;
  const schemaEntry = (list, name) => {
    const entry = list.find((v) => v.url === CONTRACT_SCHEMA);
    if (!entry) throw new Error(`package.json: no ${name} entry for ${CONTRACT_SCHEMA}`);
    return entry;
  };
  schemaEntry(c.jsonValidation, 'jsonValidation').fileMatch = [...matcher.JSON_CONTRACT_GLOBS];
  schemaEntry(c.yamlValidation, 'yamlValidation').fileMatch = [...matcher.YAML_CONTRACT_GLOBS];
  for (const [menu, commands] of Object.entries(CONTRACT_FILE_MENUS)) {
    for (const command of commands) {
      const entry = (c.menus[menu] ?? []).find((m) => m.command === command);
      if (!entry) throw new Error(`package.json: menu ${menu} has no entry for ${command}`);
      entry.when = matcher.CONTRACT_FILE_WHEN;
    }
  }
  return next;
}

/** The manifest's text as it should be (same formatting as npm and Prettier write it). */
export async function expectedManifestText(text = readFileSync(MANIFEST, 'utf8')) {
  const agentTools = await loadCommon('common/src/agentTools.ts');
  const next = withAgentTools(withMatcher(JSON.parse(text), await loadMatcher()), agentTools);
  return `${JSON.stringify(next, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = readFileSync(MANIFEST, 'utf8');
  const expected = await expectedManifestText(text);
  if (text !== expected) {
    if (process.argv.includes('--check')) {
      console.error(
        'package.json restates the contract-file matcher differently from common/src/contractFileNames.ts: run npm run manifest.',
      );
      process.exit(1);
    }
    writeFileSync(MANIFEST, expected);
  }
}
