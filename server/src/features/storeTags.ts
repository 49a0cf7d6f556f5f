// What the lineage says of a data asset, for its hover: the data store that holds it (graph/matching.ts,
// rule 3) and which of that store's fields carry which tags — applied there or reaching it through
// upstream services — so a DARN shows at a glance where PII, PHI or secrets land.
import { componentLabel } from '../../../common/src/componentLabel';
import { COMMANDS } from '../../../common/src/protocol';
import type { GraphService } from '../graph/graphService';
import { commandLink, md } from '../util/markdown';

/** Fields named per tag before "and N more". */
const NAMED_FIELDS = 3;

type StoreSchema = NonNullable<Awaited<ReturnType<GraphService['storeSchema']>>>;

/** Each tag on the store's schema fields (applied there or depended on) and the fields carrying it, by tag name. */
export function storeFieldTags({ model, schema }: StoreSchema): Array<[string, Set<string>]> {
  const byTag = new Map<string, Set<string>>();
  for (const b of schema) {
    for (const i of model.fields.nodesOf(b))
      for (const t of [...model.fields.tags(i), ...model.fields.dependsOn(i)]) {
        const fields = byTag.get(t.name) ?? new Set<string>();
        fields.add(model.fields.name(i));
        byTag.set(t.name, fields);
      }
  }
  return [...byTag].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Markdown lines, or none when no loaded data store holds the DARN. */
export async function storeTagLines(darn: string, graph: GraphService): Promise<string[]> {
  const found = await graph.storeSchema(darn);
  if (!found) return [];
  const { store } = found;
  const byTag = storeFieldTags(found);
  const name = `**${md(componentLabel(store), 120)}**`;
  const link = commandLink('Lineage graph', COMMANDS.showGraph, [{ componentId: store.id }]);
  if (byTag.length === 0) return [`In the lineage: the data store ${name}, no tagged fields. ${link}`];
  const tags = byTag.map(([tag, set]) => {
    const fields = [...set];
    const named = fields.slice(0, NAMED_FIELDS).map((f) => md(f, 80));
    const more = fields.length > NAMED_FIELDS ? ` and ${fields.length - NAMED_FIELDS} more` : '';
    return `- **${md(tag, 80)}**: ${named.join(', ')}${more}`;
  });
  return [`In the lineage: the data store ${name}, its tagged fields: ${link}`, '', ...tags];
}
