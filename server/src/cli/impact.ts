// `lineage-lens impact`: the change-impact engine (changeImpact/) over a checkout, configured as
// `check` is. The diff is read first; the session loads the configured components into the editor's
// anchor index, placing only the anchors the diff can touch (anchorsInDiff.ts); with
// `--head` naming another commit than a clean HEAD, the head is checked out into a temporary git
// worktree first (so anchors are placed in the head's files), removed afterwards.
import { counted } from '../../../common/src/countWords';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { ChangeImpactReport } from '../../../common/src/changeImpact';
import type { LineageSettings } from '../../../common/src/protocol';
import { normalizeSettings } from '../../../common/src/settings';
import { fileUri } from '../anchors';
import { runGit } from '../anchors/git/gitCli';
import { TreeSitterDefinitions } from '../anchors/syntax/definitionSource';
import type { WorkspaceFolderInfo } from '../anchors/types';
import { anchorsInDiff } from '../changeImpact/anchorsInDiff';
import { changeImpact } from '../changeImpact/changeImpact';
import { closeDiff, readDiff, type DiffRange, type DiffRequest } from '../changeImpact/diffRange';
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
  const request = {
    ...(o.base !== undefined ? { base: o.base } : {}),
    ...(o.head !== undefined ? { head: o.head } : {}),
    branch: o.branch ?? false,
  };
  let range: DiffRange | undefined;
  try {
    // The diff first: only the anchors it can touch are then read and placed.
    range = await readDiff(where.dir, request);
    return await analyseIn(o, settings, where.dir, range, request);
  } finally {
    if (range) closeDiff(range);
    await where.dispose();
  }
}

async function analyseIn(
  o: ImpactOptions,
  settings: LineageSettings,
  dir: string,
  range: DiffRange,
  request: DiffRequest,
): Promise<ChangeImpactReport> {
  const folder: WorkspaceFolderInfo = { uri: fileUri(dir), fsPath: dir, projectRoot: settings.projectRoot };
  const inDiff = anchorsInDiff(range, dir, settings.projectRoot);
  // The run walks the lineage and names fields, components and contracts, never tags: the answers'
  // tags (most of a component's bytes) are not even parsed.
  const run = oneShotSession({ dropMembers: TAG_MEMBERS, anchorFilter: inDiff });
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
    o.progress(
      `Loaded ${counted(session.store.size, 'component')} and placed ${counted(st.anchorCount, 'code anchor')} in the changed files (${inDiff.leftOut} elsewhere left out).`,
    );
    const report = await changeImpact(
      {
        root: dir,
        index,
        store: session.store,
        graph,
        service: session,
        definitions: new TreeSitterDefinitions({ onProblem: (m) => warnings.add(m) }),
      },
      request,
      range,
    );
    for (const w of warnings) report.warnings.push(w);
    return report;
  } finally {
    await run.dispose();
  }
}
