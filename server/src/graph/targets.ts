// What "Show Lineage Graph" and "Show Impact" mean at a place in a source file: the fields of the
// anchored paths named by the identifier under the cursor, else the anchored paths themselves.
import type { Position } from 'vscode-languageserver';
import type { TargetsAt } from '../../../common/src/protocol';
import type { AnchorReader, ComponentReader } from '../session/parts';
import { fieldsMatching } from '../domain/pathFields';
import { identifierAt } from '../domain/identifier';
import type { LineageModel } from './lineageModel';

export function targetsAt(
  model: LineageModel,
  index: AnchorReader,
  store: ComponentReader,
  uri: string,
  pos: Position,
  text: string | undefined,
): TargetsAt {
  const out: TargetsAt = { fields: [], paths: [] };
  const ingress: TargetsAt['fields'] = [];
  const word = text !== undefined ? identifierAt(text, pos) : undefined;
  const seenPaths = new Set<string>();
  const seenFields = new Set<string>();
  for (const a of index.anchorsAt(uri, pos)) {
    const { componentId, pathId } = a.entry;
    const key = `${componentId}/${pathId}`;
    if (seenPaths.has(key)) continue;
    seenPaths.add(key);
    const pm = model.components.get(componentId)?.pathById.get(pathId);
    const path = store.findPath(componentId, pathId);
    if (!pm || !path) continue;
    out.paths.push({ componentId, pathId, label: pm.label });
    if (!word) continue;
    for (const f of fieldsMatching(path, word.text)) {
      const boundaryId = f.side === 'ingress' ? pm.ingress : pm.egress;
      const id = `${boundaryId}#${f.fieldPath}`;
      if (seenFields.has(id) || model.fieldIndexOf(id) === undefined) continue;
      seenFields.add(id);
      const b = model.boundaries.get(boundaryId)!;
      // Impact follows what the code writes: egress fields first.
      (f.side === 'egress' ? out.fields : ingress).push({
        boundaryId,
        field: f.fieldPath,
        label: `${f.fieldPath} (${f.side} ${b.label})`,
      });
    }
  }
  out.fields.push(...ingress);
  return out;
}
