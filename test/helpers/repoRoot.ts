// The repository root, found from a test's compiled location (dist/test/...): the nearest folder
// above with a package-lock.json.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function repoRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package-lock.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('package-lock.json not found above ' + from);
    dir = up;
  }
  return dir;
}
