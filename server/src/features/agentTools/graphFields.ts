// Fields of the lineage graph as agent answers describe them: component, boundary, field and tags.
import type { LineageModel } from '../../graph/lineageModel';
import { componentLabel } from '../../../../common/src/componentLabel';

export function componentLabelIn(model: LineageModel, componentId: string): string {
  const d = model.components.get(componentId)?.detail;
  return d ? componentLabel(d) : componentId;
}

/** One field node (by index) as data: where it is and the tags it carries. */
export function describeField(model: LineageModel, i: number): Record<string, unknown> {
  const f = model.fields.node(i);
  const applied = model.fields.tags(i);
  const dependsOn = model.fields.dependsOn(i);
  const d = model.components.get(f.componentId)?.detail;
  return {
    component: componentLabelIn(model, f.componentId),
    componentType: d?.type ?? '',
    boundary: f.boundary.label,
    field: f.name,
    ...(applied.length ? { applied: applied.map((t) => t.name) } : {}),
    ...(dependsOn.length
      ? {
          dependsOn: dependsOn.map((t) => ({
            tag: t.name,
            ...(t.hops !== undefined ? { hops: t.hops } : {}),
          })),
        }
      : {}),
  };
}

/** Components whose id, name or friendly name is the given text (exact first, then without case). */
export function componentsNamed(model: LineageModel, text: string): string[] {
  const names = (id: string) => {
    const d = model.components.get(id)!.detail;
    return [d.id, d.name, d.friendly_name ?? ''];
  };
  const ids = [...model.components.keys()];
  const exact = ids.filter((id) => names(id).includes(text));
  if (exact.length) return exact;
  const lower = text.toLowerCase();
  return ids.filter((id) => names(id).some((n) => n.toLowerCase() === lower));
}
