// A lens on anchored code that writes an egress: "N downstream fields · M contracts" (when N > 0),
// opening the Impact view for that path.
import type { CodeLens } from 'vscode-languageserver';
import { COMMANDS, type ImpactTarget, type PathRef } from '../../../common/src/protocol';
import { counted } from '../../../common/src/countWords';
import type { AnchorReader } from '../session/parts';
import type { GraphService } from '../graph/graphService';
import { TimeSlicer } from '../util/timeSlices';
import { firstLinePerPathSet } from './lensLines';
import { preparePathImpacts } from '../graph/pathImpacts';

/** Lines whose paths are walked together. */
const BATCH = 32;

/**
 * The lenses of a file, once the lineage model is built. `undefined` when it is not built yet (at
 * 100,000 paths that takes seconds): the caller answers without them, and refreshes once it is.
 */
export async function impactLenses(
  index: AnchorReader,
  graph: GraphService,
  uri: string,
  /** The document's lines, when it is open: a call inside a function repeats no lens of the function's. */
  lines?: readonly string[],
): Promise<CodeLens[] | undefined> {
  const anchors = index
    .anchorsInFile(uri)
    .filter((a) => a.range && (a.state === 'resolved' || a.state === 'relocated'));
  if (anchors.length === 0) return [];
  const contracts = await graph.contracts.list();
  // Taken after the contract files were read: a model rebuilt meanwhile is not waited for either.
  const model = graph.readyNow();
  if (!model) return undefined;
  // Each path once per line, in a set per line: thousands of anchors may share one line.
  const byLine = new Map<number, { line: number; paths: PathRef[]; keys: Set<string> }>();
  for (const a of anchors) {
    const { componentId, pathId } = a.entry;
    const pm = model.components.get(componentId)?.pathById.get(pathId);
    if (!pm || pm.suppressed) continue;
    const line = a.range!.start.line;
    let group = byLine.get(line);
    if (!group) byLine.set(line, (group = { line, paths: [], keys: new Set() }));
    const key = `${componentId}\u0000${pathId}`;
    if (group.keys.has(key)) continue;
    group.keys.add(key);
    group.paths.push({ componentId, pathId });
  }
  const lenses: CodeLens[] = [];
  // Each line's count walks the whole graph: requests are served in between. The next lines' paths
  // are walked together, a batch at a time (graph/reachSummary.ts), not one walk each.
  const slicer = new TimeSlicer();
  const groups = firstLinePerPathSet([...byLine.values()], lines);
  let preparedTo = 0;
  for (const [i, { line, paths }] of groups.entries()) {
    if (slicer.due()) {
      await slicer.pause();
      if (graph.readyNow() !== model) return undefined;
    }
    if (i >= preparedTo) {
      preparedTo = i + BATCH;
      const single = groups.slice(i, preparedTo).filter((g) => g.paths.length === 1);
      preparePathImpacts(
        model,
        single.map((g) => g.paths[0]!),
        contracts,
      );
    }
    const target: ImpactTarget =
      paths.length === 1 ? { kind: 'path', ...paths[0]! } : { kind: 'paths', paths };
    const r = graph.impactCounts(model, target, contracts);
    const n = r.counts.fields;
    if (n === 0) continue;
    const m = r.counts.contracts;
    lenses.push({
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      command: {
        title: `${counted(n, 'downstream field')} · ${counted(m, 'contract')}`,
        command: COMMANDS.showImpact,
        arguments: [target],
      },
    });
  }
  return lenses;
}
