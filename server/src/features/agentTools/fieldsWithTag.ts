// fields_with_tag: every field that carries a tag, applied or depended on through upstream lineage
// (the lineage model's tag index, as the graph's tag filter uses it), counted per component first.
import type { AgentToolAnswer, AgentToolInput } from '../../../../common/src/agentTools';
import { compareText } from '../../../../common/src/textOrder';
import { pagedAnswer } from './answer';
import { componentLabelIn, describeField } from './graphFields';
import { serviceSummary, type AgentToolSources } from './sources';

export async function fieldsWithTag(
  s: AgentToolSources,
  input: AgentToolInput<'fields_with_tag'>,
  offset: number,
): Promise<AgentToolAnswer> {
  const model = await s.graph.ready();
  const wanted = input.tag.toLowerCase();
  const tagNames = [...model.fieldsByTag.keys()].filter((t) => t.toLowerCase() === wanted);
  const namespace = input.namespace?.trim() || undefined;
  const indexes = new Set<number>();
  for (const t of tagNames) for (const i of model.fieldsByTag.get(t) ?? []) indexes.add(i);
  const perComponent = new Map<string, { applied: number; dependsOn: number }>();
  const rows: Array<{ key: string; item: Record<string, unknown> }> = [];
  for (const i of indexes) {
    const f = model.fields.node(i);
    const d = model.components.get(f.componentId)?.detail;
    if (namespace !== undefined && (d?.namespace ?? '') !== namespace) continue;
    const applied = model.fields.tags(i).some((t) => t.name.toLowerCase() === wanted);
    const counts = perComponent.get(f.componentId) ?? { applied: 0, dependsOn: 0 };
    counts[applied ? 'applied' : 'dependsOn']++;
    perComponent.set(f.componentId, counts);
    const item = { how: applied ? 'applied' : 'dependsOn', ...describeField(model, i) };
    rows.push({
      key: `${componentLabelIn(model, f.componentId)}\u0000${f.boundary.label}\u0000${f.name}`,
      item,
    });
  }
  rows.sort((a, b) => compareText(a.key, b.key));
  const components = [...perComponent]
    .map(([id, c]) => ({
      component: componentLabelIn(model, id),
      namespace: model.components.get(id)?.detail.namespace ?? '',
      appliedFields: c.applied,
      dependsOnFields: c.dependsOn,
    }))
    .sort((a, b) => compareText(a.component, b.component));
  return pagedAnswer({
    tool: 'fields_with_tag',
    input,
    offset,
    itemsName: 'fields',
    summary: {
      tag: tagNames[0] ?? input.tag,
      service: serviceSummary(s),
      ...(namespace !== undefined ? { namespace } : {}),
      ...(tagNames.length === 0
        ? {
            note: `No loaded field carries this tag. Tags present: ${[...model.fieldsByTag.keys()].sort().slice(0, 40).join(', ')}.`,
          }
        : {}),
      components,
    },
    items: rows.map((r) => r.item),
    secrets: s.secrets(),
  });
}
