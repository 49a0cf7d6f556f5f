// How the lineage graph joins what the API keeps apart — the one place these rules are stated
// (docs/impact.md explains them for people plugging in a real service):
//
// 1. Boundary → boundary across an edge of operation 12 (CODE → CODE): an egress boundary of the
//    source and an ingress boundary of the destination that carry the same payload name. Their
//    fields are joined by equal field path.
// 2. Boundary ↔ DATA_STORE across an edge (CODE → DATA_STORE: egress boundaries; DATA_STORE → CODE:
//    ingress boundaries). The API has no "data store id" on a boundary, so a boundary addresses the
//    store when its payload name names the store (equal after normalising case and separators, or the
//    store's name ends with ".<payload>"), else when its kind starts with the store's `store_kind`
//    (`kafka_producer` → `kafka`). When no boundary of that side matches either way, all of them are
//    taken (an over-estimate is safer for impact than a miss). Fields meet schema fields by path.
// 3. Contract → DATA_STORE: a contract's data asset (DARN `<type>://<source>:<path>`) belongs to a
//    DATA_STORE that lists the DARN in `metadata.dataAssetResourceNames` (or `metadata.darn`), else to
//    one whose `store_kind` equals `<type>` (when it has one) and whose name is `<source>.<path>`,
//    `<path>` or `<source>` (case-insensitive). The local dataset expresses this through its
//    DATA_STORE components' `name` and `store_kind` (e.g. `orders-db.public.orders`, postgres ↔
//    `postgres://orders-db:public.orders`), or explicitly through `metadata`.
import type { ComponentDetail } from '../../../common/src/api';
import { normalizeFieldName } from '../../../common/src/api/fields';

export interface BoundaryLike {
  payload?: string;
  kind?: string;
}

/**
 * Rule 1: what an egress and an ingress meet by — their payload name, when they have one (boundaries
 * with the same key meet; undefined meets nothing).
 */
export function payloadKey(b: BoundaryLike): string | undefined {
  return b.payload === undefined || b.payload === '' ? undefined : b.payload;
}

/** A store's names as rule 2 compares them, worked out once per store. */
interface StoreNames {
  /** Each name normalised (normalizeFieldName). */
  normalized: readonly string[];
  /** What a payload may be, lowercased, to be a name's last dotted part ("a.b.c": "b.c" and "c"). */
  suffixes: readonly string[];
  kind: string | undefined;
}
const storeNamesOf = new WeakMap<ComponentDetail, StoreNames>();

function namesOf(store: ComponentDetail): StoreNames {
  let n = storeNamesOf.get(store);
  if (!n) {
    const names = [store.name, store.friendly_name].filter((x): x is string => typeof x === 'string');
    const suffixes: string[] = [];
    for (const name of names) {
      const lower = name.toLowerCase();
      for (let i = lower.indexOf('.'); i >= 0; i = lower.indexOf('.', i + 1))
        suffixes.push(lower.slice(i + 1));
    }
    n = { normalized: names.map(normalizeFieldName), suffixes, kind: store.store_kind?.toLowerCase() };
    storeNamesOf.set(store, n);
  }
  return n;
}

/**
 * Payloads and kinds as rule 2 compares them (normalised, lowercased), worked out once per string: the
 * same payload names recur on boundaries all over a workspace. Kept by whoever matches many sides (the
 * model builder, for one build): a few entries per name, where forms kept per side and boundary were
 * most of what matching left for the collector once the model was built.
 */
export class PayloadForms {
  private readonly normalized = new Map<string, string>();
  private readonly lower = new Map<string, string>();

  normalizedOf(s: string): string {
    let n = this.normalized.get(s);
    if (n === undefined) this.normalized.set(s, (n = normalizeFieldName(s)));
    return n;
  }

  lowerOf(s: string): string {
    let l = this.lower.get(s);
    if (l === undefined) this.lower.set(s, (l = s.toLowerCase()));
    return l;
  }
}

/**
 * Rule 2: which of one side's boundaries (of a CODE component) address a DATA_STORE, in the side's
 * order. Asked for every edge between code and a store: each store's names are worked out once, and
 * each payload's forms once per `forms`.
 */
export function boundariesAddressingStore<B extends BoundaryLike>(
  side: B[],
  store: ComponentDetail,
  forms = new PayloadForms(),
): B[] {
  const names = namesOf(store);
  const picked: B[] = [];
  for (const b of side) {
    const p = b.payload;
    if (p && (names.normalized.includes(forms.normalizedOf(p)) || names.suffixes.includes(forms.lowerOf(p))))
      picked.push(b);
  }
  if (!picked.length && names.kind) {
    const kind = names.kind;
    for (const b of side) if (b.kind && forms.lowerOf(b.kind).startsWith(kind)) picked.push(b);
  }
  return picked.length ? picked : side;
}

export interface Darn {
  type: string;
  source: string;
  path: string;
}

/** `<type>://<source>:<path>`; the source may itself hold colons (host:port), the path does not. */
export function parseDarn(darn: string): Darn | undefined {
  const m = /^([A-Za-z][\w+.-]*):\/\/(.+)$/.exec(darn.trim());
  if (!m) return undefined;
  const rest = m[2]!;
  const i = rest.lastIndexOf(':');
  if (i <= 0) return { type: m[1]!, source: rest, path: '' };
  return { type: m[1]!, source: rest.slice(0, i), path: rest.slice(i + 1) };
}

/** Rule 3. */
/** The data store a contract's DARN addresses among loaded components, if one does. */
export function storeOf(components: readonly ComponentDetail[], darn: string): ComponentDetail | undefined {
  return components.find((c) => c.type === 'DATA_STORE' && contractMatchesStore(darn, c));
}

export function contractMatchesStore(darn: string, store: ComponentDetail): boolean {
  const meta = store.metadata as Record<string, unknown> | undefined;
  const listed = meta?.dataAssetResourceNames;
  if (Array.isArray(listed) && listed.some((d) => d === darn)) return true;
  if (meta?.darn === darn) return true;
  if (Array.isArray(listed) || typeof meta?.darn === 'string') return false;
  const d = parseDarn(darn);
  if (!d) return false;
  if (store.store_kind && store.store_kind.toLowerCase() !== d.type.toLowerCase()) return false;
  const name = store.name.toLowerCase();
  const candidates = [d.path ? `${d.source}.${d.path}` : d.source, d.path, d.source]
    .filter(Boolean)
    .map((c) => c.toLowerCase());
  return candidates.includes(name);
}
