/** Each service's scans, oldest first: [committed_at, branch, job_trigger]. */
export const DEMO_SCANS: Record<string, Array<[string, string, string]>>;
/** The commits, oldest first: `key` is `<service>:<n>`. */
export function demoCommitPlan(): Array<{ key: string; date: string; message: string }>;
/** The SHA of each commit of the plan, by key, for the files of `workspace` as they are now. */
export function demoCommitShas(workspace: string): Map<string, string>;
/** Copies `source` to `dir` and makes it the repository of the plan with git. */
export function createDemoRepository(
  source: string,
  dir: string,
  gitPath?: string,
): { shas: Map<string, string>; same: boolean };
/** Whether the repository at `dir` holds every commit of the plan for the files of `source` now. */
export function repositoryHasPlan(source: string, dir: string, gitPath?: string): boolean;
