// Files as they were at a commit, read through one long-lived `git cat-file --batch` per repository (as
// GitLens and VS Code's git extension read many objects): a request is one line on its stdin, answers
// come back in order, so thousands of reads cost one process and no round trip each.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { GIT_ENV } from './gitCli';

interface Pending {
  resolve(text: string | undefined): void;
}

/** Files larger than this are not read (no definition table is worth it). */
const MAX_BYTES = 4 * 1024 * 1024;

export class BlobReader {
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly queue: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private failed = false;

  constructor(
    private readonly gitPath: string,
    private readonly cwd: string,
  ) {}

  /** The text of `path` (repository-relative, posix) at `commit`; undefined when absent or unreadable. Never rejects. */
  read(commit: string, path: string): Promise<string | undefined> {
    // A newline would end the request early; such names are not read.
    if (this.failed || /[\n\r]/.test(path)) return Promise.resolve(undefined);
    const child = this.start();
    if (!child) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.queue.push({ resolve });
      child.stdin.write(`${commit}:${path}\n`);
    });
  }

  dispose(): void {
    this.child?.stdin.end();
    this.child?.kill();
    this.child = undefined;
    this.drain();
  }

  private start(): ChildProcessWithoutNullStreams | undefined {
    if (this.child) return this.child;
    try {
      const child = spawn(this.gitPath, ['-c', 'core.quotePath=false', 'cat-file', '--batch'], {
        cwd: this.cwd,
        env: { ...process.env, ...GIT_ENV },
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
      child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
      child.stderr.resume();
      child.stdin.on('error', () => this.fail());
      child.on('error', () => this.fail());
      child.on('exit', () => {
        if (this.child === child) this.child = undefined;
        this.drain();
      });
      // Idle between builds: it must not keep the process alive.
      child.unref();
      (child.stdout as unknown as { unref?(): void }).unref?.();
      this.child = child;
      return child;
    } catch {
      this.fail();
      return undefined;
    }
  }

  private fail(): void {
    this.failed = true;
    this.child = undefined;
    this.drain();
  }

  /** Every waiting read gets undefined (the process is gone). */
  private drain(): void {
    for (const p of this.queue.splice(0)) p.resolve(undefined);
    this.buffer = Buffer.alloc(0);
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const eol = this.buffer.indexOf(10);
      if (eol < 0) return;
      const header = this.buffer.subarray(0, eol).toString('utf8');
      // "<oid> <type> <size>", or "<request> missing" / "ambiguous".
      const m = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
      if (!m) {
        this.buffer = this.buffer.subarray(eol + 1);
        this.queue.shift()?.resolve(undefined);
        continue;
      }
      const size = Number(m[2]);
      if (this.buffer.length < eol + 1 + size + 1) return;
      const body = this.buffer.subarray(eol + 1, eol + 1 + size);
      this.buffer = this.buffer.subarray(eol + 1 + size + 1);
      const ok = m[1] === 'blob' && size <= MAX_BYTES && !body.includes(0);
      this.queue.shift()?.resolve(ok ? body.toString('utf8') : undefined);
    }
  }
}
