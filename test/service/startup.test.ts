// Starting the real local service: a database lock left by a killed service
// whose process id now belongs to another process, a port already taken, the key a new database
// gets, and the Host headers it answers.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import type { ErrorResponse } from '../../common/src/api';
import type { Dataset } from '../../common/src/dataset/schema';

const repoRoot = resolve(__dirname, '..', '..', '..');
const mainJs = join(repoRoot, 'dist', 'service', 'main.js');
const DEMO = join(repoRoot, 'demo', 'dataset.json');

const freshDb = () => join(mkdtempSync(join(tmpdir(), 'lineage-lens-start-')), 'service.db');

/** Runs the service to its exit (for starts that must fail): exit code and output. */
function runToExit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [mainJs, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** A GET with the Host header given (fetch will not send a made-up one). */
function getWithHost(url: string, host: string, key: string): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  return new Promise((done, fail) => {
    const req = request(
      { host: u.hostname, port: u.port, path: '/v0/api-keys', headers: { host, 'x-api-key': key } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe('local service: start-up', () => {
  describe('the database lock', () => {
    it('a live service keeps its database: a second start on it is refused', async () => {
      const first = await startLocalService({ seed: SMALL });
      try {
        await assert.rejects(startLocalService({ db: first.dbFile }), /in use by another local service/);
      } finally {
        await first.stop();
      }
    });

    it('a lock left by a killed service whose process id is now another process does not block the start', async () => {
      const first = await startLocalService({ seed: SMALL });
      const owner = `${first.dbFile}.owner`;
      const recorded = readFileSync(owner, 'utf8').split('\n');
      assert.ok(recorded[1], 'the lock records the start time of its process');
      first.process.kill('SIGKILL');
      await new Promise((r) => first.process.once('exit', r));
      // Another live process now holds the id the lock names (as after a reboot or id reuse).
      const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
      await new Promise((r) => other.once('spawn', r));
      let second: LocalService | undefined;
      try {
        writeFileSync(owner, `${other.pid}\n${recorded[1]}\n`);
        second = await startLocalService({ db: first.dbFile, args: ['--print-key'] });
        assert.equal(second.apiKey, first.apiKey, 'the same database, its data kept');
        const r = await call(second.url, 'GET', '/v0/api-keys', { key: second.apiKey });
        assert.equal(r.status, 200, r.text);
        assert.equal(readFileSync(owner, 'utf8').split('\n')[0], String(second.process.pid));
      } finally {
        await second?.stop();
        other.kill('SIGKILL');
      }
    });
  });

  describe('a port in use', () => {
    it('fails before creating anything, naming the port; the next start seeds and prints the key', async () => {
      const blocker = createServer();
      await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
      const port = (blocker.address() as AddressInfo).port;
      const db = freshDb();
      try {
        const failed = await runToExit(['--port', String(port), '--db', db, '--seed', SMALL]);
        assert.equal(failed.code, 1, failed.stderr);
        assert.match(
          failed.stderr,
          new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use`),
        );
        assert.match(failed.stderr, /nothing was created/);
        assert.equal(existsSync(db), false, 'no database was created');
      } finally {
        await new Promise((r) => blocker.close(r));
      }
      const svc = await startLocalService({ db, seed: SMALL });
      try {
        assert.ok(svc.apiKey, 'the key of the new database is printed');
        const r = await call(svc.url, 'GET', '/v0/api-keys', { key: svc.apiKey });
        assert.equal(r.status, 200, r.text);
      } finally {
        await svc.stop();
      }
    });
  });

  describe('API keys of a new database', () => {
    it('the demo dataset gets freshly generated keys, different for every database', async () => {
      const a = await startLocalService({ seed: DEMO });
      const b = await startLocalService({ seed: DEMO });
      try {
        assert.notEqual(a.apiKey, b.apiKey);
        const listed = (await call(a.url, 'GET', '/v0/api-keys', { key: a.apiKey })).body as Array<{
          name: string;
          value: string;
        }>;
        assert.deepEqual(
          listed.map((k) => k.name),
          ['Demo developer', 'CI scanner'],
        );
        assert.equal(listed[0]!.value, a.apiKey, 'the printed key is the first');
        assert.match(a.apiKey, /^ll_[A-Za-z0-9_-]{32}$/);
        const published = readFileSync(DEMO, 'utf8');
        for (const k of listed) assert.ok(!published.includes(k.value), 'no key value comes from the file');
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });

    it('a dataset that names a key value keeps it', async () => {
      const svc = await startLocalService({ seed: SMALL });
      try {
        const named = (JSON.parse(readFileSync(SMALL, 'utf8')) as Dataset).apiKeys?.[0]?.value;
        assert.equal(svc.apiKey, named);
      } finally {
        await svc.stop();
      }
    });
  });

  describe('Host headers (DNS rebinding)', () => {
    let svc: LocalService;
    before(async () => {
      svc = await startLocalService({ seed: SMALL });
    });
    after(async () => svc?.stop());

    for (const host of [
      'evil.example',
      'evil.example:80',
      '127.0.0.1.nip.io',
      'localhost.evil.example',
      '10.0.0.1',
      'evil.example?@127.0.0.1',
    ]) {
      it(`refuses Host ${host} with a 403, whatever the key`, async () => {
        const r = await getWithHost(svc.url, host, svc.apiKey);
        assert.equal(r.status, 403, r.text);
        assert.match(
          (JSON.parse(r.text) as ErrorResponse).message,
          /answers only requests addressed to 127\.0\.0\.1, localhost or \[::1\]/,
        );
        assert.doesNotMatch(r.text, new RegExp(svc.apiKey));
      });
    }

    for (const host of ['127.0.0.1', '127.0.0.1:7878', 'localhost', 'LOCALHOST:7878', '[::1]:7878']) {
      it(`answers Host ${host}`, async () => {
        const r = await getWithHost(svc.url, host, svc.apiKey);
        assert.equal(r.status, 200, r.text);
      });
    }
  });
});
