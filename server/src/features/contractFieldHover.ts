// Hover on a field name in a contract file: that field as the lineage knows it, on the data store that
// holds the contract's data asset (graph/matching.ts, rule 3) — its tags, applied to it or depended on
// through upstream services — with links to its lineage graph and impact. When the lineage cannot say,
// the hover says why.
import type { Hover } from 'vscode-languageserver';
import { componentLabel } from '../../../common/src/componentLabel';
import { fieldId } from '../../../common/src/graphIds';
import { COMMANDS, type FieldRef } from '../../../common/src/protocol';
import { APPLIED_TAG_MARK, DERIVED_TAG_MARK, hopsWords } from '../../../common/src/tagWords';
import type { ContractFieldAt } from '../contracts/fieldAt';
import type { GraphService } from '../graph/graphService';
import type { Session } from '../session/session';
import { commandLink, md } from '../util/markdown';

export async function contractFieldHover(
  at: ContractFieldAt,
  session: Session,
  graph: GraphService,
): Promise<Hover> {
  // A code span shows its text as it is: only what could end it (a backtick, a line break) is taken out.
  const darn = at.darn.replace(/[`\r\n]/g, '').slice(0, 200);
  const head = `**${md(at.fieldPath, 200)}** in the contract on \`${darn}\``;
  const say = (...lines: string[]): Hover => ({
    contents: { kind: 'markdown', value: [head, '', ...lines].join('\n') },
    range: at.range,
  });
  if (!session.signedIn) return say('*Sign in to see this field in the lineage.*');
  const found = await graph.storeSchema(at.darn);
  if (!found)
    return say(
      '*No data store of the loaded lineage holds this data asset, so its fields have no lineage here.*',
    );
  const { store, model, schema } = found;
  for (const b of schema) {
    const i = model.fields.find(b, at.fieldPath);
    if (i === undefined) continue;
    const applied = model.fields.tags(i);
    const derived = model.fields.dependsOn(i).filter((t) => !applied.some((a) => a.name === t.name));
    const field: FieldRef = { boundaryId: b.id, field: at.fieldPath };
    // Where each derived tag comes from: the nearest field upstream that has it applied.
    const upstream = derived.length
      ? (await graph.fieldFlow({ field: fieldId(field) })).upstream.slice().sort((x, y) => x.hops - y.hops)
      : [];
    const origin = (tag: string): string => {
      for (const u of upstream) {
        const k = model.fieldIndexOf(u.id);
        if (k === undefined || !model.fields.tags(k).some((t) => t.name === tag)) continue;
        const from = model.fields.boundary(k);
        const component = model.components.get(from.componentId)?.detail;
        const inComponent = component ? ` in ${md(componentLabel(component), 120)}` : '';
        return ` — ${md(model.fields.name(k), 120)} on ${md(from.label, 120)}${inComponent}`;
      }
      return '';
    };
    const tags = [
      ...applied.map((t) => `${APPLIED_TAG_MARK} **${md(t.name, 80)}**, applied to the field`),
      ...derived.map((t) => `${DERIVED_TAG_MARK} *${md(t.name, 80)}*, ${hopsWords(t.hops)}${origin(t.name)}`),
    ];
    const target = { kind: 'field', field };
    return say(
      `On the data store **${md(componentLabel(store), 120)}**:`,
      '',
      tags.length ? tags.join('  \n') : '*no tags*',
      '',
      [
        commandLink('Lineage graph', COMMANDS.showGraph, [target]),
        commandLink('Impact', COMMANDS.showImpact, [target]),
      ].join(' · '),
    );
  }
  return say(`*${md(componentLabel(store), 120)} has no field ${md(at.fieldPath, 200)} in its schema.*`);
}
