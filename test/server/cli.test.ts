// `lineage-lens check` as CI runs it: the built bin (dist/cli/lineage-lens.js) in a temporary git
// repository holding the fixture workspace (code anchors, contracts of both shapes, a broken one),
// against the real local service. Text, SARIF (validated against the SARIF 2.1.0 schema) and GitHub
// formats, the exit codes, progress on stderr, and the API key never in any output.
import { strict as assert } from 'node:assert';
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { startLocalService, type LocalService } from '../helpers/localService';
import { repoRoot } from '../helpers/lspClient';
import { DATASET, FIXTURES, ORDERS, WORKSPACE } from './setup';

const BIN = join(repoRoot, 'dist', 'cli', 'lineage-lens.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    const clean = { ...process.env };
    delete clean.LINEAGE_LENS_API_KEY;
    delete clean.LINEAGE_LENS_SERVICE_URL;
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env: { ...clean, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const BROKEN = `spec-version: 0.1.0
id: 6f0c2a4e-9d1b-4c3a-8e7f-0a1b2c3d4e5f
name: Broken
namespace: fx
dataAssetResourceName: postgres://fx-db:public.orders
schema:
  - name: order_id
    type: varchar
`;

describe('lineage-lens check (command line)', function () {
  this.timeout(60_000);
  let service: LocalService;
  let repo: string;
  let env: Record<string, string>;
  const outputs: string[] = [];
  const checked = async (args: string[], extraEnv: Record<string, string | undefined> = {}) => {
    const r = await run(args, repo, { ...env, ...extraEnv });
    outputs.push(r.stdout, r.stderr);
    return r;
  };

  before(async () => {
    service = await startLocalService({ seed: DATASET });
    repo = mkdtempSync(join(tmpdir(), 'lineage-lens-cli-'));
    cpSync(WORKSPACE, repo, { recursive: true });
    mkdirSync(join(repo, '.vscode'));
    writeFileSync(
      join(repo, '.vscode', 'settings.json'),
      `{\n  // the checkout's own settings, as the editor reads them\n  "lineageLens.components": ["${ORDERS}"],\n  "lineageLens.namespace": "fx",\n}\n`,
    );
    writeFileSync(join(repo, 'contracts', 'broken.yaml'), BROKEN);
    const git = (...a: string[]) => execFileSync('git', a, { cwd: repo, stdio: 'ignore' });
    git('init', '-q');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'fixture');
    env = { LINEAGE_LENS_API_KEY: service.apiKey, LINEAGE_LENS_SERVICE_URL: service.url };
  });
  after(async () => {
    await service?.stop();
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  it('prints findings as text, progress on stderr, and exits 1 on errors', async () => {
    const r = await checked(['check']);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    // Compliance of both shapes, on the violating lines (1-based).
    assert.ok(
      lines.includes(
        `contracts/orders-finance.yaml:19:15: error MISSING_REQUIRED_PROPERTY: required field customer.loyaltyTier is missing from postgres://fx-db:public.orders (expected string, actual missing)`,
      ),
      r.stdout,
    );
    assert.ok(
      lines.some((l) => l.startsWith('contracts/orders-finance.yaml:21:11: error INCOMPATIBLE_TYPE:')),
    );
    assert.ok(lines.some((l) => l.startsWith('contracts/orders.contract.yaml:11:')));
    assert.ok(
      lines.some((l) => l.startsWith('schemas/refunds.yml:6:24: error MISSING_DATA_ASSET:')),
      r.stdout,
    );
    // Syntax before compliance: the broken contract is reported and not sent to the service.
    assert.ok(
      lines.some((l) => l.startsWith('contracts/broken.yaml:8:11: error contract-unknown-field-type:')),
    );
    assert.ok(
      !lines.some((l) => l.startsWith('contracts/broken.yaml') && /INCOMPATIBLE|MISSING_REQ/.test(l)),
    );
    // Code anchors with the editor's rules: the one pointing outside the checkout is an error.
    assert.ok(
      lines.some((l) => /^error anchor-outside-workspace: orders-api · readKeys → leak: /.test(l)),
      r.stdout,
    );
    assert.ok(
      lines.some((l) =>
        l.startsWith('src/orders.ts:19:1: note anchor-relocated: orders-api · shipOrder → publishShipment:'),
      ),
    );
    assert.match(
      lines[lines.length - 1]!,
      /^\d+ errors, \d+ warnings?, \d+ notes? \(\d+ code anchors, 4 contract files checked\)$/,
    );
    assert.match(r.stderr, /Connecting to http:\/\/127\.0\.0\.1:\d+/);
    assert.match(r.stderr, /Loaded 2 components and placed \d+ code anchors/);
    assert.match(r.stderr, /Checking compliance of 3 contract files/);
    assert.match(
      r.stderr,
      /Checked \d+ code anchors and 4 contract files in \d+ ms \(CPU \d+ ms\); \d+ findings?\./,
    );
  });

  it('writes SARIF 2.1.0 that validates against the schema', async () => {
    const r = await checked(['check', '--format', 'sarif']);
    assert.equal(r.code, 1, r.stderr);
    const log = JSON.parse(r.stdout) as {
      version: string;
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
    const schema = JSON.parse(readFileSync(join(FIXTURES, 'sarif-schema-2.1.0.json'), 'utf8')) as object;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5)));
    assert.equal(log.version, '2.1.0');
    const results = log.runs[0]!.results;
    const missing = results.find((x) => x.ruleId === 'MISSING_DATA_ASSET')!;
    assert.equal(missing.level, 'error');
    assert.deepEqual(
      [
        missing.locations![0]!.physicalLocation.artifactLocation.uri,
        missing.locations![0]!.physicalLocation.region!.startLine,
      ],
      ['schemas/refunds.yml', 6],
    );
    // The same findings as the text format.
    const text = await checked(['check']);
    assert.equal(results.length, text.stdout.trim().split('\n').length - 1);
  });

  it('writes GitHub workflow annotations', async () => {
    const r = await checked(['check', '--format', 'github']);
    assert.equal(r.code, 1);
    const lines = r.stdout.trim().split('\n');
    assert.ok(
      lines.every((l) => /^::(error|warning|notice) /.test(l)),
      r.stdout,
    );
    assert.ok(
      lines.includes(
        '::error file=schemas/refunds.yml,line=6,col=24,endLine=6,endColumn=56,title=Lineage Lens MISSING_DATA_ASSET::no data asset s3://fx-events:refunds/*.parquet (expected s3://fx-events:refunds/*.parquet, actual missing)',
      ),
      r.stdout,
    );
  });

  it('exits by --fail-on: never → 0, and 0 when nothing is found', async () => {
    assert.equal((await checked(['check', '--fail-on', 'never'])).code, 0);
    const clean = mkdtempSync(join(tmpdir(), 'lineage-lens-cli-clean-'));
    try {
      cpSync(join(WORKSPACE, 'src'), join(clean, 'src'), { recursive: true });
      const r = await run(['check', '--component', ORDERS, '--no-anchors', clean], repo, env);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.doesNotMatch(
        r.stderr,
        /Loaded \d+ components/,
        'no component is loaded without anchors to check',
      );
      assert.match(r.stdout, /^0 errors, 0 warnings, 0 notes \(0 code anchors, 0 contract files checked\)$/m);
      // Warnings alone fail only at --fail-on warning.
      writeFileSync(join(clean, 'x.contract.yaml'), workspaceWarningOnly());
      assert.equal((await run(['check', '--no-anchors', clean], repo, env)).code, 0);
      assert.equal((await run(['check', '--no-anchors', '--fail-on', 'warning', clean], repo, env)).code, 1);
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  });

  it('exits 2 on usage and connection errors, with one clear message', async () => {
    const noKey = await checked(['check'], { LINEAGE_LENS_API_KEY: undefined });
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /no API key: set the environment variable LINEAGE_LENS_API_KEY/);
    const noUrl = await checked(['check'], { LINEAGE_LENS_SERVICE_URL: undefined });
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /no service URL/);
    const flag = await checked(['check', '--api-key', 'x']);
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /Unknown option '--api-key'/);
    assert.equal((await checked(['check', '--format', 'xml'])).code, 2);
    const rejected = await checked(['check'], { LINEAGE_LENS_API_KEY: `${service.apiKey}-wrong` });
    assert.equal(rejected.code, 2, rejected.stderr);
    assert.match(rejected.stderr, /refused the API key/);
    // A port nothing listens on: the service's own URL with its port taken away after it stops.
    const down = await checked(['check', '--service', 'http://127.0.0.1:9']);
    assert.equal(down.code, 2, down.stderr);
    assert.match(down.stderr, /could not be used/);
  });

  it('has --help with examples and the exit codes', async () => {
    const r = await checked(['check', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Examples:/);
    assert.match(r.stdout, /--format sarif/);
    assert.match(r.stdout, /Exit codes: 0 .* 1 .* 2 /);
  });

  it('never prints the API key', () => {
    assert.ok(outputs.length > 10);
    for (const o of outputs) {
      assert.ok(!o.includes(service.apiKey), 'the key appears in an output');
    }
  });
});

/** A contract whose only problem is an unknown member (a warning). */
function workspaceWarningOnly(): string {
  return BROKEN.replace('type: varchar', 'type: string').replace('schema:', 'colour: blue\nschema:');
}
