// Which commits a repository holds, asked of one `git cat-file --batch-check` for all of them: a
// workspace's anchors name hundreds of scanned commits, and the ones a clone lacks would otherwise each
// cost a `git diff` that fails (a process spawn per commit, slow with a large heap).
import { runGit } from './gitCli';

/** The commits of `shas` that the repository at `top` has (as given); all of them when git cannot say. */
export async function presentCommits(
  gitPath: string,
  top: string,
  shas: readonly string[],
): Promise<Set<string>> {
  if (shas.length === 0) return new Set();
  let out: string;
  try {
    out = await runGit(gitPath, ['cat-file', '--batch-check=%(objectname) %(objecttype)'], {
      cwd: top,
      input: shas.map((s) => `${s}^{commit}\n`).join(''),
    });
  } catch {
    // Let each diff find out (and explain) for itself.
    return new Set(shas);
  }
  // One answer line per input line, in order: "<sha> commit", "<input> missing" or "<input> ambiguous"
  // (an abbreviation naming several objects: left to the diff, which says so).
  const lines = out.split('\n');
  const present = new Set<string>();
  shas.forEach((sha, i) => {
    if (!/ missing$/.test(lines[i]?.trim() ?? ' missing')) present.add(sha);
  });
  return present;
}
