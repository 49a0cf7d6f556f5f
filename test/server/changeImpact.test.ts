// `lineage-lens impact` on real git repositories: the demo workspace committed as the scanned commit
// (the demo dataset's commits rewritten to it, so anchors are mapped through git as in a real checkout),
// the real local service, the built CLI. Each test makes one change (a function modified, deleted or
// moved to another file; a contract field removed, narrowed or renamed) and reads the JSON report;
// commit mode (--base/--head) must agree with working-tree mode on the same change. Markdown is read as
// it renders (its structure), SARIF is validated against the SARIF 2.1.0 schema, the JSON against the
// report's own schema (common/schemas/change-impact-report.schema.json).
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import Ajv7 from 'ajv';
import addFormats from 'ajv-formats';
import type { ChangeImpactReport } from '../../common/src/changeImpact';
import { GitRepo } from '../helpers/gitRepo';
import { startLocalService, type LocalService } from '../helpers/localService';
import { repoRoot } from '../helpers/lspClient';
import { FIXTURES } from './setup';

const BIN = join(repoRoot, 'dist', 'cli', 'lineage-lens.js');
const DEMO = join(repoRoot, 'demo');
const CREATE_ORDER = 'checkout-api/src/handlers/createOrder.ts';
const VAULT = 'billing-worker/billing/payments/vault.py';
const GATEWAY = 'billing-worker/billing/payments/gateway.py';
const ORDERS_CONTRACT = 'contracts/orders.contract.yaml';
const ORDERS_DARN = 'postgres://orders-db:public.orders';
/** The demo's path createOrder → insertOrder (from CreateOrderRequest to public.orders). */
const INSERT_PATH = '47a929b9-9665-5e75-91a5-ff793b7c1e4c';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('lineage-lens impact (change impact on real git repositories)', function () {
  this.timeout(120_000);
  let service: LocalService;
  let repo: GitRepo;
  let base: string;
  let env: Record<string, string>;
  let scratch: string;

  const run = (args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const clean = { ...process.env };
      delete clean.LINEAGE_LENS_API_KEY;
      delete clean.LINEAGE_LENS_SERVICE_URL;
      execFile(
        process.execPath,
        [BIN, 'impact', ...args],
        { cwd: repo.root, env: { ...clean, ...env }, maxBuffer: 16 * 1024 * 1024 },
        (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
      );
    });
  const report = async (args: string[] = []): Promise<ChangeImpactReport> => {
    const r = await run(['--format', 'json', '--fail-on', 'never', ...args]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout) as ChangeImpactReport;
  };
  const edit = async (file: string, from: string | RegExp, to: string) => {
    const text = await repo.read(file);
    const next = text.replace(from, to);
    assert.notEqual(next, text, `${file}: nothing replaced`);
    await repo.write(file, next);
  };
  /** Back to the base commit, working tree clean (untracked files too). */
  const reset = () => {
    repo.git('checkout', '-q', '--detach', base);
    repo.git('reset', '-q', '--hard', base);
    repo.git('clean', '-qfd');
  };

  before(async () => {
    repo = await GitRepo.create();
    cpSync(join(DEMO, 'workspace'), repo.root, { recursive: true });
    // The dataset's scans happened on this tree: one commit of the repository for each scanned commit
    // (the same files), so every anchor is mapped through git from its own commit.
    const text = readFileSync(join(DEMO, 'dataset.json'), 'utf8');
    const scanned = [...new Set([...text.matchAll(/"[0-9a-f]{40}"/g)].map((m) => m[0]))];
    const ours = new Map<string, string>();
    for (const sha of scanned) ours.set(sha, `"${repo.commit(`scan ${sha}`)}"`);
    base = repo.git('rev-parse', 'HEAD');
    const dataset = text.replace(/"[0-9a-f]{40}"/g, (m) => ours.get(m) ?? m);
    scratch = mkdtempSync(join(tmpdir(), 'lineage-lens-impact-'));
    writeFileSync(join(scratch, 'dataset.json'), dataset);
    service = await startLocalService({ seed: join(scratch, 'dataset.json') });
    env = { LINEAGE_LENS_API_KEY: service.apiKey, LINEAGE_LENS_SERVICE_URL: service.url };
  });
  after(async () => {
    await service?.stop();
    await repo?.dispose();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  beforeEach(reset);

  it('reports nothing for a clean working tree', async () => {
    const r = await report();
    assert.equal(r.base.commit, base);
    assert.deepEqual(r.head, { ref: 'WORKTREE' });
    assert.equal(r.summary.touched, 0);
    assert.equal(r.summary.worstSeverity, 'none');
  });

  it('a function modified: the path, its downstream and the contract at risk', async () => {
    await edit(CREATE_ORDER, 'customerEmail: body.email,', 'customerEmail: body.email.trim().toLowerCase(),');
    const r = await report();
    const t = r.touched.find((x) => x.path.id === INSERT_PATH);
    assert.ok(t, JSON.stringify(r.touched, null, 1));
    assert.equal(t.change, 'modified');
    assert.equal(t.anchor.file, CREATE_ORDER);
    assert.ok(t.anchor.lineStart <= 19 && t.anchor.lineEnd >= 19, JSON.stringify(t.anchor));
    assert.equal(t.component.name, 'Checkout API');
    assert.ok(t.egress.includes('customer_email') && t.ingress.includes('email'), JSON.stringify(t));
    assert.ok(t.downstreamCounts.fields > 0);
    assert.ok(t.downstream.every((d) => d.hops >= 0 && d.field && d.component.id));
    const c = t.contracts.find((x) => x.darn === ORDERS_DARN);
    assert.ok(c, JSON.stringify(t.contracts));
    assert.equal(c.file, ORDERS_CONTRACT);
    // The file gives no name: it is named by its file, and marked so that editors show the store.
    assert.deepEqual([c.name, c.unnamed, c.storeName], ['orders.contract.yaml', true, 'Orders table']);
    // The service's state of the contract on that asset ("Orders for finance" is compliant).
    assert.equal(c.violationState, 'compliant');
    assert.ok(c.fields.includes('customer_email'));
    assert.equal(t.severity, 'high');
    assert.equal(r.summary.contractsAtRisk, 1);
    // Only the edited path: the other anchors of the file did not change.
    assert.deepEqual(
      r.touched.map((x) => x.change),
      ['modified'],
    );
  });

  it('says it in words in the text format: counts as read aloud, an unnamed contract by its store', async () => {
    await edit(CREATE_ORDER, 'customerEmail: body.email,', 'customerEmail: body.email.trim(),');
    const r = await run(['--fail-on', 'never']);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    // The lead says "at risk" once; only the kinds of change there are; no "0 components".
    assert.equal(
      lines[0],
      'Contracts at risk: 1 contract; 1 anchored definition touched (1 modified); 7 downstream fields (worst severity: high).',
    );
    assert.ok(lines.includes('    downstream: 7 fields in 1 data store: Orders table'), r.stdout);
    assert.ok(
      lines.some((l) =>
        l.startsWith(
          '    contract Orders table (orders.contract.yaml) on postgres://orders-db:public.orders (1 hop, compliant now): ',
        ),
      ),
      r.stdout,
    );
  });

  it('places only the anchors in the files the change touches, with the same findings', async () => {
    await edit(CREATE_ORDER, 'customerEmail: body.email,', 'customerEmail: body.email.trim(),');
    const r = await run(['--format', 'json', '--fail-on', 'never']);
    assert.equal(r.code, 0, r.stderr);
    const m = /placed (\d+) code anchors? in the changed files \((\d+) elsewhere left out\)/.exec(r.stderr);
    assert.ok(m, r.stderr);
    assert.ok(Number(m[1]) > 0 && Number(m[2]) > 0, m[0]);
    const touched = (JSON.parse(r.stdout) as ChangeImpactReport).touched;
    assert.deepEqual(
      touched.map((t) => [t.path.id, t.change]),
      [[INSERT_PATH, 'modified']],
    );
  });

  it('a function deleted', async () => {
    const text = await repo.read(VAULT);
    await repo.write(VAULT, text.slice(0, text.indexOf('async def tokenize_card')));
    const r = await report();
    const t = r.touched.find((x) => x.anchor.file === VAULT);
    assert.ok(t, JSON.stringify(r.touched, null, 1));
    assert.equal(t.change, 'deleted');
    assert.equal(t.anchor.lineStart, 9);
    assert.equal(t.severity, 'high');
    assert.equal(r.summary.deleted, 1);
  });

  it('a function moved to another file', async () => {
    const text = await repo.read(GATEWAY);
    const at = text.indexOf('async def authorize');
    await repo.write(GATEWAY, text.slice(0, at));
    await repo.write(
      'billing-worker/billing/payments/authorization.py',
      `"""Authorizations at the payment gateway."""\nimport httpx\n\nfrom .gateway import GATEWAY_URL, AuthorizeResult\n\n\n${text.slice(at)}`,
    );
    const r = await report();
    const t = r.touched.find((x) => x.anchor.file === GATEWAY);
    assert.ok(t, JSON.stringify(r.touched, null, 1));
    assert.equal(t.change, 'moved', JSON.stringify(t));
    assert.deepEqual(t.movedTo, {
      file: 'billing-worker/billing/payments/authorization.py',
      lineStart: 7,
      lineEnd: 15,
    });
    assert.equal(t.severity, 'low');
    assert.equal(r.summary.deleted, 0);
  });

  it('a contract field removed, a type narrowed, a field renamed; a widening is safe', async () => {
    await edit(ORDERS_CONTRACT, / {2}- name: shipping_city\n {4}type: string\n/, '');
    await edit(ORDERS_CONTRACT, 'name: customer_email', 'name: customer_mail');
    await edit(ORDERS_CONTRACT, /name: total_cents\n {4}type: long/, 'name: total_cents\n    type: int');
    await edit(
      ORDERS_CONTRACT,
      /name: created_at\n {4}type: timestamp/,
      'name: created_at\n    type: string',
    );
    const r = await report();
    assert.equal(r.contractChanges.length, 1, JSON.stringify(r.contractChanges, null, 1));
    const c = r.contractChanges[0]!;
    assert.equal(c.file, ORDERS_CONTRACT);
    assert.equal(c.darn, ORDERS_DARN);
    assert.equal(c.breaking, true);
    const by = (field: string) => c.changes.filter((x) => x.field === field).map((x) => [x.kind, x.breaking]);
    assert.deepEqual(by('shipping_city'), [['removed', true]]);
    assert.deepEqual(by('customer_email'), [['renamed', true]]);
    assert.deepEqual(by('total_cents'), [['typeChanged', true]]);
    assert.match(c.changes.find((x) => x.field === 'total_cents')!.detail, /long to int: a narrowing/);
    assert.deepEqual(by('created_at'), [['typeChanged', true]]);
    // Lines of the head file: the renamed field's item.
    const lines = (await repo.read(ORDERS_CONTRACT)).split('\n');
    assert.match(lines[c.changes.find((x) => x.field === 'customer_email')!.line! - 1]!, /customer_mail/);
    // Producers from lineage: checkout-api's path writing the orders table.
    assert.ok(
      c.producers.some((p) => p.path.id === INSERT_PATH),
      JSON.stringify(c.producers),
    );
    assert.equal(r.summary.breakingChanges, 4);
    assert.equal(r.summary.worstSeverity, 'breaking');
    // --fail-on breaking (the default) fails, never does not.
    assert.equal((await run(['--format', 'json'])).code, 1);

    reset();
    await edit(ORDERS_CONTRACT, /name: total_cents\n {4}type: long/, 'name: total_cents\n    type: decimal');
    const w = await report();
    assert.deepEqual(
      w.contractChanges[0]!.changes.map((x) => [x.field, x.kind, x.breaking]),
      [['total_cents', 'typeChanged', false]],
    );
    assert.equal((await run(['--format', 'json'])).code, 0);
  });

  it('--base/--head over commits agrees with the working tree on the same change', async () => {
    await edit(CREATE_ORDER, 'customerEmail: body.email,', 'customerEmail: body.email.trim(),');
    const text = await repo.read(VAULT);
    await repo.write(VAULT, text.slice(0, text.indexOf('async def tokenize_card')));
    await edit(ORDERS_CONTRACT, / {2}- name: shipping_city\n {4}type: string\n/, '');
    const gateway = await repo.read(GATEWAY);
    const cut = gateway.indexOf('async def authorize');
    await repo.write(GATEWAY, gateway.slice(0, cut));
    await repo.write(
      'billing-worker/billing/payments/authorization.py',
      `import httpx\n\n\n${gateway.slice(cut)}`,
    );
    const worktree = await report();
    assert.deepEqual(
      worktree.touched.map((t) => t.change).sort(),
      ['deleted', 'modified', 'moved'],
      JSON.stringify(worktree.touched, null, 1),
    );
    repo.git('checkout', '-q', '-b', `change-${Date.now()}`);
    const head = repo.commit('the same change');
    const committed = await report(['--base', base, '--head', head]);
    // Back at the base, the head is analysed in a temporary worktree of its own.
    repo.git('checkout', '-q', '--detach', base);
    const elsewhere = await report(['--base', base, '--head', head]);
    const strip = (r: ChangeImpactReport) => ({ ...r, head: undefined, base: undefined });
    assert.equal(committed.head.commit, head);
    assert.ok(worktree.summary.touched >= 2 && worktree.contractChanges.length === 1);
    assert.deepEqual(strip(committed), strip(worktree));
    assert.deepEqual(strip(elsewhere), strip(worktree));
    assert.equal(repo.git('worktree', 'list').split('\n').length, 1, 'the temporary worktree is removed');
  });

  it('writes Markdown for a sticky comment, SARIF that validates, JSON that fits its schema', async () => {
    await edit(CREATE_ORDER, 'customerEmail: body.email,', 'customerEmail: body.email.trim(),');
    await edit(ORDERS_CONTRACT, / {2}- name: shipping_city\n {4}type: string\n/, '');
    const md = await run(['--format', 'markdown', '--fail-on', 'never']);
    assert.equal(md.code, 0, md.stderr);
    const lines = md.stdout.split('\n');
    assert.equal(lines[0], '<!-- lineage-lens-impact -->');
    assert.match(
      lines[1]!,
      /^\*\*Lineage Lens\*\* · Breaking: 1 breaking contract change; 1 contract at risk;/,
    );
    const table = lines.indexOf('### Breaking contract changes');
    assert.ok(table > 0);
    assert.equal(lines[table + 2], '| Contract | Field | Change | What it means | Written by |');
    assert.match(
      lines[table + 4]!,
      /^\| orders\\\.contract\\\.yaml \(`contracts\/orders\.contract\.yaml:\d+`\) \| `shipping_city` \| removed \|/,
    );
    const details = lines.indexOf('<details><summary>1 touched path</summary>');
    assert.ok(
      details > table && lines[details + 1] === '',
      'a blank line after the summary, so Markdown renders inside',
    );
    assert.ok(lines.some((l) => l.startsWith('| modified | `checkout-api/src/handlers/createOrder.ts:')));
    // Stable: the same change gives the same comment (a sticky comment is edited only when it changes).
    assert.equal((await run(['--format', 'markdown', '--fail-on', 'never'])).stdout, md.stdout);

    const sarifFile = join(scratch, 'impact.sarif');
    const s = await run(['--format', 'sarif', '--fail-on', 'never', '--output', sarifFile]);
    assert.equal(s.code, 0, s.stderr);
    assert.equal(s.stdout, '');
    const log = JSON.parse(readFileSync(sarifFile, 'utf8')) as {
      runs: Array<{
        results: Array<{
          ruleId: string;
          level: string;
          locations?: Array<{
            physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } };
          }>;
        }>;
      }>;
    };
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const sarifSchema = JSON.parse(readFileSync(join(FIXTURES, 'sarif-schema-2.1.0.json'), 'utf8')) as object;
    assert.ok(ajv.validate(sarifSchema, log), ajv.errorsText());
    const results = log.runs[0]!.results;
    const onCode = results.find((x) => x.ruleId === 'change-modified');
    assert.equal(onCode?.level, 'warning');
    assert.equal(onCode?.locations?.[0]?.physicalLocation.artifactLocation.uri, CREATE_ORDER);
    const onContract = results.find((x) => x.ruleId === 'contract-breaking');
    assert.equal(onContract?.level, 'error');
    assert.equal(onContract?.locations?.[0]?.physicalLocation.artifactLocation.uri, ORDERS_CONTRACT);

    const json = await report();
    const ajv7 = new Ajv7({ allErrors: true, strict: false });
    addFormats(ajv7);
    const schema = JSON.parse(
      readFileSync(join(repoRoot, 'common', 'schemas', 'change-impact-report.schema.json'), 'utf8'),
    ) as object;
    assert.ok(ajv7.validate(schema, json), ajv7.errorsText());
  });

  it('refuses a base that is not a commit, with exit code 2', async () => {
    const r = await run(['--base', 'no-such-branch']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /The base "no-such-branch" is not a commit in this repository/);
    const bad = await run(['--base', '--upload-pack=x']);
    assert.equal(bad.code, 2);
  });
});
