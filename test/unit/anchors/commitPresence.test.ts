// Which scanned commits a real repository holds, asked of one git process.
import assert from 'node:assert/strict';
import { presentCommits } from '../../../server/src/anchors/git/commitPresence';
import { GitRepo } from '../../helpers/gitRepo';

describe('presentCommits', () => {
  let repo: GitRepo;
  beforeEach(async () => {
    repo = await GitRepo.create();
  });
  afterEach(() => repo.dispose());

  it('tells the commits it holds (full or abbreviated) from those it lacks and from other objects', async () => {
    await repo.write('a.txt', 'one\n');
    const first = repo.commit('first');
    await repo.write('a.txt', 'two\n');
    const second = repo.commit('second');
    const blob = repo.git('rev-parse', `${second}:a.txt`).trim();
    const lacking = '0123456789abcdef0123456789abcdef01234567';
    const present = await presentCommits('git', repo.abs('.'), [first, lacking, second.slice(0, 10), blob]);
    assert.deepEqual([...present].sort(), [first, second.slice(0, 10)].sort());
  });

  it('an empty list asks nothing; a folder that is no repository claims every commit (the diff explains)', async () => {
    assert.equal((await presentCommits('git', repo.abs('.'), [])).size, 0);
    const shas = ['0123456789abcdef0123456789abcdef01234567'];
    assert.deepEqual([...(await presentCommits('git', '/', shas))], shas);
  });
});
