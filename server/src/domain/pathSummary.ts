// Short, plain-text facts about one path that the lens and the hover share: its short label
// ("createOrder → insertOrder") and the tags it carries.
import type { LineagePath } from '../../../common/src/api';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import { pathFields, type Side } from './pathFields';

const labels = new WeakMap<LineagePath, string>();

/** "createOrder → insertOrder": the last segment of each side's signature (made once per path object). */
export function shortPathLabel(path: LineagePath): string {
  let label = labels.get(path);
  if (label === undefined) labels.set(path, (label = labelOf(path)));
  return label;
}

function labelOf(path: LineagePath): string {
  return pathDocumentLabel({
    ingress: {
      signature_name: path.ingress?.signature_name ?? '?',
      payload_name: path.ingress?.payload_name,
    },
    egress: { signature_name: path.egress?.signature_name ?? '?', payload_name: path.egress?.payload_name },
  });
}

/** Tag names (applied or depended on) on the fields of one side of a path, sorted. */
export function sideTags(path: LineagePath, side: Side): string[] {
  const names = new Set<string>();
  for (const f of pathFields(path)) {
    if (f.side !== side) continue;
    for (const t of f.applied) names.add(t.name);
    for (const t of f.dependsOn) names.add(t.name);
  }
  return [...names].sort();
}

/**
 * The tags a path carries: those on the fields it writes (its egress), which is what tells the paths
 * leaving one handler apart; for a path whose egress fields carry none, those of its ingress.
 */
export function carriedTags(path: LineagePath): { tags: string[]; side: Side } {
  const out = sideTags(path, 'egress');
  return out.length ? { tags: out, side: 'egress' } : { tags: sideTags(path, 'ingress'), side: 'ingress' };
}
