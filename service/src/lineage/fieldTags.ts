// Tags applied directly to the fields of a boundary (spec "Field tags"): per field and tag the most
// recent application wins, whether `system` or `user`; removals and deleted definitions hide a tag;
// a deactivated definition still renders.
import type { FieldTagEntry, FieldTagRef } from '../../../common/src/api/tags';
import type { Store } from '../model/store';
import { type Boundary, coordinateKey } from '../model/types';
import { compareText } from '../../../common/src/textOrder';

/** field path -> tag id -> the rendered reference, for the boundaries at one coordinate key. */
export function effectiveTagsAt(store: Store, key: string): Map<string, Map<string, FieldTagRef>> {
  const out = new Map<string, Map<string, FieldTagRef>>();
  const fields = store.tagApplications.get(key);
  if (!fields) return out;
  for (const [field, tags] of fields) {
    for (const app of tags.values()) {
      if (app.removed) continue;
      const def = store.tagDefinitions.get(app.tagId);
      if (!def || def.deleted) continue;
      const ref: FieldTagRef = { tag_id: def.id, name: def.name, kind: def.kind, source: app.source };
      if (def.color !== undefined) ref.color = def.color;
      if (app.source === 'system' && app.detection_category !== undefined)
        ref.detection_category = app.detection_category;
      let m = out.get(field);
      if (!m) out.set(field, (m = new Map<string, FieldTagRef>()));
      m.set(def.id, ref);
    }
  }
  return out;
}

export function fieldTagsOf(store: Store, b: Boundary): FieldTagEntry[] {
  const tags = effectiveTagsAt(store, coordinateKey(b.componentId, b.coords));
  return [...tags.entries()]
    .sort(([a], [b2]) => compareText(a, b2))
    .map(([field_path, refs]) => ({
      field_path,
      tags: [...refs.values()].sort((x, y) => compareText(x.name, y.name)),
    }));
}
