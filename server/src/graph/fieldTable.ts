// The lineage model's field nodes, as columns indexed by node number rather than an object per field:
// a large workspace has over a hundred thousand fields, and an object, an id string and a name-to-node
// Map per boundary for each of them held more memory than the walks' arrays. A boundary's fields are
// numbered one after another (BoundaryModel.firstField), so its fields are a range; a field's id
// (`boundary id#field path`) is made when asked for.
import type { GraphTag } from '../../../common/src/protocol';
import type { BoundaryModel } from './modelTypes';
import { ChunkedColumn } from './chunkedColumn';

/** One field node as an object (made on demand: for a few fields, not for walks). */
export interface FieldNode {
  id: string;
  name: string;
  boundary: BoundaryModel;
  componentId: string;
}

export class FieldTable {
  /** Per field node: its field path, its boundary, and its applied and depends-on tags (shared lists). */
  private readonly names = new ChunkedColumn<string>();
  private readonly owners = new ChunkedColumn<BoundaryModel>();
  private readonly applied = new ChunkedColumn<readonly GraphTag[] | undefined>();
  private readonly depended = new ChunkedColumn<readonly GraphTag[] | undefined>();

  get length(): number {
    return this.names.length;
  }

  /** Adds a boundary's fields as the next nodes, in display order (the builder, before any hub). */
  addBoundary(
    b: BoundaryModel,
    names: readonly string[],
    tags: ReadonlyArray<readonly GraphTag[] | undefined> | undefined,
    dependsOn: ReadonlyArray<readonly GraphTag[] | undefined> | undefined,
  ): void {
    b.firstField = this.names.length;
    b.fieldCount = names.length;
    for (let k = 0; k < names.length; k++) {
      this.names.push(names[k]!);
      this.owners.push(b);
      this.applied.push(tags?.[k]);
      this.depended.push(dependsOn?.[k]);
    }
  }

  /** A store field's depends-on tags, derived once every arc is made (the builder). */
  setDependsOn(i: number, tags: readonly GraphTag[]): void {
    this.depended.set(i, tags);
  }

  /** Once the build is done: the columns' last chunks cut to what they hold. */
  trim(): void {
    this.names.trim();
    this.owners.trim();
    this.applied.trim();
    this.depended.trim();
  }

  name(i: number): string {
    return this.names.get(i);
  }

  boundary(i: number): BoundaryModel {
    return this.owners.get(i);
  }

  componentId(i: number): string {
    return this.owners.get(i).componentId;
  }

  /** The field's id, `boundary id#field path` (protocol.ts fieldId), made anew on each call. */
  id(i: number): string {
    return `${this.owners.get(i).id}#${this.names.get(i)}`;
  }

  /** Tags applied to the field (a shared, frozen list; empty when none). */
  tags(i: number): readonly GraphTag[] {
    return this.applied.get(i) ?? NONE;
  }

  /** Tags the field depends on through upstream lineage, with their hops (shared, frozen; empty when none). */
  dependsOn(i: number): readonly GraphTag[] {
    return this.depended.get(i) ?? NONE;
  }

  /** The field's node as an object. */
  node(i: number): FieldNode {
    const b = this.owners.get(i);
    return { id: this.id(i), name: this.names.get(i), boundary: b, componentId: b.componentId };
  }

  /** The node of a boundary's field by its path, if it has it (a scan of the boundary's range). */
  find(b: BoundaryModel, name: string): number | undefined {
    const end = b.firstField + b.fieldCount;
    for (let i = b.firstField; i < end; i++) if (this.names.get(i) === name) return i;
    return undefined;
  }

  /** A boundary's field paths in display order (a new array). */
  namesOf(b: BoundaryModel): string[] {
    return this.names.slice(b.firstField, b.firstField + b.fieldCount);
  }

  /** A boundary's field nodes in display order (a new array). */
  nodesOf(b: BoundaryModel): number[] {
    const out: number[] = [];
    for (let k = 0; k < b.fieldCount; k++) out.push(b.firstField + k);
    return out;
  }
}

const NONE: readonly GraphTag[] = Object.freeze([]);
