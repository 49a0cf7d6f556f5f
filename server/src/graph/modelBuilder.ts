// Builds a lineage model from component details and the edges of operation 12: field nodes for each
// boundary's fields (CODE) and schema (DATA_STORE), arcs for the field mappings of effective,
// unsuppressed paths and for field-to-same-field crossings between components (matching.ts), crossing
// hubs where a component has several egress or several ingress boundaries of one payload; then, unless
// built without tags, store fields' depends-on tags and the fields by tag. One small step per `yield`, so the model can be built in time slices.
import type { ComponentDetail, LineagePath, PathBoundary } from '../../../common/src/api';
import { forEachSchemaField } from '../../../common/src/api/fields';
import type { GraphTag } from '../../../common/src/protocol';
import { boundaryNodeId, storeNodeId } from '../../../common/src/graphIds';
import { ARC_HUB, ArcList, arcKindCode, type Arc } from './arcs';
import { ChunkedColumn } from './chunkedColumn';
import { PayloadForms, boundariesAddressingStore, payloadKey } from './matching';
import { pathDocumentLabel, pathLabel, shortSignature } from '../../../common/src/pathLabels';
import { componentLabel } from '../../../common/src/componentLabel';
import type { LineageModel } from './lineageModel';
import { FieldSet, type BoundaryModel, type ComponentModel, type PathModel, type Role } from './modelTypes';
import { TagLists } from './tagLists';

const ROLES: Record<Role, ReadonlySet<Role>> = {
  ingress: new Set<Role>(['ingress']),
  egress: new Set<Role>(['egress']),
  schema: new Set<Role>(['schema']),
};

/**
 * A boundary's fields while its component is read: their paths in display order, each one's place in
 * that order, and their tags. Numbered (FieldTable.addBoundary) once the whole component is read, so a
 * boundary's fields are a range of nodes; then only a large boundary's place map stays, for the build's
 * look-ups by path (ModelBuilder.places).
 */
interface BoundaryFields {
  names: string[];
  /**
   * Each path's place in `names`, made once a boundary has more than SCAN_LIMIT fields; fewer are
   * found by scanning. Most boundaries have a few fields, and a map for each of tens of thousands
   * outlived enough of the build to be promoted, leaving tens of MB to the next full collection.
   */
  place?: Map<string, number>;
  /** Applied and depends-on tags by place (as `names`), for boundaries that have any. */
  tags?: Array<GraphTag[] | undefined>;
  dependsOn?: Array<GraphTag[] | undefined>;
}

const SCAN_LIMIT = 8;

/** A field path's place among a boundary's fields, or -1. */
function placeOf(f: BoundaryFields, name: string): number {
  return f.place ? (f.place.get(name) ?? -1) : f.names.indexOf(name);
}

/**
 * The string, flat: a template literal makes a chain of pieces (a cons string per join), and a model
 * keeps tens of thousands of ids and labels. Reading a character makes V8 copy the pieces into one
 * string in place, and the pieces are collected.
 */
/**
 * A path of the model. Its label is the path as the code names it, "createOrder → insertOrder"
 * (handler → callee): what its lens, hover and tree row show, so the graph, the impact views and the
 * tools name it the same.
 */
class ModelPath implements PathModel {
  constructor(
    readonly id: string,
    readonly componentId: string,
    /** The path, to name it from its signatures; or its label, when a side has none. */
    private readonly named: LineagePath | string,
    readonly ingress: string,
    readonly egress: string,
    readonly suppressed: boolean,
    readonly anchored: boolean,
  ) {}

  get label(): string {
    return typeof this.named === 'string' ? this.named : pathDocumentLabel(this.named as PathSignatures);
  }
}
type PathSignatures = Parameters<typeof pathDocumentLabel>[0];

/** A path named by its boundaries (payloads), for a side without a signature. */
function boundaryPathLabel(p: LineagePath, ing: BoundaryModel, egr: BoundaryModel): string {
  return pathLabel({
    ingress: ing.label,
    egress: egr.label,
    ...(p.ingress?.payload_name ? { ingressPayload: p.ingress.payload_name } : {}),
    ...(p.egress?.payload_name ? { egressPayload: p.egress.payload_name } : {}),
  });
}

function flat(s: string): string {
  s.charCodeAt(0);
  return s;
}

/**
 * A component's live boundaries of one side and payload: the boundary itself when it is the only one
 * (most payloads), a list (two or more, the list then keying the payload's hubs) otherwise.
 */
type PayloadGroup = BoundaryModel | BoundaryModel[];

interface ComponentSides {
  egress: BoundaryModel[];
  ingress: BoundaryModel[];
  egressByPayload: Map<string, PayloadGroup>;
  ingressByPayload: Map<string, PayloadGroup>;
}

/** A destination's ingress fields of one payload by field path, and the hub of each path once made. */
interface Inbound {
  fields: Map<string, number[]>;
  hubs: Map<string, number>;
}

export class ModelBuilder {
  /**
   * Crossing hubs (ARC_HUB), counted: nodes numbered after the fields, made once every field is, that
   * walks pass through without reporting them. Every egress × ingress of one payload between two
   * components would be an arc per pair and shared field: millions on a large graph, where a hub per
   * destination, payload and field path makes it one per egress field and destination, and one per
   * ingress field.
   */
  private hubCount = 0;
  /** The build's arcs, until the model has packed both directions (then released). */
  private arcList: ArcList | undefined = new ArcList();
  /**
   * Path ids the arcs name, by index (ArcArrays.path): one per mapped path as it is read. An id met
   * twice gets two indexes, which is harmless (only LineageModel.pathIdAt reads them) and cheaper than
   * a map of every id to its index for the whole build.
   */
  private readonly pathIdList: string[] = [];
  /**
   * Components whose edge to themselves was crossed. A pair of components joined by two edges is crossed
   * once (a boundary belongs to one component, and one edge crosses each boundary pair once): the
   * model's component links tell whether a pair was met before, but leave a component's own edge out.
   */
  private selfCrossed: Set<string> | undefined = new Set();
  /**
   * Per destination component and payload (several ingress boundaries of it): its ingress fields by
   * field path, and the hub made for each path once something crosses into it.
   */
  private inbound: Map<readonly BoundaryModel[], Inbound> | undefined = new Map();
  /** Per source component and payload (several egress boundaries of it): its hub per field path. */
  private outbound: Map<readonly BoundaryModel[], Map<string, number>> | undefined = new Map();
  /** Each component's live boundaries by side, and its live ingress by payload, while the build runs. */
  private sides: Map<ComponentModel, ComponentSides> | undefined = new Map();
  /** Payloads' and kinds' forms for store matching, worked out once per string (released with the arcs). */
  private forms: PayloadForms | undefined = new PayloadForms();
  /** The build's shared tag lists (released with the build). */
  private tagLists: TagLists | undefined = new TagLists();
  /**
   * The fields of the boundaries of the component being read, until they are numbered: records for
   * one component at a time die young, where a record per boundary kept for the whole build outlived
   * the young generation (tens of thousands of them, garbage once the build ends).
   */
  private reading = new Map<BoundaryModel, BoundaryFields>();
  /**
   * The records `reading` hands out, reused component after component (their arrays emptied, not made
   * anew): a component's records die with it, but V8 may learn to allocate a site's objects in the old
   * generation, and then records made per boundary all waited for a full collection.
   */
  private readonly records: BoundaryFields[] = [];
  /**
   * Numbered boundaries with more than SCAN_LIMIT fields: each field path's place (released once every
   * arc is made). Fewer are found by scanning their range (FieldTable.find).
   */
  private places: Map<BoundaryModel, Map<string, number>> | undefined = new Map();
  /** Per field node, the index in pathIdList of the first path mapping it, or -1 (then the model's). */
  private fieldPaths = new ChunkedColumn<number>();

  constructor(
    private readonly model: LineageModel,
    private readonly withTags: boolean,
  ) {}

  /** The build, one small step (a path, an edge, a field) per `yield`. */
  *steps(
    details: readonly ComponentDetail[],
    edges: readonly { sourceComponentId: string; destinationComponentId: string }[],
  ): Generator<void, void> {
    for (const d of details) yield* this.addComponent(d);
    for (const e of edges) {
      this.addEdge(e.sourceComponentId, e.destinationComponentId);
      yield;
    }
    // Every arc is made: packed here, while the model is built in the background, not by the first
    // walk of a request.
    const fieldPaths = new Int32Array(this.fieldPaths.length);
    for (let i = 0; i < fieldPaths.length; i++) fieldPaths[i] = this.fieldPaths.get(i);
    this.model.adoptArcs(this.arcList!, this.pathIdList, this.hubCount, fieldPaths);
    this.fieldPaths = new ChunkedColumn();
    this.model.arcs('down');
    yield;
    this.model.arcs('up');
    // What only the build needs goes with it.
    this.arcList = this.selfCrossed = this.sides = this.inbound = this.outbound = undefined;
    this.places = this.forms = undefined;
    yield;
    if (this.withTags) yield* this.indexTags();
    this.tagLists = undefined;
    this.model.fields.trim();
    this.model.componentIndexes();
  }

  /** Data stores' depends-on tags, then every tag's fields (LineageModel.fieldsByTag). */
  private *indexTags(): Generator<void, void> {
    for (const c of this.model.components.values()) {
      if (c.detail.type === 'DATA_STORE') this.storeTags(c.boundaries[0]!);
      yield;
    }
    const fields = this.model.fields;
    const marks = new Map<string, { marks: Uint8Array; size: number }>();
    const mark = (tags: readonly GraphTag[] | undefined, i: number) => {
      for (const t of tags ?? []) {
        let m = marks.get(t.name);
        if (!m) marks.set(t.name, (m = { marks: new Uint8Array(fields.length), size: 0 }));
        if (m.marks[i] === 0) {
          m.marks[i] = 1;
          m.size++;
        }
      }
    };
    for (let i = 0; i < fields.length; i++) {
      mark(fields.tags(i), i);
      mark(fields.dependsOn(i), i);
      // A step per field cost more in resuming the build than the field itself.
      if ((i & 255) === 255) yield;
    }
    for (const [name, m] of marks) this.model.fieldsByTag.set(name, new FieldSet(m.marks, m.size));
  }

  /**
   * The API gives a DATA_STORE no field tags; a store field depends on the tags of the fields written
   * into it (one crossing further), as the service derives depends-on tags for boundaries.
   */
  private storeTags(store: BoundaryModel): void {
    const up = this.model.arcs('up');
    const fields = this.model.fields;
    // Per store field: each tag's least hops, and the tag met first at those hops (its colour). Two maps
    // cleared per field, and a tag list made only when no shared one has it: a store field can have
    // hundreds of fields written into it, and objects per arc and field outlived the young generation.
    const hops = new Map<string, number>();
    const first = new Map<string, GraphTag>();
    const consider = (t: GraphTag, h: number) => {
      const seen = hops.get(t.name);
      if (seen === undefined || seen > h) {
        hops.set(t.name, h);
        first.set(t.name, t);
      }
    };
    for (let v = store.firstField; v < store.firstField + store.fieldCount; v++) {
      hops.clear();
      first.clear();
      for (let a = up.start[v]!; a < up.start[v + 1]!; a++) {
        const from = up.to[a]!;
        for (const t of fields.tags(from)) consider(t, 1);
        for (const t of fields.dependsOn(from)) consider(t, (t.hops ?? 0) + 1);
      }
      if (hops.size) fields.setDependsOn(v, this.tagLists!.ofLeast(first, hops));
    }
  }

  /** The fields of a boundary of the component being read, not numbered yet. */
  private fieldsOf(b: BoundaryModel): BoundaryFields {
    let f = this.reading.get(b);
    if (!f) {
      f = this.records[this.reading.size];
      if (f) {
        f.names.length = 0;
        f.place = undefined;
        if (f.tags) f.tags.length = 0;
        if (f.dependsOn) f.dependsOn.length = 0;
      } else this.records.push((f = { names: [], place: undefined, tags: undefined, dependsOn: undefined }));
      this.reading.set(b, f);
    }
    return f;
  }

  /**
   * Names a field of a boundary while its component is read (numbered with the component's others by
   * number()). False for a new field of a boundary already numbered: only a second component of the
   * same id meets one, and its fields cannot join the range.
   */
  private name(b: BoundaryModel, name: string): boolean {
    if (b.firstField >= 0) return this.node(b, name) !== undefined;
    return this.placed(this.fieldsOf(b), name) >= 0;
  }

  /** The field's place among the fields of a boundary not numbered yet (named now if new). */
  private placed(f: BoundaryFields, name: string): number {
    const known = placeOf(f, name);
    if (known >= 0) return known;
    const k = f.names.push(name) - 1;
    if (f.place) f.place.set(name, k);
    else if (f.names.length > SCAN_LIMIT) f.place = new Map(f.names.map((n, i) => [n, i]));
    return k;
  }

  /** A numbered boundary's field node by its path. */
  private node(b: BoundaryModel, name: string): number | undefined {
    if (b.firstField < 0) return undefined;
    const place = this.places!.get(b);
    if (!place) return this.model.fields.find(b, name);
    const k = place.get(name);
    return k === undefined ? undefined : b.firstField + k;
  }

  /** Numbers the fields of a component's boundaries, one boundary's after another. */
  private number(cm: ComponentModel): void {
    // Hubs are numbered after the fields: every field is made before the first hub.
    if (this.hubCount > 0) throw new Error('a field was added after the crossing hubs');
    for (const b of cm.boundaries) {
      if (b.firstField >= 0) continue;
      const f = this.reading.get(b);
      this.model.fields.addBoundary(b, f?.names ?? [], f?.tags, f?.dependsOn);
      if (f?.place) this.places!.set(b, f.place);
      for (let k = 0; k < b.fieldCount; k++) this.fieldPaths.push(-1);
    }
    this.reading.clear();
  }

  private arc(from: number, to: number, kind: Arc['kind'] | 'hub', path = -1): void {
    if (from === to) return;
    this.arcList!.push(from, to, kind === 'hub' ? ARC_HUB : arcKindCode(kind), path);
  }

  private link(src: string, dst: string): void {
    if (src === dst) return;
    let o = this.model.compOut.get(src);
    if (!o) this.model.compOut.set(src, (o = new Set()));
    o.add(dst);
    let i = this.model.compIn.get(dst);
    if (!i) this.model.compIn.set(dst, (i = new Set()));
    i.add(src);
  }

  private *addComponent(d: ComponentDetail): Generator<void, void> {
    const cm: ComponentModel = { detail: d, boundaries: [], paths: [], pathById: new Map() };
    this.model.components.set(d.id, cm);
    this.model.componentList.push(cm);
    if (d.type === 'DATA_STORE') {
      const b = this.newBoundary(flat(storeNodeId(d.id)), d.id, componentLabel(d), 'schema');
      b.kind = d.store_kind;
      cm.boundaries.push(b);
      forEachSchemaField(d.schema, (path) => this.name(b, path));
      this.number(cm);
      return;
    }
    // First the boundaries of every path and the fields their mappings name; then, the component's
    // fields numbered (each boundary's a range), the mappings' arcs.
    const mapped: Array<{ ing: BoundaryModel; egr: BoundaryModel; path: LineagePath; pathId: string }> = [];
    for (const p of d.paths ?? []) {
      yield;
      const ing = this.boundaryOf(cm, p.ingress, p, 'ingress');
      const egr = this.boundaryOf(cm, p.egress, p, 'egress');
      const suppressed = p.is_suppressed === true;
      const pathId = p.path_id ?? flat(`${ing.id}>${egr.id}`);
      const pm = new ModelPath(
        pathId,
        d.id,
        // Named from the signatures when asked (few labels are); the boundaries only when one is missing.
        p.ingress?.signature_name && p.egress?.signature_name ? p : flat(boundaryPathLabel(p, ing, egr)),
        ing.id,
        egr.id,
        suppressed,
        (p.code_anchors?.length ?? 0) > 0,
      );
      cm.paths.push(pm);
      if (!cm.pathById.has(pathId)) cm.pathById.set(pathId, pm);
      if (suppressed) continue;
      ing.liveIngress = true;
      egr.liveEgress = true;
      if (!p.field_mappings?.length) continue;
      for (const m of p.field_mappings) {
        if (!m.ingress_field || !m.egress_field) continue;
        this.name(ing, m.ingress_field);
        this.name(egr, m.egress_field);
      }
      mapped.push({ ing, egr, path: p, pathId });
    }
    this.number(cm);
    const fieldPaths = this.fieldPaths;
    for (const { ing, egr, path: p, pathId } of mapped) {
      const path = this.pathIdList.push(pathId) - 1;
      for (const m of p.field_mappings!) {
        if (!m.ingress_field || !m.egress_field) continue;
        const from = this.node(ing, m.ingress_field);
        const to = this.node(egr, m.egress_field);
        if (from === undefined || to === undefined) continue;
        this.arc(from, to, m.kind ?? 'DataFlow', path);
        if (fieldPaths.get(from) === -1) fieldPaths.set(from, path);
        if (fieldPaths.get(to) === -1) fieldPaths.set(to, path);
      }
      yield;
    }
  }

  private newBoundary(id: string, componentId: string, label: string, role: Role): BoundaryModel {
    // Every field present from the start (see newSlot in anchors/slot.ts: 100,000 boundaries).
    const b: BoundaryModel = {
      id,
      componentId,
      label,
      signature: undefined,
      payload: undefined,
      kind: undefined,
      roles: ROLES[role],
      firstField: -1,
      fieldCount: 0,
      liveIngress: false,
      liveEgress: false,
    };
    this.model.boundaries.set(id, b);
    return b;
  }

  /** Boundaries are keyed by their coordinates within the component, as the service keys tags. */
  private boundaryOf(
    cm: ComponentModel,
    pb: PathBoundary | undefined,
    p: LineagePath,
    role: Role,
  ): BoundaryModel {
    const id = boundaryNodeId(cm.detail.id, pb);
    let b = this.model.boundaries.get(id);
    if (b) {
      if (!b.roles.has(role)) b.roles = new Set([...b.roles, role]);
      return b;
    }
    const display = pb?.payload_name ?? p.payload_name;
    b = this.newBoundary(
      flat(id),
      cm.detail.id,
      display || flat(shortSignature(pb?.signature_name ?? '?', 2)),
      role,
    );
    if (pb?.signature_name) b.signature = pb.signature_name;
    if (display) b.payload = display;
    if (pb?.kind) b.kind = pb.kind;
    cm.boundaries.push(b);
    forEachSchemaField(pb?.schema, (path) => this.name(b, path));
    const f = this.fieldsOf(b);
    for (const e of pb?.field_tags ?? []) {
      const k = this.placed(f, e.field_path);
      if (this.withTags && k >= 0) (f.tags ??= [])[k] = this.tagLists!.fromAnswer(e.tags, false);
    }
    for (const e of pb?.field_depends_on_tags ?? []) {
      const k = this.placed(f, e.field_path);
      if (this.withTags && k >= 0) (f.dependsOn ??= [])[k] = this.tagLists!.fromAnswer(e.depends_on, true);
    }
    return b;
  }

  private addEdge(srcId: string, dstId: string): void {
    const src = this.model.components.get(srcId);
    const dst = this.model.components.get(dstId);
    const met =
      srcId === dstId ? this.selfCrossed!.has(srcId) : this.model.compOut.get(srcId)?.has(dstId) === true;
    this.link(srcId, dstId);
    if (!src || !dst || met) return;
    if (srcId === dstId) this.selfCrossed!.add(srcId);
    const sType = src.detail.type;
    const dType = dst.detail.type;
    if (sType === 'CODE' && dType === 'DATA_STORE') {
      const store = dst.boundaries[0]!;
      for (const b of boundariesAddressingStore(this.sidesOf(src).egress, dst.detail, this.forms))
        this.cross(b, store);
    } else if (sType === 'DATA_STORE' && dType === 'CODE') {
      const store = src.boundaries[0]!;
      for (const b of boundariesAddressingStore(this.sidesOf(dst).ingress, src.detail, this.forms))
        this.cross(store, b);
    } else if (sType === 'CODE' && dType === 'CODE') {
      // Each egress meets every ingress of the same payload (payloadKey), found by payload; where the
      // destination has several, through its hubs for that payload. (forEach, not entries: an entry
      // array per payload and edge added up to megabytes over a large build.)
      const ins = this.sidesOf(dst).ingressByPayload;
      this.sidesOf(src).egressByPayload.forEach((outs, payload) => {
        const same = ins.get(payload);
        if (same) this.crossPayload(outs, same);
      });
    }
  }

  /** One payload's egress boundaries of a source crossed to the destination's ingress ones. */
  private crossPayload(outs: PayloadGroup, same: PayloadGroup): void {
    const fields = this.model.fields;
    const into = Array.isArray(same) ? this.inboundOf(same) : undefined;
    const one = Array.isArray(same) ? same[0]! : same;
    if (!Array.isArray(outs)) {
      const out = outs;
      for (let v = out.firstField; v < out.firstField + out.fieldCount; v++) {
        // Where a field path crosses to in the destination: its hub, or the one ingress's field.
        const name = fields.name(v);
        const t = into ? this.hubOf(into, name) : this.node(one, name);
        if (t !== undefined) this.arc(v, t, 'crossing');
      }
      return;
    }
    // Several egresses of the payload: each field path's egress fields gather in the source's hub for
    // it, which crosses once per destination.
    this.outboundOf(outs).forEach((hub, name) => {
      const t = into ? this.hubOf(into, name) : this.node(one, name);
      if (t !== undefined) this.arc(hub, t, 'crossing');
    });
  }

  /**
   * A source's hubs for one payload, by field path: every egress field of that path and payload leads
   * into its hub (free), and the hub crosses to each destination once (keyed like inboundOf).
   */
  private outboundOf(outs: readonly BoundaryModel[]): Map<string, number> {
    let hubs = this.outbound!.get(outs);
    if (!hubs) {
      hubs = new Map();
      const fields = this.model.fields;
      for (const e of outs)
        for (let v = e.firstField; v < e.firstField + e.fieldCount; v++) {
          const name = fields.name(v);
          let hub = hubs.get(name);
          if (hub === undefined) hubs.set(name, (hub = this.newHub()));
          this.arc(v, hub, 'hub');
        }
      this.outbound!.set(outs, hubs);
    }
    return hubs;
  }

  /**
   * A destination's ingress fields of one payload by field path, and the hubs made for them so far
   * (keyed by the destination's list of those boundaries, one per component and payload: sidesOf).
   */
  private inboundOf(ins: readonly BoundaryModel[]): Inbound {
    let entry = this.inbound!.get(ins);
    if (!entry) {
      const fields = new Map<string, number[]>();
      const names = this.model.fields;
      for (const i of ins)
        for (let v = i.firstField; v < i.firstField + i.fieldCount; v++) {
          const n = names.name(v);
          const list = fields.get(n);
          if (list) list.push(v);
          else fields.set(n, [v]);
        }
      this.inbound!.set(ins, (entry = { fields, hubs: new Map() }));
    }
    return entry;
  }

  /** A new hub: numbered after the fields, which are all made by then. */
  private newHub(): number {
    return this.model.fields.length + this.hubCount++;
  }

  /**
   * The hub for one field path of a destination's ingress boundaries of one payload, made when first
   * crossed into: linked to each of those fields (free), it stands for an arc from every egress field
   * of that path, of any component with an edge to the destination, to every one of them — so a walk
   * reaches the same fields at the same hops. Undefined: no ingress of the payload has that path.
   */
  private hubOf(into: Inbound, name: string): number | undefined {
    let hub = into.hubs.get(name);
    if (hub === undefined) {
      const targets = into.fields.get(name);
      if (!targets) return undefined;
      hub = this.newHub();
      into.hubs.set(name, hub);
      for (const v of targets) this.arc(hub, v, 'hub');
    }
    return hub;
  }

  private sidesOf(c: ComponentModel): ComponentSides {
    let s = this.sides!.get(c);
    if (!s) {
      s = { egress: [], ingress: [], egressByPayload: new Map(), ingressByPayload: new Map() };
      const group = (by: Map<string, PayloadGroup>, b: BoundaryModel) => {
        const key = payloadKey(b);
        if (key === undefined) return;
        const g = by.get(key);
        if (g === undefined) by.set(key, b);
        else if (Array.isArray(g)) g.push(b);
        else by.set(key, [g, b]);
      };
      for (const b of c.boundaries) {
        if (b.liveEgress) {
          s.egress.push(b);
          group(s.egressByPayload, b);
        }
        if (b.liveIngress) {
          s.ingress.push(b);
          group(s.ingressByPayload, b);
        }
      }
      this.sides!.set(c, s);
    }
    return s;
  }

  /** Field → same field path across components. */
  private cross(from: BoundaryModel, to: BoundaryModel): void {
    // Look the smaller side's fields up in the larger one.
    const fields = this.model.fields;
    if (from.fieldCount <= to.fieldCount) {
      for (let i = from.firstField; i < from.firstField + from.fieldCount; i++) {
        const j = this.node(to, fields.name(i));
        if (j !== undefined) this.arc(i, j, 'crossing');
      }
    } else {
      for (let j = to.firstField; j < to.firstField + to.fieldCount; j++) {
        const i = this.node(from, fields.name(j));
        if (i !== undefined) this.arc(i, j, 'crossing');
      }
    }
  }
}
