// The fields of a path as hovers and lenses see them: per side, its applied tags and depends-on tags,
// gathered from field_tags, field_depends_on_tags, the field mappings and the boundary schemas.
import { forEachSchemaField, identifierMatchesField } from '../../../common/src/api/fields';
import type { DependsOnTagRef, FieldTagRef, LineagePath, PathBoundary } from '../../../common/src/api';

export type Side = 'ingress' | 'egress';

export interface PathField {
  side: Side;
  fieldPath: string;
  applied: FieldTagRef[];
  dependsOn: DependsOnTagRef[];
}

// Paths are read-only once loaded (the store replaces a component's objects when it reloads), so the
// fields of a path that is shown (a hover's section, a lens's title, a tool's answer) are gathered
// once and shared by every later ask, rather than a fresh set of objects per hover.
const fieldsOf = new WeakMap<LineagePath, readonly PathField[]>();

/** The path's fields, per side in the order they are listed; shared, never to be changed by callers. */
export function pathFields(path: LineagePath): readonly PathField[] {
  let fields = fieldsOf.get(path);
  if (!fields) fieldsOf.set(path, (fields = gatherFields(path)));
  return fields;
}

function gatherFields(path: LineagePath): PathField[] {
  const out: PathField[] = [];
  for (const side of ['ingress', 'egress'] as const) {
    const bySide = new Map<string, PathField>();
    forEachFieldEntry(path, side, (fieldPath, applied, dependsOn) => {
      let f = bySide.get(fieldPath);
      if (!f) bySide.set(fieldPath, (f = { side, fieldPath, applied: [], dependsOn: [] }));
      if (applied) f.applied.push(...applied);
      if (dependsOn) f.dependsOn.push(...dependsOn);
    });
    out.push(...bySide.values());
  }
  return out;
}

/**
 * Each entry that names a field of one side of the path, in the order the fields are listed: its
 * applied tags, its depends-on tags (each with its tags), the field mappings' ends, the boundary's
 * schema. A field may be named by several entries. pathFields gathers them; the symbol index lists
 * the names alone.
 */
export function forEachFieldEntry(
  path: LineagePath,
  side: Side,
  visit: (
    fieldPath: string,
    applied?: readonly FieldTagRef[],
    dependsOn?: readonly DependsOnTagRef[],
  ) => void,
): void {
  const b: PathBoundary | undefined = path[side];
  if (!b) return;
  for (const e of b.field_tags ?? []) visit(e.field_path, e.tags ?? []);
  for (const e of b.field_depends_on_tags ?? []) visit(e.field_path, undefined, e.depends_on ?? []);
  for (const m of path.field_mappings ?? []) {
    const name = side === 'ingress' ? m.ingress_field : m.egress_field;
    if (typeof name === 'string' && name) visit(name);
  }
  forEachSchemaField(b.schema, (fieldPath) => visit(fieldPath));
}

/** A field an identifier names, with its descendants that carry tags (a parent field's roll-up). */
export interface FieldMatch extends PathField {
  /** Fields below it (`credit_card.number` under `credit_card`) with applied or depends-on tags, sorted by path. */
  children: PathField[];
}

const hasTags = (f: PathField) => f.applied.length > 0 || f.dependsOn.length > 0;

/**
 * Fields of the path an identifier names (see identifierMatchesField), parents included: a prefix of
 * field paths (`credit_card` of `credit_card.number`) is a field too, even when no entry names it.
 */
export function fieldsMatching(path: LineagePath, identifier: string): FieldMatch[] {
  // Not kept for the path: an identifier is matched against every path of its line, thousands where
  // anchors are dense, most of them never shown.
  const all = fieldsOf.get(path) ?? gatherFields(path);
  const out: FieldMatch[] = [];
  for (const side of ['ingress', 'egress'] as const) {
    const fields = all.filter((f) => f.side === side);
    const byPath = new Map(fields.map((f) => [f.fieldPath, f]));
    const names = new Set(byPath.keys());
    for (const f of fields) {
      const parts = f.fieldPath.split('.');
      for (let i = 1; i < parts.length; i++) names.add(parts.slice(0, i).join('.'));
    }
    for (const name of names) {
      if (!identifierMatchesField(identifier, name)) continue;
      const self = byPath.get(name) ?? { side, fieldPath: name, applied: [], dependsOn: [] };
      const children = fields
        .filter((c) => c.fieldPath.startsWith(`${name}.`) && hasTags(c))
        .sort((a, b) => (a.fieldPath < b.fieldPath ? -1 : a.fieldPath > b.fieldPath ? 1 : 0));
      out.push({ ...self, children });
    }
  }
  return out;
}
