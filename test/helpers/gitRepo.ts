// A real git repository in a temp dir for anchor tests and benchmarks: write, commit, branch, clone;
// the SHA of each commit. Git runs with a fixed identity and no user or system configuration.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Git with a fixed identity and no user or system configuration (for any repository a test makes). */
export const GIT_TEST_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  // No gc in the background while a test or benchmark commits (and removes the repository after).
  GIT_CONFIG_COUNT: '1',
  GIT_CONFIG_KEY_0: 'gc.auto',
  GIT_CONFIG_VALUE_0: '0',
};

export class GitRepo {
  private constructor(readonly root: string) {}

  /** A repository that exists already. */
  static open(dir: string): GitRepo {
    return new GitRepo(dir);
  }

  /** A new repository in `dir` (made if missing), else in a new temp dir. */
  static async create(dir?: string): Promise<GitRepo> {
    if (dir) await fs.mkdir(dir, { recursive: true });
    const base = dir ?? (await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'anchors-git-'))));
    const repo = new GitRepo(base);
    repo.git('init', '-q', '-b', 'main');
    return repo;
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.root, env: GIT_TEST_ENV, encoding: 'utf8' }).trim();
  }

  abs(rel: string): string {
    return path.join(this.root, ...rel.split('/'));
  }

  async write(rel: string, text: string): Promise<void> {
    await fs.mkdir(path.dirname(this.abs(rel)), { recursive: true });
    await fs.writeFile(this.abs(rel), text);
  }

  async read(rel: string): Promise<string> {
    return fs.readFile(this.abs(rel), 'utf8');
  }

  /** Stages everything and commits; returns the new commit's SHA. */
  commit(message = 'change'): string {
    this.git('add', '-A');
    this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD');
  }

  async dispose(): Promise<void> {
    await fs.rm(this.root, { recursive: true, force: true });
  }
}

/** Lines of a source file, joined; `lines(…)` reads better than a template in tests. */
export function lines(...ls: string[]): string {
  return ls.join('\n') + '\n';
}
