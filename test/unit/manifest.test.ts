// What package.json contributes and the user reads as-is: welcome texts (plain text and links, no
// Markdown code spans) and the defaults that protect path documents.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONTRACT_FILE_WHEN,
  isContractFileName,
  JSON_CONTRACT_GLOBS,
  YAML_CONTRACT_GLOBS,
} from '../../common/src/contractFileNames';
import { repoRoot } from '../helpers/repoRoot';

const root = repoRoot();
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    viewsWelcome: { view: string; when?: string; contents: string }[];
    configurationDefaults?: Record<string, Record<string, unknown>>;
    jsonValidation: { fileMatch: string | string[]; url: string }[];
    yamlValidation: { fileMatch: string | string[]; url: string }[];
    configuration: {
      properties: Record<
        string,
        { scope?: string; default?: unknown; order?: number; enum?: string[]; enumDescriptions?: string[] }
      >;
    };
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    walkthroughs: {
      steps: {
        id: string;
        title: string;
        description: string;
        media: { markdown: string };
        completionEvents: string[];
      }[];
    }[];
  };
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  bin: Record<string, string>;
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** "%key%" → its English text. */
const localized = (s: string) => s.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? `(missing ${key})`);

describe('package.json contributions', () => {
  it('writes welcome texts without Markdown code spans (viewsWelcome shows backticks literally)', () => {
    const welcomes = manifest.contributes.viewsWelcome;
    assert.ok(welcomes.length >= 4);
    for (const w of welcomes) {
      const text = localized(w.contents);
      assert.doesNotMatch(text, /\(missing /, `${w.view}: ${w.contents} is in package.nls.json`);
      assert.ok(!text.includes('`'), `${w.view} welcome has a backtick: ${text}`);
    }
  });

  it('turns auto save off for path documents (a half-edited path must not reach the service)', () => {
    assert.deepEqual(
      manifest.contributes.configurationDefaults?.['[lineage-path]']?.['files.autoSave'],
      'off',
    );
  });

  it("validates contract files for the YAML and JSON extensions with the contract document schema, on the matcher's globs", () => {
    const url = './common/schemas/contract-document.schema.json';
    assert.ok(existsSync(join(root, url)));
    const json = manifest.contributes.jsonValidation.find((v) => v.url === url);
    const yaml = manifest.contributes.yamlValidation.find((v) => v.url === url);
    assert.deepEqual(json?.fileMatch, [...JSON_CONTRACT_GLOBS]);
    assert.deepEqual(yaml?.fileMatch, [...YAML_CONTRACT_GLOBS]);
    assert.ok(isContractFileName('/w/contracts/orders.yaml'));
    assert.ok(isContractFileName('/w/a/b.contract.json'));
    assert.ok(isContractFileName('contracts/x/y.yml'));
    assert.ok(!isContractFileName('/w/src/contracts.ts'));
    assert.ok(!isContractFileName('/w/assets/register.yaml'));
  });

  it("writes the contract-file menus' when clauses and validation globs from the matcher (npm run manifest)", async () => {
    const { expectedManifestText } = (await import(join(root, 'scripts/generate-manifest.mjs'))) as {
      expectedManifestText(): Promise<string>;
    };
    assert.equal(readFileSync(join(root, 'package.json'), 'utf8'), await expectedManifestText());
    const menus = (
      manifest.contributes as unknown as { menus: Record<string, { command: string; when?: string }[]> }
    ).menus;
    for (const menu of ['editor/context', 'explorer/context', 'editor/title'])
      assert.equal(
        menus[menu]!.find((m) => m.command === 'lineageLens.checkCompliance')?.when,
        CONTRACT_FILE_WHEN,
        menu,
      );
    // The when clause's regexes, as VS Code reads them, agree with the matcher on file names and paths.
    const [named, inFolder] = [...CONTRACT_FILE_WHEN.matchAll(/=~ \/(.*?)\/i(?: |$)/g)].map(
      (m) => new RegExp(m[1]!.replace(/\\\//g, '/'), 'i'),
    );
    for (const p of [
      '/w/contracts/orders.yaml',
      '/w/a/B.Contract.JSON',
      '/w/src/contracts.ts',
      '/w/contractsx/a.yml',
      '/w/a.yaml',
    ])
      assert.equal(named!.test(p.split('/').pop()!) || inFolder!.test(p), isContractFileName(p), p);
  });

  it('leaves path documents to the language server: no JSON schema validation or JSON participant for them', () => {
    const c = manifest.contributes as unknown as {
      jsonValidation: { fileMatch: string | string[] }[];
      jsonLanguageParticipants?: { languageId: string }[];
    };
    assert.ok(!c.jsonValidation.some((v) => [v.fileMatch].flat().some((g) => g.includes('lineage-path'))));
    assert.ok(!(c.jsonLanguageParticipants ?? []).some((p) => p.languageId === 'lineage-path'));
  });

  it('lists its settings in the Settings editor in a set order: the service first, then its URL policy', () => {
    const props = Object.entries(manifest.contributes.configuration.properties);
    const orders = props.map(([, p]) => p.order);
    // Equal or missing orders fall back to alphabetical, which put "Allow Insecure Http" above "Service Url".
    assert.ok(
      orders.every((o) => typeof o === 'number'),
      'every setting has an order',
    );
    assert.equal(new Set(orders).size, orders.length, 'no two settings share an order');
    const first = props.sort(([, a], [, b]) => a.order! - b.order!).map(([k]) => k);
    assert.deepEqual(first.slice(0, 2), ['lineageLens.serviceUrl', 'lineageLens.allowInsecureHttp']);
    for (const [key, p] of props)
      if (p.enum && !key.endsWith('.trace.server'))
        assert.equal(p.enumDescriptions?.length, p.enum.length, `${key} says what each value does`);
  });

  it('has the lineage-lens command-line tool as a bin', () => {
    assert.equal(manifest.bin['lineage-lens'], './dist/cli/lineage-lens.js');
  });

  it("links walkthroughs and welcome pages only to VS Code's commands or its own, with their pages", () => {
    const commands = new Set(manifest.contributes.commands.map((c) => c.command));
    const views = new Set(Object.values(manifest.contributes.views).flatMap((v) => v.map((x) => x.id)));
    // VS Code's own (workbench.action.openSettings) or ours.
    const known = (command: string) =>
      command.startsWith('workbench.') ||
      commands.has(command) ||
      (command.endsWith('.focus') && views.has(command.slice(0, -'.focus'.length)));
    const texts = [
      ...manifest.contributes.viewsWelcome.map((w) => localized(w.contents)),
      ...manifest.contributes.walkthroughs.flatMap((w) => w.steps.map((s) => localized(s.description))),
    ];
    for (const text of texts)
      for (const [, command] of text.matchAll(/\]\(command:([\w.]+)/g))
        assert.ok(known(command!), `${command} (in "${text.slice(0, 60)}…") is not contributed`);
    for (const step of manifest.contributes.walkthroughs.flatMap((w) => w.steps)) {
      assert.doesNotMatch(localized(step.title), /\(missing /, step.id);
      assert.ok(existsSync(join(root, step.media.markdown)), `${step.id}: ${step.media.markdown}`);
      for (const event of step.completionEvents) {
        const [kind, id] = event.split(/:(.*)/) as [string, string];
        if (kind === 'onCommand') assert.ok(commands.has(id), `${step.id}: ${event}`);
        if (kind === 'onView') assert.ok(views.has(id), `${step.id}: ${event}`);
      }
    }
  });

  it('walks a newcomer through the code lens and hover, the graph and change impact', () => {
    const links = manifest.contributes.walkthroughs
      .flatMap((w) => w.steps)
      .flatMap((s) => [...localized(s.description).matchAll(/\]\(command:([\w.]+)/g)].map((m) => m[1]));
    for (const command of [
      'lineageLens.showGraph',
      'lineageLens.showChangeImpact',
      'lineageLens.startDemoService',
    ])
      assert.ok(links.includes(command), `the walkthrough links ${command}: ${links.join(', ')}`);
    const pages = manifest.contributes.walkthroughs.flatMap((w) => w.steps).map((s) => s.media.markdown);
    assert.ok(pages.includes('walkthrough/code.md'), 'a step shows the lens and the hover');
  });

  it('offers Sign In first on the signed-out welcome page (what npm start tells the user to do)', () => {
    const signedOut = manifest.contributes.viewsWelcome.find(
      (w) => w.view === 'lineageLens.components' && w.when === '!lineageLens.signedIn',
    );
    const commands = [...localized(signedOut!.contents).matchAll(/\]\(command:([\w.]+)/g)].map((m) => m[1]);
    assert.deepEqual(commands, ['lineageLens.signIn', 'lineageLens.connect', 'lineageLens.startDemoService']);
  });
});
