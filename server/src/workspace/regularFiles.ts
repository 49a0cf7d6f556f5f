// Reading workspace files named by the service (anchors) or the client (contract files): only regular
// files, never more than a size cap, and never waiting. A FIFO, socket or device named like an anchored
// file would otherwise block: `open` of a FIFO waits for a writer (forever, and synchronously inside an
// index build), and `stat` says size 0 so a size check lets it through. O_NONBLOCK makes that open
// return at once, and the descriptor's own fstat decides (no race between a stat and the open).
import { close, closeSync, constants, fstat, fstatSync, open, openSync, readFile, readSync } from 'node:fs';
import { promisify } from 'node:util';

/** Largest text read, in UTF-16 units (at most 3 UTF-8 bytes each). */
export const MAX_FILE_CHARS = 4 * 1_048_576;
/** An asynchronous read that takes longer (e.g. a hung network mount) counts as unreadable. */
export const READ_TIMEOUT_MS = 10_000;

// O_NONBLOCK does not exist on Windows, where opening a named pipe path does not wait like this.
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

const openAsync = promisify(open);
const fstatAsync = promisify(fstat);
const closeAsync = promisify(close);
// The callback forms are several times faster than fs/promises for thousands of small files.
const readFd = promisify(readFile) as (fd: number) => Promise<Buffer>;

export class NotRegularFileError extends Error {}

/**
 * The synchronous reads' buffer, reused: an index build reads thousands of small files one after
 * another, and a buffer of their own for each was external memory churned through (and counted towards
 * the next collection) only to be copied into a string.
 */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);
/** Files larger than this get a buffer of their own, so that one big file does not stay resident. */
const SCRATCH_MAX = 1_048_576;

function bufferFor(size: number): Buffer {
  if (size <= scratch.length) return scratch;
  if (size > SCRATCH_MAX) return Buffer.allocUnsafe(size);
  let n = scratch.length;
  while (n < size) n *= 2;
  return (scratch = Buffer.allocUnsafeSlow(n));
}

/** The text of a regular file, or undefined when it is too large; throws for anything else. */
export function readRegularFileSync(fsPath: string, maxChars = MAX_FILE_CHARS): string | undefined {
  const fd = openSync(fsPath, FLAGS);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new NotRegularFileError(`${fsPath} is not a regular file.`);
    if (st.size > maxChars * 3) return undefined;
    const buf = bufferFor(st.size);
    let n = 0;
    while (n < st.size) {
      const r = readSync(fd, buf, n, st.size - n, n);
      if (r === 0) break;
      n += r;
    }
    const text = buf.toString('utf8', 0, n);
    return text.length > maxChars ? undefined : text;
  } finally {
    closeSync(fd);
  }
}

/** As readRegularFileSync, asynchronously and within READ_TIMEOUT_MS. */
export async function readRegularFile(
  fsPath: string,
  maxChars = MAX_FILE_CHARS,
  timeoutMs = READ_TIMEOUT_MS,
): Promise<string | undefined> {
  const fd = await openAsync(fsPath, FLAGS);
  let timer: NodeJS.Timeout | undefined;
  const read = (async () => {
    const st = await fstatAsync(fd);
    if (!st.isFile()) throw new NotRegularFileError(`${fsPath} is not a regular file.`);
    if (st.size > maxChars * 3) return undefined;
    const text = (await readFd(fd)).toString('utf8');
    return text.length > maxChars ? undefined : text;
  })();
  // The descriptor is closed once the read settles, even when the caller stopped waiting for it.
  void read
    .then(
      () => closeAsync(fd),
      () => closeAsync(fd),
    )
    .catch(() => undefined);
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Reading ${fsPath} took longer than ${timeoutMs} ms.`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
