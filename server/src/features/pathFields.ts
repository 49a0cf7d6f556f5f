// The fields of a path as hovers and lenses see them: per side, its applied tags and depends-on tags,
// gathered from field_tags, field_depends_on_tags, the field mappings and the boundary schemas.
import { flattenSchema, identifierMatchesField } from '../../../common/src/api/fields';
import type { DependsOnTagRef, FieldTagRef, LineagePath, PathBoundary } from '../../../common/src/api';

export type Side = 'ingress' | 'egress';

export interface PathField {
  side: Side;
  fieldPath: string;
  applied: FieldTagRef[];
  dependsOn: DependsOnTagRef[];
}

export function pathFields(path: LineagePath): PathField[] {
  const out: PathField[] = [];
  for (const side of ['ingress', 'egress'] as const) {
    const b: PathBoundary | undefined = path[side];
    if (!b) continue;
    const bySide = new Map<string, PathField>();
    const get = (fieldPath: string): PathField => {
      let f = bySide.get(fieldPath);
      if (!f) bySide.set(fieldPath, (f = { side, fieldPath, applied: [], dependsOn: [] }));
      return f;
    };
    for (const e of b.field_tags ?? []) get(e.field_path).applied.push(...(e.tags ?? []));
    for (const e of b.field_depends_on_tags ?? []) get(e.field_path).dependsOn.push(...(e.depends_on ?? []));
    for (const m of path.field_mappings ?? []) {
      const name = side === 'ingress' ? m.ingress_field : m.egress_field;
      if (typeof name === 'string' && name) get(name);
    }
    for (const f of flattenSchema(b.schema)) get(f.path);
    out.push(...bySide.values());
  }
  return out;
}

/** Fields of the path an identifier names (see identifierMatchesField). */
export function fieldsMatching(path: LineagePath, identifier: string): PathField[] {
  return pathFields(path).filter((f) => identifierMatchesField(identifier, f.fieldPath));
}
