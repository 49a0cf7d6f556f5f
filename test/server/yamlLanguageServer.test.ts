// Contract files with the Red Hat YAML extension installed: its engine, yaml-language-server (the npm
// package the extension runs; the extension itself is not obtainable offline), validates a contract
// file against the schema our manifest contributes (package.json yamlValidation, associated the way
// the extension does), while our server, told that YAML validation is external, reports the rest.
// Together they report every problem our server finds alone, and no problem twice.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeConfigurationNotification, type Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient, repoRoot } from '../helpers/lspClient';
import { BROKEN, WORKSPACE } from './setup';

/** `yaml.schemas` as the YAML extension builds it from every extension's yamlValidation. */
function contributedSchemas(): Record<string, string[]> {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: { yamlValidation: Array<{ fileMatch: string[]; url: string }> };
  };
  const out: Record<string, string[]> = {};
  for (const v of manifest.contributes.yamlValidation)
    out[pathToFileURL(join(repoRoot, v.url)).href] = v.fileMatch;
  return out;
}

const lines = (d: Diagnostic[]) => [...new Set(d.map((x) => x.range.start.line))].sort((a, b) => a - b);

describe('contract files beside the YAML extension (yaml-language-server over stdio)', function () {
  this.timeout(60_000);
  const clients: LspClient[] = [];
  after(async () => Promise.all(clients.map((c) => c.stop())));

  it('reports every problem once: the schema problems from YAML, the rest from Lineage Lens', async () => {
    const yamlSettings = {
      validate: true,
      hover: true,
      completion: true,
      schemas: contributedSchemas(),
      schemaStore: { enable: false },
    };
    const yaml = await LspClient.start({
      workspaceFolder: WORKSPACE,
      serverArgs: [require.resolve('yaml-language-server/bin/yaml-language-server'), '--stdio'],
      configuration: (section) => (section === 'yaml' ? yamlSettings : null),
    });
    clients.push(yaml);
    await yaml.conn.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { yaml: yamlSettings },
    });
    const alone = await LspClient.start({ workspaceFolder: WORKSPACE });
    const beside = await LspClient.start({
      workspaceFolder: WORKSPACE,
      initializationOptions: { externalSchemaValidation: { json: false, yaml: true } },
    });
    clients.push(alone, beside);

    const uri = yaml.fileUri('contracts/broken.yaml');
    const found = await Promise.all(
      [yaml, alone, beside].map(async (c) => {
        const from = c.mark();
        await c.open(uri, BROKEN, 'yaml');
        return c.waitForDiagnostics(uri, (d) => d.length > 0, from);
      }),
    );
    const [fromYaml, fromUsAlone, fromUsBeside] = found.map(lines) as [number[], number[], number[]];
    // The schema's problems (a missing member, a type outside the set, a wrong value type) come from YAML…
    assert.deepEqual(fromYaml, [0, 7, 12], JSON.stringify(found[0]));
    assert.ok(
      found[0]!.every((d) => /yaml-schema/.test(String(d.source))),
      'from the contributed schema',
    );
    // …what a schema cannot say (an unknown member, a duplicate field name) from us, and nothing twice.
    assert.deepEqual(fromUsBeside, [4, 8]);
    assert.deepEqual(
      fromYaml.filter((l) => fromUsBeside.includes(l)),
      [],
    );
    assert.deepEqual(
      [...fromYaml, ...fromUsBeside].sort((a, b) => a - b),
      fromUsAlone,
    );
  });
});
