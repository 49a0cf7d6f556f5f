// Component detail as the API shows it: paths with inline boundaries, their coordinates, field tags
// and depends-on tags (CODE), or the schema field list (DATA_STORE).
import type { ComponentDetail } from '../../../common/src/api/components';
import type { LineagePath, PathBoundary } from '../../../common/src/api/paths';
import type { Store } from '../model/store';
import type { Boundary, Component, StoredPath } from '../model/types';
import type { DependsOnIndex } from './dependsOn';
import { fieldTagsOf } from './fieldTags';
import { projectPaths } from './projection';

export class Renderer {
  constructor(
    private readonly store: Store,
    private readonly dependsOn: DependsOnIndex,
  ) {}

  component(c: Component, mode: 'collapsed' | 'all'): ComponentDetail {
    const out: ComponentDetail = { id: c.id, name: c.name, type: c.type, namespace: c.namespace };
    if (c.friendly_name !== undefined) out.friendly_name = c.friendly_name;
    out.approval = c.approval ?? { status: 'UNAPPROVED' };
    if (c.metadata !== undefined) out.metadata = c.metadata;
    if (c.type === 'CODE') out.paths = projectPaths(c, mode).map((p) => this.path(p));
    else {
      if (c.store_kind !== undefined) out.store_kind = c.store_kind;
      out.schema = c.schema ?? { fields: [] };
    }
    return out;
  }

  path(p: StoredPath): LineagePath {
    const out: LineagePath = {
      path_id: p.id,
      path_type: p.type,
      is_suppressed: p.suppressed,
      ingress: this.boundary(p.ingressId, p),
      egress: this.boundary(p.egressId, p),
    };
    if (p.field_mappings !== undefined) out.field_mappings = p.field_mappings;
    if (p.code_anchors !== undefined) out.code_anchors = p.code_anchors;
    if (p.transformation_summary !== undefined) out.transformation_summary = p.transformation_summary;
    if (p.payload_name !== undefined) out.payload_name = p.payload_name;
    if (p.completeness !== undefined) out.completeness = p.completeness;
    return out;
  }

  private boundary(id: string, p: StoredPath): PathBoundary {
    const b: Boundary | undefined = this.store.boundaries.get(id);
    if (!b) throw new Error(`path ${p.id} names a missing boundary ${id}`);
    const out: PathBoundary = { id: b.id, signature_name: b.signature_name };
    if (b.kind !== undefined) out.kind = b.kind;
    if (b.schema !== undefined) out.schema = b.schema;
    // Display value: the scanner's payload name, else the path's (the coordinates keep the scanner's).
    const payload = b.payload_name ?? p.payload_name;
    if (payload !== undefined) out.payload_name = payload;
    if (b.description !== undefined) out.description = b.description;
    out.boundary_coordinates = {
      payload_name: b.coords.payload_name,
      signature_name: b.coords.signature_name,
    };
    out.field_tags = fieldTagsOf(this.store, b);
    out.field_depends_on_tags = this.dependsOn.entriesFor(b);
    return out;
  }
}
