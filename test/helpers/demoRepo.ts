// The demo workspace as a real git repository whose commits are the demo dataset's scans: one commit
// (same files) per scanned commit of demo/dataset.json, and the dataset rewritten to those commits, so
// every anchor is mapped through git from its own scanned commit as in a real checkout.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitRepo } from './gitRepo';
import { repoRoot } from './repoRoot';

export interface DemoRepo {
  repo: GitRepo;
  /** HEAD after the scans: the base of every change a test makes. */
  base: string;
  /** The rewritten dataset (seed it into the local service). */
  dataset: string;
  dispose(): Promise<void>;
}

export async function createDemoRepo(): Promise<DemoRepo> {
  const demo = join(repoRoot(), 'demo');
  const repo = await GitRepo.create();
  cpSync(join(demo, 'workspace'), repo.root, { recursive: true });
  const text = readFileSync(join(demo, 'dataset.json'), 'utf8');
  const scanned = [...new Set([...text.matchAll(/"[0-9a-f]{40}"/g)].map((m) => m[0]))];
  const ours = new Map<string, string>();
  for (const sha of scanned) ours.set(sha, `"${repo.commit(`scan ${sha}`)}"`);
  const base = repo.git('rev-parse', 'HEAD');
  const scratch = mkdtempSync(join(tmpdir(), 'lineage-lens-demo-repo-'));
  const dataset = join(scratch, 'dataset.json');
  writeFileSync(
    dataset,
    text.replace(/"[0-9a-f]{40}"/g, (m) => ours.get(m) ?? m),
  );
  return {
    repo,
    base,
    dataset,
    dispose: async () => {
      await repo.dispose();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The demo's CODE components (demo/workspace/.vscode/settings.json). */
export const DEMO_COMPONENTS = [
  '716ed79a-cae1-54aa-ae22-d109844286df',
  'ef203226-1cc9-5dba-b580-668f533d8b18',
  'bc62b179-8807-579a-b09e-3267118efa92',
];
