// `lineage-lens impact`: the change-impact engine (changeImpact/) over a checkout, configured as
// `check` is. The session loads the configured components into the editor's anchor index; with
// `--head` naming another commit than a clean HEAD, the head is checked out into a temporary git
// worktree first (so anchors are placed in the head's files), removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { ChangeImpactReport } from '../../../common/src/changeImpact';
import { normalizeSettings } from '../../../common/src/settings';
import { fileUri } from '../anchors';
import { runGit } from '../anchors/git/gitCli';
import { TreeSitterDefinitions } from '../anchors/syntax/definitionSource';
import type { WorkspaceFolderInfo } from '../anchors/types';
import { changeImpact } from '../changeImpact/changeImpact';
import { GraphService } from '../graph/graphService';
import { UserInputError } from '../api/serviceErrors';
import { oneShotSession } from './oneShotSession';

export interface ImpactOptions {
  root: string;
  serviceUrl: string;
  apiKey: string;
  settings: Record<string, unknown>;
  base?: string;
  head?: string;
  branch?: boolean;
  progress(message: string): void;
}

/** The members of a boundary that carry its fields' tags (lineage paths in ComponentDetail). */
const TAG_MEMBERS = ['field_depends_on_tags', 'field_tags'];

async function git(cwd: string, args: string[]): Promise<string> {
  return (await runGit('git', args, { cwd })).trim();
}

/** The folder to analyse the head in: the checkout itself, or a temporary worktree of the head. */
async function headFolder(
  root: string,
  head: string | undefined,
): Promise<{ dir: string; dispose(): Promise<void> }> {
  const same = { dir: root, dispose: async () => undefined };
  if (head === undefined) return same;
  let headCommit: string;
  try {
    headCommit = await git(root, ['rev-parse', '--verify', '-q', `${head}^{commit}`]);
  } catch {
    throw new UserInputError(`The head ${JSON.stringify(head)} is not a commit in this repository.`);
  }
  const current = await git(root, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => '');
  const dirty = await git(root, ['status', '--porcelain', '--untracked-files=no', '--', '.']).catch(
    () => 'x',
  );
  if (current === headCommit && dirty === '') return same;
  const [top = root, prefix = ''] = (
    await git(root, ['rev-parse', '--show-toplevel', '--show-prefix'])
  ).split('\n');
  const tmp = mkdtempSync(path.join(tmpdir(), 'lineage-lens-head-'));
  const wt = path.join(tmp, 'head');
  await git(top, ['worktree', 'add', '--detach', '-q', wt, headCommit]);
  return {
    dir: path.join(wt, ...prefix.trim().split('/').filter(Boolean)),
    dispose: async () => {
      await git(top, ['worktree', 'remove', '--force', wt]).catch(() => undefined);
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export async function runImpact(o: ImpactOptions): Promise<ChangeImpactReport> {
  const settings = normalizeSettings({ ...o.settings, refreshIntervalSeconds: 0 });
  const where = await headFolder(o.root, o.head);
  const folder: WorkspaceFolderInfo = {
    uri: fileUri(where.dir),
    fsPath: where.dir,
    projectRoot: settings.projectRoot,
  };
  // The run walks the lineage and names fields, components and contracts, never tags: the answers'
  // tags (most of a component's bytes) are not even parsed.
  const run = oneShotSession({ dropMembers: TAG_MEMBERS });
  const { index, session, warnings } = run;
  const graph = new GraphService(session, { tags: false, warm: false });
  graph.setFolders([folder]);
  try {
    await session.setSettings(settings);
    await session.setFolders([folder]);
    if (settings.components.length === 0 && settings.namespace === '')
      o.progress(
        'No components configured (lineageLens.components / lineageLens.namespace, or --component): only contract files are compared.',
      );
    o.progress(`Connecting to ${o.serviceUrl} …`);
    const st = await run.connect(o.serviceUrl, o.apiKey);
    o.progress(`Loaded ${session.store.size} components and placed ${st.anchorCount} code anchors.`);
    const report = await changeImpact(
      {
        root: where.dir,
        index,
        store: session.store,
        graph,
        service: session,
        definitions: new TreeSitterDefinitions({ onProblem: (m) => warnings.add(m) }),
      },
      {
        ...(o.base !== undefined ? { base: o.base } : {}),
        ...(o.head !== undefined ? { head: o.head } : {}),
        branch: o.branch ?? false,
      },
    );
    for (const w of warnings) report.warnings.push(w);
    return report;
  } finally {
    await run.dispose();
    await where.dispose();
  }
}
