// Running the git command line, as GitLens and VS Code's git extension do: no library reimplements
// git's diff (rename detection, the index, worktrees, every object format) as faithfully as git itself.
// Read-only and quiet: no optional locks (so a diff never rewrites the index and wakes our own
// watcher), no pager, no prompts, no external diff or textconv, fixed prefixes and plain C locale
// whatever the user's configuration says.
import { spawn } from 'node:child_process';

export interface GitRunOptions {
  cwd: string;
  /** Called with stdout as it arrives (decoded as UTF-8); without it stdout is collected and returned. */
  onStdout?(chunk: string): void;
  timeoutMs?: number;
  /** Written to git's standard input, which is then closed (else git reads nothing). */
  input?: string;
}

export class GitError extends Error {
  constructor(
    message: string,
    /** `missing`: no git executable; `failed`: git ran and refused (stderr says why); `timeout`. */
    readonly kind: 'missing' | 'failed' | 'timeout',
    readonly stderr = '',
  ) {
    super(message);
  }
}

export const GIT_ENV: NodeJS.ProcessEnv = {
  GIT_OPTIONAL_LOCKS: '0',
  GIT_TERMINAL_PROMPT: '0',
  GIT_PAGER: 'cat',
  LC_ALL: 'C',
};

const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_STDERR = 4096;

export function runGit(gitPath: string, args: readonly string[], opts: GitRunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(gitPath, ['-c', 'core.quotePath=false', ...args], {
        cwd: opts.cwd,
        env: { ...process.env, ...GIT_ENV },
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (err) {
      return reject(new GitError(`git could not be started: ${(err as Error).message}`, 'missing'));
    }
    let out = '';
    let err = '';
    let done = false;
    const finish = (e: GitError | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (e) reject(e);
      else resolve(out);
    };
    const timer = setTimeout(() => {
      child.kill();
      finish(
        new GitError(`git ${args[0]} took longer than ${opts.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`, 'timeout'),
      );
    }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    timer.unref();
    // git may exit before reading it all (a bad option): the broken pipe is its exit's to report.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (opts.onStdout) opts.onStdout(chunk);
      else out += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (err.length < MAX_STDERR) err += chunk;
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      finish(
        e.code === 'ENOENT'
          ? new GitError(`git was not found on the PATH (${gitPath})`, 'missing')
          : new GitError(`git could not be started: ${e.message}`, 'missing'),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) finish(undefined);
      else finish(new GitError(firstLine(err) || `git ${args[0]} exited with ${code}`, 'failed', err));
    });
  });
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0]?.trim() ?? '';
}
