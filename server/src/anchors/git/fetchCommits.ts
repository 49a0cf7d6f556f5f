// Fetching the scanned commits a clone lacks (a shallow clone, a single-branch clone, a fork): asked by
// the user (unverified anchors' hover, the command palette), never on its own. By SHA from the first
// remote (origin if there is one: git's protocol v2 serves any reachable commit), and a shallow
// clone whose remote refuses that is deepened to its whole history instead.
import { presentCommits } from './commitPresence';
import { runGit, type GitError } from './gitCli';

const FETCH_TIMEOUT_MS = 5 * 60_000;

export interface FetchOutcome {
  fetched: number;
  missing: number;
  failures: string[];
}

/** Those of `commits` the repository at `top` lacks. */
async function lackingOf(gitPath: string, top: string, commits: readonly string[]): Promise<string[]> {
  const present = await presentCommits(gitPath, top, commits);
  return commits.filter((c) => !present.has(c));
}

/** Fetches those of `commits` (SHAs, checked by the caller) that the repository at `top` lacks. */
export async function fetchMissingCommits(
  gitPath: string,
  top: string,
  commits: readonly string[],
): Promise<FetchOutcome> {
  const lacking = await lackingOf(gitPath, top, commits);
  if (lacking.length === 0) return { fetched: 0, missing: 0, failures: [] };
  const failures: string[] = [];
  const remotes = (await runGit(gitPath, ['remote'], { cwd: top }).catch(() => ''))
    .split('\n')
    .map((r) => r.trim())
    .filter(Boolean);
  const remote = remotes.includes('origin') ? 'origin' : remotes[0];
  if (!remote)
    return { fetched: 0, missing: lacking.length, failures: [`${top} has no remote to fetch from`] };
  const fetch = (args: string[]) =>
    runGit(gitPath, ['fetch', '--quiet', '--no-tags', remote, ...args], {
      cwd: top,
      timeoutMs: FETCH_TIMEOUT_MS,
    })
      .then(() => undefined)
      .catch((err: GitError) => err.stderr.trim().split('\n').pop() || err.message);
  const bySha = await fetch(lacking);
  let still = await lackingOf(gitPath, top, lacking);
  if (still.length > 0) {
    // The remote does not serve commits by SHA: a shallow clone gets its whole history.
    const shallow =
      (
        await runGit(gitPath, ['rev-parse', '--is-shallow-repository'], { cwd: top }).catch(() => '')
      ).trim() === 'true';
    const deepened = shallow ? await fetch(['--unshallow']) : undefined;
    still = await lackingOf(gitPath, top, lacking);
    if (still.length > 0)
      failures.push(
        `${still.length} of the scanned commits are not on ${remote} of ${top} (${deepened ?? bySha ?? 'not found'})`,
      );
  }
  return { fetched: lacking.length - still.length, missing: still.length, failures };
}
