// The dataset loader: shape and reference errors name the member; the command line refuses to seed
// an existing database unless --reset, and a bad dataset leaves no database behind.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkDataset } from '../../service/src/dataset/loadDataset';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import type { ApiKeyRecord } from '../../common/src/api';
import type { Dataset, DatasetCodeComponent } from '../../common/src/dataset/schema';

/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call --
   The dataset is broken on purpose below: the cases write wrong types and unknown members into raw
   JSON, which no type can describe. Re-enabled after the cases. */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON broken on purpose

const MAIN = join(resolve(__dirname, '..', '..', '..'), 'dist', 'service', 'main.js');
const small = (): Json => JSON.parse(readFileSync(SMALL, 'utf8'));

function messageOf(mutate: (d: Json) => void): string {
  const d = small();
  mutate(d);
  try {
    checkDataset(d);
  } catch (err) {
    return (err as Error).message;
  }
  return '(accepted)';
}

/** Runs the service command to its exit (for runs that are expected to fail at start). */
function runToExit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => res({ code, stdout, stderr }));
  });
}

describe('local service: dataset loader', () => {
  it('accepts the small fixture', () => {
    assert.equal(
      messageOf(() => undefined),
      '(accepted)',
    );
  });

  it('accepts the example of docs/dataset.md', () => {
    const md = readFileSync(join(resolve(__dirname, '..', '..', '..'), 'docs', 'dataset.md'), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(md)?.[1];
    assert.ok(example, 'docs/dataset.md has a JSON example');
    assert.equal(checkDataset(JSON.parse(example)).components.length, 2);
  });

  describe('shape errors name the member', () => {
    const cases: Array<[string, (d: Json) => void, RegExp]> = [
      [
        'a wrong type deep in a path',
        (d) => (d.components[0].paths[0].ingress.signature_name = 5),
        /\/components\/0\/paths\/0\/ingress\/signature_name: Expected string/,
      ],
      [
        'an unknown component type',
        (d) => (d.components[1].type = 'QUEUE'),
        /\/components\/1\/type: Expected "CODE" or "DATA_STORE"/,
      ],
      ['an unknown member', (d) => (d.components[1].colour = 'red'), /\/components\/1/],
      [
        'a bad commit sha',
        (d) => (d.components[0].scans[0].commit_sha = 'XYZ'),
        /\/components\/0\/scans\/0\/commit_sha/,
      ],
      ['a bad subscription e-mail', (d) => (d.subscriptions[0].email = 'nope'), /\/subscriptions\/0\/email/],
      ['a missing version', (d) => delete d.version, /\/version/],
    ];
    for (const [label, mutate, expected] of cases) it(label, () => assert.match(messageOf(mutate), expected));
  });

  describe('unknown members are refused in every nested object, each with its JSON pointer', () => {
    // [where, how to add the member, the pointer the message must name]
    const cases: Array<[string, (d: Json) => void, string]> = [
      [
        'a code anchor (lines_start)',
        (d) => (d.components[0].paths[0].code_anchors[0].lines_start = 3),
        '/components/0/paths/0/code_anchors/0/lines_start',
      ],
      [
        'a field mapping',
        (d) => (d.components[0].paths[0].field_mappings[1].note = 'x'),
        '/components/0/paths/0/field_mappings/1/note',
      ],
      [
        'completeness',
        (d) => (d.components[0].paths[0].completeness.schema = 'UNKNOWN'),
        '/components/0/paths/0/completeness/schema',
      ],
      [
        'a boundary',
        (d) => (d.components[0].paths[0].ingress.signature = 'x'),
        '/components/0/paths/0/ingress/signature',
      ],
      [
        'boundary coordinates',
        (d) =>
          (d.components[0].paths[0].ingress.coordinates = {
            payload_name: null,
            signature_name: null,
            extra: 1,
          }),
        '/components/0/paths/0/ingress/coordinates/extra',
      ],
      ['a scan', (d) => (d.components[0].scans[0].sha = 'x'), '/components/0/scans/0/sha'],
      ['an approval', (d) => (d.components[0].approval.state = 'x'), '/components/0/approval/state'],
      [
        'a DATA_STORE schema field',
        (d) => (d.components[1].schema.fields[0].nullable = true),
        '/components/1/schema/fields/0/nullable',
      ],
      ['a tag definition', (d) => (d.tagDefinitions[0].colour = 'red'), '/tagDefinitions/0/colour'],
      ['a tag application', (d) => (d.tagApplications[0].field = 'x'), '/tagApplications/0/field'],
      [
        'a contract schema element',
        (d) => (d.contracts[0].contractSchema[0].nullable = true),
        '/contracts/0/contractSchema/0/nullable',
      ],
      [
        'a nested contract schema element',
        (d) => (d.contracts[0].contractSchema[1].fields[0].fields[0].size = 1),
        '/contracts/0/contractSchema/1/fields/0/fields/0/size',
      ],
      [
        'a data asset schema element',
        (d) => (d.dataAssets[0].schema[2].fields[0].x = 1),
        '/dataAssets/0/schema/2/fields/0/x',
      ],
      ['an edge', (d) => (d.edges[0].kind = 'x'), '/edges/0/kind'],
      ['the top level', (d) => (d.extra = 1), '/extra'],
    ];
    for (const [label, mutate, pointer] of cases)
      it(label, () => {
        const message = messageOf(mutate);
        assert.ok(message.includes(`${pointer}: `), `${pointer} in: ${message}`);
      });

    it('free-form members stay free: metadata, a boundary schema, contract constraints', () => {
      assert.equal(
        messageOf((d) => {
          d.components[0].metadata = { anything: { goes: [1] } };
          d.components[0].paths[0].ingress.schema = { type: 'object', 'x-vendor': true, properties: {} };
          d.contracts[0].contractSchema[0].constraints = { pii: true, custom: { a: 1 } };
        }),
        '(accepted)',
      );
    });
  });

  describe('reference errors name the member', () => {
    const cases: Array<[string, (d: Json) => void, RegExp]> = [
      [
        'an edge to a missing component',
        (d) => (d.edges[0].destinationComponentId = 'ghost'),
        /\/edges\/0\/destinationComponentId: no component "ghost"/,
      ],
      [
        'a data_store_id that is missing',
        (d) => (d.components[0].paths[0].egress.data_store_id = 'ghost'),
        /\/components\/0\/paths\/0\/egress\/data_store_id: no component "ghost"/,
      ],
      [
        'a data_store_id that is a CODE component',
        (d) => (d.components[0].paths[0].egress.data_store_id = d.components[2].id),
        /egress\/data_store_id: .* is not a DATA_STORE/,
      ],
      [
        'a tag application on a missing boundary',
        (d) => (d.tagApplications[0].boundary_id = 'ghost'),
        /\/tagApplications\/0\/boundary_id: no boundary "ghost"/,
      ],
      [
        'a tag application of a missing tag',
        (d) => (d.tagApplications[0].tag = 'ghost'),
        /\/tagApplications\/0\/tag: no tag definition "ghost"/,
      ],
      [
        'a subscription to a missing contract',
        (d) => (d.subscriptions[0].dataContractId = 'e0000000-0000-4000-8000-00000000ffff'),
        /\/subscriptions\/0\/dataContractId: no contract/,
      ],
      [
        'replaces_path_id naming a missing path',
        (d) => (d.components[0].paths[2].replaces_path_id = 'ghost'),
        /\/components\/0\/paths\/2\/replaces_path_id: no path "ghost"/,
      ],
      [
        'replaces_path_id naming an override',
        (d) => {
          d.components[0].paths[2].replaces_path_id = d.components[0].paths[2].path_id;
        },
        /replaces_path_id: path .* is not a SCAN_OUTPUT path/,
      ],
      [
        'replaces_path_id on a scan path',
        (d) => (d.components[0].paths[0].replaces_path_id = d.components[0].paths[1].path_id),
        /\/components\/0\/paths\/0\/replaces_path_id: only a USER_OVERRIDE/,
      ],
      [
        'a duplicate component id',
        (d) => (d.components[1].id = d.components[0].id),
        /\/components\/1\/id: duplicate component id/,
      ],
      [
        'a path commit that was never scanned',
        (d) => (d.components[0].paths[0].commit_sha = 'abcdef1'),
        /\/components\/0\/paths\/0\/commit_sha: commit "abcdef1"/,
      ],
      [
        'a SYSTEM definition with another name',
        (d) => d.tagDefinitions.push({ id: 'x', name: 'ssn', kind: 'SYSTEM' }),
        /\/tagDefinitions\/4\/name: SYSTEM tags are/,
      ],
    ];
    for (const [label, mutate, expected] of cases) it(label, () => assert.match(messageOf(mutate), expected));
  });

  /* eslint-enable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call */

  describe('command line', function () {
    // Several service starts in one test; each waits on the service's own output, never a sleep.
    this.timeout(60_000);
    const running: LocalService[] = [];
    const start = async (opts: Parameters<typeof startLocalService>[0]) => {
      const svc = await startLocalService(opts);
      running.push(svc);
      return svc;
    };
    afterEach(async () => {
      await Promise.all(running.splice(0).map((s) => s.stop()));
    });

    it('a bad dataset exits 1 with the message and leaves no database', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-loader-'));
      const d = small() as Dataset;
      // A number where a string belongs (the raw JSON, not the typed dataset, is what is broken).
      (
        (d.components[0] as DatasetCodeComponent).paths[0]!.ingress as { signature_name: unknown }
      ).signature_name = 5;
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(d));
      const r = await runToExit(['--port', '0', '--db', join(dir, 'x.db'), '--seed', join(dir, 'bad.json')]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /\/components\/0\/paths\/0\/ingress\/signature_name: Expected string/);
      assert.equal(existsSync(join(dir, 'x.db')), false);
      assert.doesNotMatch(r.stdout, /listening/);
    });

    it('a dataset that is not JSON is refused with the file name', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-loader-'));
      writeFileSync(join(dir, 'bad.json'), '{ nope');
      const r = await runToExit(['--port', '0', '--db', join(dir, 'x.db'), '--seed', join(dir, 'bad.json')]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /bad\.json is not valid JSON/);
    });

    it('refuses --seed into an existing database unless --reset; reopening keeps data and prints the key only on request', async () => {
      const first = await start({ seed: SMALL });
      const del = await call(first.url, 'DELETE', '/v0/webhooks/w1', { key: first.apiKey });
      assert.equal(del.status, 204);
      await first.stop();

      const refused = await runToExit(['--port', '0', '--db', first.dbFile, '--seed', SMALL]);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /already exists; refusing to load .* \(add --reset/);

      const reopened = await start({ db: first.dbFile });
      assert.equal(reopened.apiKey, '');
      assert.equal(
        (await call(reopened.url, 'DELETE', '/v0/webhooks/w1', { key: first.apiKey })).status,
        404,
      );
      await reopened.stop();

      const withKey = await start({ db: first.dbFile, args: ['--print-key'] });
      assert.equal(withKey.apiKey, first.apiKey);
      await withKey.stop();

      const reset = await start({ db: first.dbFile, args: ['--reset', '--seed', SMALL] });
      assert.equal(reset.apiKey, first.apiKey);
      assert.equal((await call(reset.url, 'DELETE', '/v0/webhooks/w1', { key: reset.apiKey })).status, 204);
      await reset.stop();
    });

    it('generates a key when the dataset has none', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-loader-'));
      const d = small() as Dataset;
      delete d.apiKeys;
      writeFileSync(join(dir, 'nokeys.json'), JSON.stringify(d));
      const svc = await start({ seed: join(dir, 'nokeys.json') });
      assert.match(svc.apiKey, /^ll_[A-Za-z0-9_-]{20,}$/);
      const keys = await call<ApiKeyRecord[]>(svc.url, 'GET', '/v0/api-keys', { key: svc.apiKey });
      assert.deepEqual(
        keys.body.map((k) => k.value),
        [svc.apiKey],
      );
    });

    it('rejects an invalid port with usage', async () => {
      const r = await runToExit(['--port', 'x']);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /--port must be an integer/);
      assert.match(r.stderr, /Usage:/);
    });
  });
});
