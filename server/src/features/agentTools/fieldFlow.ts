// field_flow: where a component's field comes from and where it goes (graph/impact.ts fieldFlow, the
// graph panel's field mode), each field with its component, boundary, hops and tags.
import type { AgentToolAnswer, AgentToolInput } from '../../../../common/src/agentTools';
import { UserInputError } from '../../api/serviceErrors';
import { pagedAnswer } from './answer';
import { componentLabelIn, componentsNamed, describeField } from './graphFields';
import { serviceSummary, type AgentToolSources } from './sources';

export async function fieldFlowTool(
  s: AgentToolSources,
  input: AgentToolInput<'field_flow'>,
  offset: number,
): Promise<AgentToolAnswer> {
  const model = await s.graph.ready();
  const components = componentsNamed(model, input.component);
  if (components.length === 0)
    throw new UserInputError(
      `No loaded component is named ${JSON.stringify(input.component)}; fields_with_tag or lineage_at name the loaded ones.`,
    );
  const starts: number[] = [];
  for (const id of components)
    for (const b of model.components.get(id)!.boundaries) {
      const i = model.fields.find(b, input.field);
      if (i !== undefined) starts.push(i);
    }
  if (starts.length === 0) {
    const known = new Set<string>();
    for (const id of components)
      for (const b of model.components.get(id)!.boundaries)
        for (const f of model.fields.namesOf(b)) known.add(f);
    throw new UserInputError(
      `The component has no field ${JSON.stringify(input.field)}. Some of its fields: ${[...known].slice(0, 20).join(', ')}.`,
    );
  }
  const items: Record<string, unknown>[] = [];
  const origins: Record<string, unknown>[] = [];
  for (const start of starts) {
    const flow = await s.graph.fieldFlow({ field: model.fields.id(start) });
    const origin = describeField(model, start);
    origins.push({ ...origin, upstream: flow.upstream.length, downstream: flow.downstream.length });
    for (const [direction, list] of [
      ['upstream', flow.upstream],
      ['downstream', flow.downstream],
    ] as const)
      for (const r of list) {
        const i = model.fieldIndexOf(r.id);
        if (i === undefined) continue;
        items.push({
          direction,
          of: `${origin.boundary as string}#${input.field}`,
          hops: r.hops,
          ...describeField(model, i),
        });
      }
  }
  return pagedAnswer({
    tool: 'field_flow',
    input,
    offset,
    itemsName: 'fields',
    summary: {
      component: components.map((id) => componentLabelIn(model, id)).join(', '),
      field: input.field,
      service: serviceSummary(s),
      note: 'hops = component boundaries crossed from the field; up to 6 hops each way.',
      origins,
    },
    items,
    secrets: s.secrets(),
  });
}
