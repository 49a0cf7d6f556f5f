// The layout process's code cache as an earlier session leaves it (a layout process writes it after its
// first layout): the graph benchmarks start from it as a user does from their second session on.
// BENCH_CODE_CACHE=0 leaves it out (a user's first session).
import { join } from 'node:path';
import { GraphLayouts } from '../../server/src/graph/graphLayouts';
import { warmUpGraph } from '../../server/src/graph/warmUpGraph';
import { repoRoot } from './generatedWorkspace';

/** Whether the benchmarks start with a code cache (BENCH_CODE_CACHE, default yes). */
export const WITH_CODE_CACHE = process.env.BENCH_CODE_CACHE !== '0';

/** Writes the layout process's code cache into `cacheDir` by one layout in a process of its own. */
export async function makeLayoutCodeCache(cacheDir: string): Promise<void> {
  let written!: (m: string) => void;
  const done = new Promise<string>((r) => (written = r));
  const earlier = new GraphLayouts({
    script: join(repoRoot, 'dist', 'server', 'layoutProcess.js'),
    cacheDir,
    log: (m) => /code cache (written|could not)/.test(m) && written(m),
  });
  try {
    await earlier.laidOut(warmUpGraph(), 'RIGHT');
    const told = await done;
    if (!/written/.test(told)) throw new Error(told);
  } finally {
    earlier.dispose();
  }
}
