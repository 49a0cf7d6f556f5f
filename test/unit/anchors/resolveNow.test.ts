// The file resolver's answer without waiting (FileResolver.resolveNow, what an index build uses once
// prefetch() has listed the files' directories): for every kind of name it is either the answer
// resolve() gives or "ask the file system" (undefined), never another; and for plain files in listed
// directories it answers, so the build does not await each file.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { FileResolver } from '../../../server/src/anchors/fileResolver';
import { TempWorkspace } from './workspace';
import { TimeSlicer } from '../../../server/src/util/timeSlices';

describe('anchors: file resolution without waiting', () => {
  let ws: TempWorkspace;
  beforeEach(async () => {
    ws = await TempWorkspace.create();
  });
  afterEach(async () => ws.dispose());

  const NAMES = [
    'src/orders.ts',
    'src/deep/a/b.ts',
    'orders.ts', // only as a suffix
    'src/link.ts', // a link out of the workspace
    'linkdir/secret.ts', // through a linked directory out of it
    'src/inside-link.ts', // a link that stays inside
    'src/missing.ts',
    'nodir/missing.ts',
    '../escape.ts',
    '/etc/passwd',
    '',
    'main.ts', // under the project root and beside it: the project root's
  ];

  async function workspace(): Promise<FileResolver> {
    await ws.write('ws/src/orders.ts', 'export function parseOrder() {}\n');
    await ws.write('ws/src/deep/a/b.ts', 'export const b = 1;\n');
    await ws.write('ws/svc/main.ts', 'export const svc = 1;\n');
    await ws.write('ws/main.ts', 'export const top = 1;\n');
    await ws.write('outside/secret.ts', 'export function leak() {}\n');
    await fs.symlink(ws.abs('outside/secret.ts'), ws.abs('ws/src/link.ts'));
    await fs.symlink(ws.abs('outside'), ws.abs('ws/linkdir'));
    await fs.symlink(ws.abs('ws/src/orders.ts'), ws.abs('ws/src/inside-link.ts'));
    return new FileResolver([ws.folder('ws', 'svc')], { isOpen: () => false });
  }

  it('answers as resolve() does, or not at all', async () => {
    const resolver = await workspace();
    await resolver.prefetch(NAMES, new TimeSlicer());
    for (const name of NAMES) {
      const now = resolver.resolveNow(name || undefined);
      const later = await new FileResolver([ws.folder('ws', 'svc')], { isOpen: () => false }).resolve(
        name || undefined,
      );
      if (now !== undefined) assert.deepEqual(now, later, name);
    }
  });

  it('settles plain files in listed directories, and leaves links and suffixes to the file system', async () => {
    const resolver = await workspace();
    await resolver.prefetch(NAMES, new TimeSlicer());
    const settled = (name: string) => resolver.resolveNow(name) !== undefined;
    // The project root is tried first: 'main.ts' is looked for in ws/svc, listed by prefetch.
    assert.deepEqual(resolver.resolveNow('main.ts'), {
      kind: 'file',
      fsPath: ws.abs('ws/svc/main.ts'),
      how: 'projectRoot',
    });
    // Under the project root first, so a file only beside it is not settled without waiting.
    assert.equal(settled('src/orders.ts'), false);
    const plain = new FileResolver([ws.folder('ws')], { isOpen: () => false });
    await plain.prefetch(NAMES, new TimeSlicer());
    assert.deepEqual(plain.resolveNow('src/orders.ts'), {
      kind: 'file',
      fsPath: ws.abs('ws/src/orders.ts'),
      how: 'exact',
    });
    assert.equal(plain.resolveNow('src/deep/a/b.ts')?.kind, 'file');
    assert.deepEqual(plain.resolveNow('linkdir/secret.ts'), { kind: 'outside', why: 'symlink' });
    for (const name of ['src/link.ts', 'src/inside-link.ts', 'orders.ts', 'src/missing.ts'])
      assert.equal(plain.resolveNow(name), undefined, name);
    assert.deepEqual(plain.resolveNow('../escape.ts'), { kind: 'outside', why: 'escapes' });
    assert.deepEqual(plain.resolveNow(''), { kind: 'noFile' });
  });

  it('without a prefetch nothing is settled but what needs no file system', async () => {
    const resolver = await workspace();
    assert.equal(resolver.resolveNow('main.ts'), undefined);
    assert.deepEqual(resolver.resolveNow('/etc/passwd'), { kind: 'outside', why: 'absolute' });
  });
});
