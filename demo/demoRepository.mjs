// The demo workspace as the git repository the demo dataset was scanned from: one commit per scan of
// the dataset (the dates and branches of `DEMO_SCANS`), the first holding the workspace's files and the
// later ones release markers on the same code. The commits' SHAs follow from the files, the dates and
// the author alone, so demo/build-dataset.mjs computes them here in JavaScript (git's object format)
// and writes them into the dataset, and `npm start` makes the same commits with git: the demo's anchors
// are then placed the way a real clone's are (verified against their scanned commit, followed through
// edits since), instead of "probably here" against commits no clone has.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Each service's scans, oldest first: when its scanner ran on which branch, and why. */
export const DEMO_SCANS = {
  checkout: [
    ['2025-10-06T09:12:00Z', 'main', 'push'],
    ['2025-10-20T14:03:00Z', 'feature/sms-opt-in', 'pull_request'],
    ['2025-11-03T08:47:00Z', 'main', 'push'],
  ],
  billing: [
    ['2025-10-08T11:30:00Z', 'main', 'push'],
    ['2025-10-29T16:20:00Z', 'main', 'schedule'],
    ['2025-11-05T10:05:00Z', 'release/2.1', 'manual'],
  ],
  notifications: [
    ['2025-10-10T07:55:00Z', 'main', 'push'],
    ['2025-11-04T13:38:00Z', 'main', 'schedule'],
  ],
};

const FOLDERS = { checkout: 'checkout-api', billing: 'billing-worker', notifications: 'notifications' };
const AUTHOR = { name: 'Shop Platform', email: 'platform@shop.example' };

/**
 * The commits, oldest first: `key` is `<service>:<n>` (n from 1, as in DEMO_SCANS), `message` what
 * the commit says. The first is the import of the services; each later one marks a release.
 */
export function demoCommitPlan() {
  const all = Object.entries(DEMO_SCANS).flatMap(([service, list]) =>
    list.map(([date, branch], i) => ({ key: `${service}:${i + 1}`, service, date, branch })),
  );
  all.sort((a, b) => a.date.localeCompare(b.date));
  return all.map((c, i) => ({
    key: c.key,
    date: c.date,
    message:
      i === 0
        ? 'Import the shop services: checkout-api, billing-worker, notifications'
        : `Release ${FOLDERS[c.service]} from ${c.branch}`,
  }));
}

/** Files of a folder for a commit: every regular file below it but `.git`, with git's file mode. */
function entriesOf(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== '.git' && (e.isDirectory() || e.isFile()))
    .map((e) => {
      const full = join(dir, e.name);
      if (e.isDirectory()) return { name: e.name, mode: '40000', sha: treeSha(full) };
      const executable = (statSync(full).mode & 0o111) !== 0;
      return { name: e.name, mode: executable ? '100755' : '100644', sha: objectSha('blob', readFileSync(full)) };
    })
    .filter((e) => e.sha !== undefined);
}

function objectSha(type, body) {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/** A tree's SHA, as git writes it (entries by name, a folder's name compared as `name/`); empty: none. */
function treeSha(dir) {
  const entries = entriesOf(dir);
  if (entries.length === 0) return undefined;
  const key = (e) => (e.mode === '40000' ? `${e.name}/` : e.name);
  entries.sort((a, b) => (Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b)))));
  const body = Buffer.concat(
    entries.flatMap((e) => [Buffer.from(`${e.mode} ${e.name}\0`), Buffer.from(e.sha, 'hex')]),
  );
  return objectSha('tree', body);
}

const seconds = (iso) => Math.floor(Date.parse(iso) / 1000);

/** The SHA of each commit of the plan, by key, for the files of `workspace` as they are now. */
export function demoCommitShas(workspace) {
  const tree = treeSha(workspace);
  const shas = new Map();
  let parent;
  for (const c of demoCommitPlan()) {
    const who = `${AUTHOR.name} <${AUTHOR.email}> ${seconds(c.date)} +0000`;
    const text = `tree ${tree}\n${parent ? `parent ${parent}\n` : ''}author ${who}\ncommitter ${who}\n\n${c.message}\n`;
    parent = objectSha('commit', Buffer.from(text));
    shas.set(c.key, parent);
  }
  return shas;
}

/**
 * Copies demo/workspace to `dir` and makes it the repository of the plan with git (no user or system
 * git configuration takes part: no hooks, signing or line-ending conversion). Returns the commits' SHAs
 * by key, and whether git's last one is the one computed (false: the files changed since the dataset
 * was written, and its anchors will read as unverified).
 */
export function createDemoRepository(source, dir, gitPath = 'git') {
  cpSync(source, dir, { recursive: true });
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: AUTHOR.name,
    GIT_AUTHOR_EMAIL: AUTHOR.email,
    GIT_COMMITTER_NAME: AUTHOR.name,
    GIT_COMMITTER_EMAIL: AUTHOR.email,
  };
  const git = (args, extra = {}) =>
    execFileSync(gitPath, ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .toString()
      .trim();
  git(['init', '--quiet', '--initial-branch=main']);
  git(['add', '--all']);
  const made = new Map();
  for (const [i, c] of demoCommitPlan().entries()) {
    git(['commit', '--quiet', '--no-verify', ...(i === 0 ? [] : ['--allow-empty']), '--message', c.message], {
      GIT_AUTHOR_DATE: c.date,
      GIT_COMMITTER_DATE: c.date,
    });
    made.set(c.key, git(['rev-parse', 'HEAD']));
  }
  const expected = demoCommitShas(source);
  const same = [...made].every(([key, sha]) => expected.get(key) === sha);
  return { shas: made, same };
}

/**
 * Whether the repository at `dir` holds every commit of the plan for the files of `source` as they are
 * now: false for one made from an older demo (the dataset's commits are then not in it).
 */
export function repositoryHasPlan(source, dir, gitPath = 'git') {
  const shas = [...demoCommitShas(source).values()];
  try {
    execFileSync(gitPath, ['cat-file', '--batch-check'], {
      cwd: dir,
      input: shas.join('\n') + '\n',
      stdio: ['pipe', 'pipe', 'pipe'],
    })
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((line) => {
        if (!/ commit \d+$/.test(line)) throw new Error(line);
      });
    return true;
  } catch {
    return false;
  }
}
