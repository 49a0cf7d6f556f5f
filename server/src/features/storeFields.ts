// A data store as the Components view shows it beyond the service's detail: its schema fields as the
// lineage knows them — the tags a field depends on through upstream services (the model derives them)
// and the field's place in the graph (so Show Lineage Graph and Show Impact work on it) — and the
// workspace's contract files on its data assets.
import type { ComponentDetail } from '../../../common/src/api';
import type { StoreFieldView } from '../../../common/src/protocol';
import type { GraphService } from '../graph/graphService';
import { storeOf } from '../graph/matching';

export async function storeFieldViews(
  store: ComponentDetail,
  graph: GraphService,
): Promise<StoreFieldView[] | undefined> {
  if (store.type !== 'DATA_STORE') return undefined;
  const { model, schema } = await graph.schemaOf(store);
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

/** The workspace's contract files whose DARN the store holds (matching.ts, rule 3), by name. */
export async function storeContractFiles(
  store: ComponentDetail,
  components: readonly ComponentDetail[],
  graph: GraphService,
): Promise<Array<{ uri: string; name: string }>> {
  if (store.type !== 'DATA_STORE') return [];
  const entries = await graph.contracts.list().catch(() => []);
  return entries
    .filter((e) => storeOf(components, e.darn)?.id === store.id)
    .map((e) => ({ uri: e.uri, name: e.name }));
}
