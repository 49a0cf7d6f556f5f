// The demo workspace as the real git repository demo/dataset.json was scanned from, as `npm start`
// makes it (demo/demoRepository.mjs): one commit per scan, so every anchor is mapped through git from
// its own scanned commit as in a real checkout, with the dataset as it is.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoRepository } from '../../demo/demoRepository.mjs';
import { GitRepo } from './gitRepo';
import { startLocalService, type LocalService } from './localService';
import { LspClient } from './lspClient';
import { repoRoot } from './repoRoot';

export interface DemoRepo {
  repo: GitRepo;
  /** HEAD after the scans: the base of every change a test makes. */
  base: string;
  /** The dataset to seed into the local service. */
  dataset: string;
  dispose(): Promise<void>;
}

export async function createDemoRepo(): Promise<DemoRepo> {
  const demo = join(repoRoot(), 'demo');
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lineage-lens-demo-repo-')));
  const { same } = createDemoRepository(join(demo, 'workspace'), root);
  if (!same)
    throw new Error('demo/workspace changed since demo/dataset.json: run node demo/build-dataset.mjs');
  const repo = GitRepo.open(root);
  return {
    repo,
    base: repo.git('rev-parse', 'HEAD'),
    dataset: join(demo, 'dataset.json'),
    dispose: () => repo.dispose(),
  };
}

/** The demo's CODE components (demo/workspace/.vscode/settings.json). */
export const DEMO_COMPONENTS = [
  '716ed79a-cae1-54aa-ae22-d109844286df',
  'ef203226-1cc9-5dba-b580-668f533d8b18',
  'bc62b179-8807-579a-b09e-3267118efa92',
];

/** A language server over stdio on a demo folder, signed in to `service`, once it has loaded the demo. */
export async function startDemoClient(service: LocalService, folder: string): Promise<LspClient> {
  const client = await LspClient.start({
    workspaceFolder: folder,
    initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
    settings: { components: DEMO_COMPONENTS },
    timeoutMs: 30_000,
  });
  await client.waitForStatus((s) => s.state === 'connected' && s.componentCount > 0);
  return client;
}

export interface DemoSuite {
  readonly demo: DemoRepo;
  readonly service: LocalService;
  readonly client: LspClient;
}

/**
 * For a mocha suite: the demo repository, the local service seeded with its dataset and a language
 * server on it, made before the suite's tests and stopped after them (read the members in the tests).
 */
export function demoSuite(): DemoSuite {
  const s: Partial<{ demo: DemoRepo; service: LocalService; client: LspClient }> = {};
  before(async () => {
    s.demo = await createDemoRepo();
    s.service = await startLocalService({ seed: s.demo.dataset });
    s.client = await startDemoClient(s.service, s.demo.repo.root);
  });
  after(async () => {
    await s.client?.stop();
    await s.service?.stop();
    await s.demo?.dispose();
  });
  return s as DemoSuite;
}
