// Shares the repeated parts of cached component details. Most of a component's JSON is the
// depends-on tags of every field (the same few tags at a few hop counts, over and over) and the
// applied tags; JSON.parse makes a fresh object for each. Identical tag references are replaced by
// one shared object, and field paths by one shared string, so the cache holds each once. The data
// is unchanged (JSON.stringify gives the same text, so path revisions are unaffected); cached
// details are read-only, which makes the sharing safe.
import type { ComponentDetail, LineagePath, PathBoundary } from '../../../common/src/api';
import type { TimeSlicer } from '../util/timeSlices';

type TagRef = { tag_id: string } & Record<string, unknown>;

/** Same own keys in the same order with identical primitive values: JSON.stringify would match. */
function sameRef(a: TagRef, b: TagRef): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || a[k] !== b[k]) return false;
  }
  return true;
}

const isPrimitiveRef = (r: unknown): r is TagRef => {
  if (r === null || typeof r !== 'object' || typeof (r as TagRef).tag_id !== 'string') return false;
  for (const v of Object.values(r)) if (v !== null && typeof v === 'object') return false;
  return true;
};

/** One per cache: shared objects outlive the component they first came from (they are small). */
export class DetailCompactor {
  /** Canonical refs by tag id and hop count (depends-on) or -1 (applied tags). */
  private readonly refs = new Map<string, TagRef[]>();
  private readonly strings = new Map<string, string>();
  /** Bounds the tables: an unusual dataset cannot make the sharing itself grow without limit. */
  private static readonly MAX_ENTRIES = 200_000;
  private entries = 0;

  /** In slices that yield to the event loop: a component can have 100,000 paths. */
  async compact(detail: ComponentDetail, slicer: TimeSlicer): Promise<ComponentDetail> {
    if (!Array.isArray(detail.paths)) return detail;
    for (const path of detail.paths) {
      this.path(path);
      if (slicer.tick()) await slicer.pause();
    }
    return detail;
  }

  /** Forgets the tables (e.g. on sign-out); objects already shared stay valid. */
  clear(): void {
    this.refs.clear();
    this.strings.clear();
    this.entries = 0;
  }

  private path(path: LineagePath): void {
    this.boundary(path.ingress);
    this.boundary(path.egress);
  }

  private boundary(b: PathBoundary | undefined): void {
    if (!b) return;
    for (const e of b.field_depends_on_tags ?? []) {
      e.field_path = this.str(e.field_path);
      this.refList(e.depends_on);
    }
    for (const e of b.field_tags ?? []) {
      e.field_path = this.str(e.field_path);
      this.refList(e.tags);
    }
  }

  private refList(list: unknown[] | undefined): void {
    if (!Array.isArray(list)) return;
    for (let i = 0; i < list.length; i++) {
      const r = list[i];
      if (isPrimitiveRef(r)) list[i] = this.ref(r);
    }
  }

  private ref(r: TagRef): TagRef {
    const key = typeof r.nearest_hops === 'number' ? `${r.tag_id}\u0000${r.nearest_hops}` : r.tag_id;
    const bucket = this.refs.get(key);
    if (bucket) {
      for (const c of bucket) if (sameRef(c, r)) return c;
    }
    if (this.entries >= DetailCompactor.MAX_ENTRIES) return r;
    this.entries++;
    if (bucket) bucket.push(r);
    else this.refs.set(key, [r]);
    return r;
  }

  private str(s: string): string {
    if (typeof s !== 'string') return s;
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    if (this.entries < DetailCompactor.MAX_ENTRIES) {
      this.entries++;
      this.strings.set(s, s);
    }
    return s;
  }
}
