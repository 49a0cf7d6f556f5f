// scripts/generate-dataset.mjs: a tiny generated instance is a valid, loadable dataset whose anchors
// point at real lines of the generated workspace, and the same seed gives the same bytes.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Dataset, type DatasetCodeComponent } from '../../common/src/dataset/schema';
import { problems } from '../../common/src/api/validate';
import { checkDataset } from '../../service/src/dataset/loadDataset';

function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'scripts', 'generate-dataset.mjs'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('scripts/generate-dataset.mjs not found above ' + __dirname);
    dir = up;
  }
  return dir;
}

const script = join(repoRoot(), 'scripts', 'generate-dataset.mjs');
const generate = (args: string[]) => execFileSync(process.execPath, [script, ...args], { stdio: 'pipe' });

describe('generate-dataset.mjs', () => {
  let dir: string;
  let dataset: Dataset;
  const tiny = ['--components', '10', '--paths', '40', '--fields', '400', '--files', '8', '--anchors', '60'];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'gen-dataset-'));
    generate([...tiny, '--out', join(dir, 'a.json'), '--workspace', join(dir, 'ws')]);
    dataset = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as Dataset;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a valid Dataset that the local service loader accepts', () => {
    assert.deepEqual(problems(Dataset, dataset), []);
    checkDataset(dataset, 'generated dataset');
  });

  it('has the requested numbers of components, paths and anchors, and about the requested fields', () => {
    assert.equal(dataset.components.length, 10);
    const code = dataset.components.filter((c): c is DatasetCodeComponent => c.type === 'CODE');
    const paths = code.flatMap((c) => c.paths);
    assert.equal(paths.length, 40);
    assert.equal(paths.flatMap((p) => p.code_anchors ?? []).length, 60);
    const leaves = (s: unknown): number =>
      Object.values((s as { properties?: Record<string, unknown> }).properties ?? {}).reduce<number>(
        (n, v) => n + ((v as { type?: string }).type === 'object' ? leaves(v) : 1),
        0,
      );
    const boundaries = new Map(paths.flatMap((p) => [p.ingress, p.egress]).map((b) => [b.id, b]));
    const fields = [...boundaries.values()].reduce((n, b) => n + leaves(b.schema), 0);
    assert.ok(fields <= 400 && fields >= 300, `${fields} fields`);
    assert.ok(dataset.components.some((c) => c.type === 'DATA_STORE'));
    assert.ok((dataset.edges ?? []).length > 0);
    assert.ok((dataset.dataAssets ?? []).length >= 20);
  });

  it('anchors at real lines of the generated workspace that hold the anchored function', () => {
    for (const c of dataset.components) {
      if (c.type !== 'CODE') continue;
      for (const a of c.paths.flatMap((p) => p.code_anchors ?? [])) {
        const lines = readFileSync(join(dir, 'ws', a.file!), 'utf8').split('\n');
        assert.ok(a.line_end! <= lines.length, `${a.file}:${a.line_end}`);
        assert.equal(lines[a.line_start! - 1]!.slice(a.column_start! - 1, a.column_end! - 1), a.name);
      }
    }
  });

  it('is deterministic for a seed and differs for another seed', () => {
    generate([...tiny, '--out', join(dir, 'b.json')]);
    generate([...tiny, '--out', join(dir, 'c.json')]);
    generate([...tiny, '--seed', '7', '--out', join(dir, 'd.json')]);
    const b = readFileSync(join(dir, 'b.json'), 'utf8');
    assert.equal(readFileSync(join(dir, 'c.json'), 'utf8'), b);
    assert.notEqual(readFileSync(join(dir, 'd.json'), 'utf8'), b);
  });

  it('refuses bad arguments with a message naming the option', () => {
    assert.throws(
      () => generate(['--components', 'many', '--out', join(dir, 'x.json')]),
      (err: { stderr?: Buffer }) => /--components must be an integer/.test(String(err.stderr)),
    );
  });
});
