// What the lineage model is made of: components, their boundaries and paths (the field nodes, the
// walks' nodes, are columns: fieldTable.ts). Built by modelBuilder.ts, held and queried by lineageModel.ts.
import type { ComponentDetail } from '../../../common/src/api';

export type Role = 'ingress' | 'egress' | 'schema';

export interface BoundaryModel {
  id: string;
  componentId: string;
  label: string;
  signature?: string;
  payload?: string;
  kind?: string;
  // Shared with every boundary of one role (most boundaries have one).
  roles: ReadonlySet<Role>;
  /**
   * Its fields are the field nodes firstField … firstField + fieldCount - 1, in display order (schema
   * first, then mapped and tagged fields): LineageModel.fields holds their names and tags.
   */
  firstField: number;
  fieldCount: number;
  /** Whether an effective, unsuppressed path uses it on that side (only those carry flow across). */
  liveIngress: boolean;
  liveEgress: boolean;
}

export interface PathModel {
  readonly id: string;
  readonly componentId: string;
  readonly label: string;
  ingress: string;
  egress: string;
  suppressed: boolean;
  anchored: boolean;
}

export interface ComponentModel {
  detail: ComponentDetail;
  boundaries: BoundaryModel[];
  paths: PathModel[];
  /** The same paths by id (the first of each id): lookups stay O(1) in a component of 100,000 paths. */
  pathById: Map<string, PathModel>;
}

/**
 * Field nodes carrying one tag: a byte per field of the model (a Set of numbers per tag cost the build
 * a hashed insert per field and tag, over a million on a large workspace). Read-only once built.
 */
export class FieldSet implements Iterable<number> {
  constructor(
    private readonly marks: Uint8Array,
    readonly size: number,
  ) {}

  has(field: number): boolean {
    return this.marks[field] === 1;
  }

  *[Symbol.iterator](): Iterator<number> {
    const marks = this.marks;
    for (let i = 0; i < marks.length; i++) if (marks[i] === 1) yield i;
  }
}
