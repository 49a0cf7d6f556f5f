// A CommonJS file evaluated through V8's code cache, kept in a directory of the user's own (the
// extension's global storage): a process that loads a large script at every start (the layout
// process and elkjs) then deserializes its bytecode instead of parsing and compiling it again.
// The cache is bytecode this process runs, so it is only ever read from a directory the caller owns
// (never a shared temp directory, where another user could plant one), written with owner-only modes,
// and replaced by rename so that a reader never sees half a file. V8 checks the source and its own
// version and flags against the cache and rejects one that does not match; the file's name holds the
// same, so editors of different versions keep caches of their own side by side. V8 does not check the
// bytes themselves (a damaged cache crashes the process), so the file starts with their SHA-256 and
// one that does not match it is never given to V8.
import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** What became of the cache when the file was loaded. */
export type CodeCacheState = 'used' | 'rejected' | 'damaged' | 'absent' | 'unsafe' | 'off';

export interface CachedModule {
  exports: unknown;
  state: CodeCacheState;
  /** No usable cache was there (absent, rejected or damaged): save() once the code has run. */
  stale: boolean;
  /**
   * Writes the cache from what has been compiled so far (call it after the code has run, so that
   * functions compiled lazily are in it too). Returns what was done, for a log.
   */
  save(): string;
}

const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n})';
/** A cache larger than this is not read (elkjs's is a few MB). */
const MAX_CACHE_BYTES = 64 * 1_048_576;

/**
 * The cache file's name: the script's, and a digest of its source, Node's and V8's versions (an
 * editor's Electron pairs a Node version with a V8 of its own), arch and flags.
 */
export function codeCacheName(file: string, source: string): string {
  const digest = createHash('sha256')
    .update(source)
    .update('\0')
    .update(`${process.version} ${process.versions.v8} ${process.arch} ${process.execArgv.join(' ')}`)
    .digest('hex')
    .slice(0, 16);
  return `${basename(file)}.${digest}.v8cache`;
}

const DIGEST_BYTES = 32;

function digestOf(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

/**
 * Whether `path` (not followed if a link) is this user's own and no one else may write to it. Absent
 * counts as private (it is made owner-only). Where there are no POSIX owners (Windows), the directory
 * given is trusted as the user profile's.
 */
export function isPrivate(path: string, kind: 'directory' | 'file'): boolean {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (err) {
    // Not there (or under a file, which the write will say): nothing to distrust.
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  }
  if (kind === 'directory' ? !st.isDirectory() : !st.isFile()) return false;
  if (typeof process.getuid !== 'function') return true;
  return st.uid === process.getuid() && (st.mode & 0o022) === 0;
}

/** The cache's bytes; undefined when absent, 'damaged' when they are not what was written. */
function readCache(path: string): Buffer | 'damaged' | 'unsafe' | undefined {
  if (!isPrivate(path, 'file')) return 'unsafe';
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  if (file.length <= DIGEST_BYTES || file.length > MAX_CACHE_BYTES) return 'damaged';
  const data = file.subarray(DIGEST_BYTES);
  return digestOf(data).equals(file.subarray(0, DIGEST_BYTES)) ? data : 'damaged';
}

/**
 * Loads `file` (CommonJS, needing no `require` of its own) and returns its exports. With `cacheDir`,
 * the code cache there is used when it matches; without it, nothing is read or written.
 */
export function loadWithCodeCache(file: string, cacheDir: string | undefined): CachedModule {
  const source = readFileSync(file, 'utf8');
  const unsafeDir = cacheDir !== undefined && !isPrivate(cacheDir, 'directory');
  const cachePath = cacheDir && !unsafeDir ? join(cacheDir, codeCacheName(file, source)) : undefined;
  const read = cachePath ? readCache(cachePath) : undefined;
  const cachedData = read instanceof Buffer ? read : undefined;
  const script = new Script(WRAPPER_HEAD + source + WRAPPER_TAIL, { filename: file, cachedData });
  const state: CodeCacheState =
    unsafeDir || read === 'unsafe'
      ? 'unsafe'
      : !cachePath
        ? 'off'
        : read === 'damaged'
          ? 'damaged'
          : !cachedData
            ? 'absent'
            : script.cachedDataRejected
              ? 'rejected'
              : 'used';
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const refuse = (id: string): never => {
    throw new Error(`${basename(file)} cannot require ${id}.`);
  };
  run.call(module.exports, module.exports, refuse, module, file, dirname(file));
  return {
    exports: module.exports,
    state,
    stale: state === 'absent' || state === 'rejected' || state === 'damaged',
    save: () =>
      state === 'unsafe'
        ? `not written: ${cacheDir ?? ''} or its cache is not private to this user`
        : cachePath
          ? writeCache(cachePath, script.createCachedData())
          : 'no cache directory',
  };
}

/** Writes `data` to `path` atomically, owner-only, and removes the caches of other sources or versions. */
function writeCache(path: string, data: Buffer): string {
  const dir = dirname(path);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // One left by a process of the same pid that died writing would keep its own mode.
    rmSync(tmp, { force: true });
    writeFileSync(tmp, Buffer.concat([digestOf(data), data]), { mode: 0o600 });
    renameSync(tmp, path);
  } catch (err) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // There was no directory to write it in.
    }
    return `could not be written: ${(err as Error).message}`;
  }
  // The script's name up to the digest: older caches of it are dead weight once this one is written.
  const prefix = basename(path).replace(/[0-9a-f]{16}\.v8cache$/, '');
  try {
    for (const name of readdirSync(dir))
      if (name.startsWith(prefix) && name !== basename(path) && name.endsWith('.v8cache'))
        rmSync(join(dir, name), { force: true });
  } catch {
    // Left for the next write: the new cache is in place.
  }
  return `written (${Math.round(data.length / 1024)} KB)`;
}
