// A data store's schema fields as the lineage knows them, for the Components view: what the service's
// detail leaves out — the tags a field depends on through upstream services (the model derives them)
// and the field's place in the graph (so Show Lineage Graph and Show Impact work on it).
import type { ComponentDetail } from '../../../common/src/api';
import type { StoreFieldView } from '../../../common/src/protocol';
import type { GraphService } from '../graph/graphService';

export async function storeFieldViews(
  store: ComponentDetail,
  graph: GraphService,
): Promise<StoreFieldView[] | undefined> {
  if (store.type !== 'DATA_STORE') return undefined;
  const model = await graph.ready();
  const schema = model.components.get(store.id)?.boundaries.filter((b) => b.roles.has('schema')) ?? [];
  const types = new Map((store.schema?.fields ?? []).map((f) => [f.name, f.type]));
  const out: StoreFieldView[] = [];
  for (const b of schema)
    for (const i of model.fields.nodesOf(b)) {
      const path = model.fields.name(i);
      const applied = model.fields.tags(i).map((t) => t.name);
      out.push({
        path,
        ...(types.get(path) ? { type: types.get(path) } : {}),
        applied,
        dependsOn: model.fields
          .dependsOn(i)
          .filter((t) => !applied.includes(t.name))
          .map((t) => ({ name: t.name, hops: t.hops ?? 0 })),
        ref: { boundaryId: b.id, field: path },
      });
    }
  return out;
}
