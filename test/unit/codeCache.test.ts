// A CommonJS file evaluated through V8's code cache (server/src/util/codeCache.ts), in this process:
// what is written (owner-only, whole, behind a digest), what is refused before V8 sees it, and what a
// failed write costs. That a second process really starts from the cache is the layout process's test
// (test/server/graphLayoutProcess.test.ts): in one process V8's own in-memory cache would answer.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeCacheName, isPrivate, loadWithCodeCache } from '../../server/src/util/codeCache';

describe('code cache', () => {
  let dir: string;
  let n = 0;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lineage-code-cache-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A script of its own per call: V8 keeps compiled scripts in memory, and would answer from there. */
  function script(body = 'module.exports.sum = (a, b) => a + b;'): string {
    const file = join(dir, 'mod.js');
    writeFileSync(file, `${body}\nmodule.exports.filename = __filename;\n// ${process.pid}.${++n}\n`);
    return file;
  }

  it('loads the file as CommonJS, without a directory reads and writes nothing', () => {
    const file = script();
    const m = loadWithCodeCache(file, undefined);
    const exports = m.exports as { sum(a: number, b: number): number; filename: string };
    assert.equal(exports.sum(2, 3), 5);
    assert.equal(exports.filename, file);
    assert.equal(m.state, 'off');
    assert.equal(m.stale, false);
    assert.equal(m.save(), 'no cache directory');
    assert.deepEqual(readdirSync(dir), ['mod.js']);
  });

  it('a file that needs a module of its own is told it cannot have one', () => {
    const file = script("require('node:fs');");
    assert.throws(() => loadWithCodeCache(file, undefined), /mod\.js cannot require node:fs/);
  });

  it('writes the cache owner-only into a directory it makes owner-only, whole, behind the digest of its bytes', () => {
    const file = script();
    const cacheDir = join(dir, 'a', 'cache');
    const m = loadWithCodeCache(file, cacheDir);
    assert.equal(m.state, 'absent');
    assert.equal(m.stale, true, 'a cache to write');
    assert.match(m.save(), /^written \(\d+ KB\)$/);
    const name = codeCacheName(file, readFileSync(file, 'utf8'));
    assert.deepEqual(readdirSync(cacheDir), [name], 'no temporary file left');
    assert.match(name, /^mod\.js\.[0-9a-f]{16}\.v8cache$/);
    assert.equal(statSync(cacheDir).mode & 0o777, 0o700);
    assert.equal(statSync(join(cacheDir, name)).mode & 0o777, 0o600);
    const bytes = readFileSync(join(cacheDir, name));
    assert.ok(bytes.length > 32);
    assert.deepEqual(bytes.subarray(0, 32), createHash('sha256').update(bytes.subarray(32)).digest());
  });

  it('names the cache by the source: another source is another cache, and writing it removes the older', () => {
    const file = script();
    const cacheDir = join(dir, 'cache');
    loadWithCodeCache(file, cacheDir).save();
    const [older] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, 'other.js.0123456789abcdef.v8cache'), 'another script’s');
    const changed = script('module.exports.sum = (a, b) => b + a;');
    const m = loadWithCodeCache(changed, cacheDir);
    assert.equal(m.state, 'absent', 'the older cache is not taken for another source');
    m.save();
    const names = readdirSync(cacheDir).sort();
    assert.ok(!names.includes(older!), 'the older cache is removed');
    assert.deepEqual(
      names,
      [codeCacheName(changed, readFileSync(changed, 'utf8')), 'other.js.0123456789abcdef.v8cache'].sort(),
    );
  });

  it('bytes that do not match their digest are never given to V8; bytes V8 refuses are told as rejected', () => {
    const file = script();
    const cacheDir = join(dir, 'cache');
    const path = join(cacheDir, codeCacheName(file, readFileSync(file, 'utf8')));
    loadWithCodeCache(file, cacheDir).save();
    const bytes = readFileSync(path);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    writeFileSync(path, bytes);
    const damaged = loadWithCodeCache(file, cacheDir);
    assert.equal(damaged.state, 'damaged');
    assert.equal(damaged.stale, true);
    assert.equal((damaged.exports as { sum(a: number, b: number): number }).sum(1, 1), 2);
    writeFileSync(path, bytes.subarray(0, 20));
    assert.equal(loadWithCodeCache(file, cacheDir).state, 'damaged', 'shorter than its digest');

    // Not V8's: the digest matches, V8's own checks refuse it.
    const foreign = Buffer.from('not a code cache, but whole');
    const fresh = script(); // not compiled in this process yet, so V8 reads the cache
    const freshPath = join(cacheDir, codeCacheName(fresh, readFileSync(fresh, 'utf8')));
    writeFileSync(freshPath, Buffer.concat([createHash('sha256').update(foreign).digest(), foreign]));
    const rejected = loadWithCodeCache(fresh, cacheDir);
    assert.equal(rejected.state, 'rejected');
    assert.equal(rejected.stale, true);
    assert.match(rejected.save(), /^written/);
  });

  it('a directory or cache others may write to, or that is not the user’s, is neither read nor written', function () {
    if (process.platform === 'win32') this.skip(); // no POSIX owners or modes: the profile's ACLs decide
    const file = script();
    const cacheDir = join(dir, 'cache');
    loadWithCodeCache(file, cacheDir).save();
    const name = codeCacheName(file, readFileSync(file, 'utf8'));

    chmodSync(cacheDir, 0o777);
    const open = loadWithCodeCache(file, cacheDir);
    assert.equal(open.state, 'unsafe', 'a world-writable directory');
    assert.equal(open.stale, false, 'nothing to write there');
    assert.match(open.save(), /^not written: .* not private to this user$/);
    chmodSync(cacheDir, 0o700);

    chmodSync(join(cacheDir, name), 0o620);
    assert.equal(loadWithCodeCache(file, cacheDir).state, 'unsafe', 'a group-writable cache');
    chmodSync(join(cacheDir, name), 0o600);
    assert.equal(isPrivate(join(cacheDir, name), 'file'), true);

    const linked = join(dir, 'linked');
    symlinkSync(cacheDir, linked);
    assert.equal(loadWithCodeCache(file, linked).state, 'unsafe', 'a link, not a directory');
    assert.equal(isPrivate(join(dir, 'not-there'), 'directory'), true, 'absent: made owner-only');
    mkdirSync(join(dir, 'theirs'), { mode: 0o700 });
    if (process.getuid?.() === 0) {
      // Root can hand a directory to another user: one that is not ours is not used, however private.
      chownSync(join(dir, 'theirs'), 12345, 12345);
      assert.equal(isPrivate(join(dir, 'theirs'), 'directory'), false);
      assert.equal(loadWithCodeCache(file, join(dir, 'theirs')).state, 'unsafe');
    } else assert.equal(isPrivate(join(dir, 'theirs'), 'directory'), true);
  });

  it('a directory that cannot be made costs the cache only, and says why', () => {
    const blocker = join(dir, 'file');
    writeFileSync(blocker, 'where the directory would be');
    const m = loadWithCodeCache(script(), join(blocker, 'cache'));
    assert.equal(m.state, 'absent');
    assert.match(m.save(), /^could not be written: .*(ENOTDIR|EEXIST)/);
    assert.equal((m.exports as { sum(a: number, b: number): number }).sum(4, 4), 8);
  });
});
