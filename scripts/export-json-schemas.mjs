// Writes the JSON Schema files of common/ (common/schemas/*.json) from the TypeBox definitions, so
// the files can never disagree with the types and validators (test/unit/jsonSchemaFiles.test.ts
// compares them). Usage: node scripts/export-json-schemas.mjs [--out DIR] (default common/schemas).
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = args.out ? resolve(args.out) : join(root, 'common', 'schemas');

// Bundle the schema modules once (TypeScript in, CommonJS out) and load the result.
const tmp = mkdtempSync(join(tmpdir(), 'lineage-lens-schemas-'));
const bundle = join(tmp, 'schemas.cjs');
await esbuild.build({
  stdin: {
    contents:
      "export * as api from './common/src/api/index.ts'; export * as dataset from './common/src/dataset/schema.ts'; export * as changeImpact from './common/src/changeImpact.ts';",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: bundle,
  logLevel: 'warning',
});
const { api, dataset, changeImpact } = createRequire(import.meta.url)(bundle);
rmSync(tmp, { recursive: true, force: true });

/** `LineagePath` -> `lineage-path`. */
const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

// Every exported schema with a title is a resource worth a file; the dataset schema is `dataset`.
const files = new Map();
for (const [name, value] of [
  ...Object.entries(api),
  ...Object.entries(dataset),
  ...Object.entries(changeImpact),
]) {
  if (!value || typeof value !== 'object' || typeof value.title !== 'string' || value.title !== name)
    continue;
  files.set(kebab(name), value);
}

mkdirSync(outDir, { recursive: true });
for (const f of readdirSync(outDir)) if (f.endsWith('.schema.json')) rmSync(join(outDir, f));
for (const [file, schema] of [...files.entries()].sort()) {
  const doc = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...hoistRecursive(JSON.parse(JSON.stringify(schema))),
  };
  writeFileSync(join(outDir, `${file}.schema.json`), `${JSON.stringify(doc, null, 2)}\n`);
}
/**
 * TypeBox gives each recursive schema an `$id` (T0, T1...) and refers to it by that id. One document
 * can embed the same recursive schema twice, and a duplicate `$id` is refused by strict validators,
 * so each is moved once into `definitions` and referred to by JSON pointer.
 */
function hoistRecursive(doc) {
  const definitions = {};
  const names = new Map(); // TypeBox $id -> definition name
  const walk = (node) => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string' && /^T\d+$/.test(node.$ref))
      return { ...node, $ref: `#/definitions/${names.get(node.$ref) ?? node.$ref}` };
    if (typeof node.$id === 'string' && /^T\d+$/.test(node.$id) && node !== doc) {
      const name = node.title ?? node.$id;
      if (!names.has(node.$id)) {
        names.set(node.$id, name);
        const { $id, ...rest } = node;
        definitions[name] = null; // reserve, so the recursion inside refers to it
        definitions[name] = walk(rest);
      }
      return { $ref: `#/definitions/${name}` };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
  };
  let out;
  if (typeof doc.$id === 'string' && /^T\d+$/.test(doc.$id)) {
    // The document itself is recursive: it refers to itself as the root.
    const { $id, ...rest } = doc;
    names.set($id, '__root__');
    out = walk(rest);
    out = JSON.parse(JSON.stringify(out).replaceAll('"#/definitions/__root__"', '"#"'));
  } else out = walk(doc);
  return Object.keys(definitions).length > 0
    ? { ...out, definitions: { ...(out.definitions ?? {}), ...definitions } }
    : out;
}

console.log(`wrote ${files.size} JSON Schema files to ${outDir}`);
