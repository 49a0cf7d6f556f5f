// A lineage dataset the graph tests write for themselves, and the expectations computed from it with the
// dataset's own knowledge (boundaries' data_store_id, which the API never shows), independently of the
// server's rules: a chain A → B → store S → C → D across namespaces, a suppressed path A → E that must
// carry no flow, ControlFlow and KeyValueBridge mappings, a pii tag, and a contract on S's data asset.

export const NS1 = 'gx';
export const NS2 = 'gy';
export const ids = {
  A: 'a0000000-0000-4000-8000-00000000000a',
  B: 'a0000000-0000-4000-8000-00000000000b',
  S: 'a0000000-0000-4000-8000-0000000000f5',
  C: 'a0000000-0000-4000-8000-00000000000c',
  D: 'a0000000-0000-4000-8000-00000000000d',
  E: 'a0000000-0000-4000-8000-00000000000e',
  pathA1: 'c0000000-0000-4000-8000-0000000000a1',
  pathA2: 'c0000000-0000-4000-8000-0000000000a2',
  pathB1: 'c0000000-0000-4000-8000-0000000000b1',
  pathC1: 'c0000000-0000-4000-8000-0000000000c1',
  pathD1: 'c0000000-0000-4000-8000-0000000000d1',
  pathE1: 'c0000000-0000-4000-8000-0000000000e1',
};
export const STORE_DARN = 'postgres://warehouse:public.events';
export const OTHER_DARN = 'postgres://elsewhere:public.other';

type Kind = 'DataFlow' | 'ControlFlow' | 'KeyValueBridge';
interface Side {
  id: string;
  signature: string;
  payload: string;
  kind: string;
  fields: string[];
  store?: string;
}
interface PathSpec {
  component: string;
  id: string;
  ingress: Side;
  egress: Side;
  mappings: Array<[string, string, Kind?]>;
  suppressed?: boolean;
  anchor?: { file: string; line: number; name: string };
}

const side = (
  id: string,
  signature: string,
  payload: string,
  kind: string,
  fields: string[],
  store?: string,
): Side => ({
  id: `d0000000-0000-4000-8000-${id.padStart(12, '0')}`,
  signature,
  payload,
  kind,
  fields,
  ...(store ? { store } : {}),
});

const request = side('1', 'a.api.submit', 'SignupRequest', 'http_request', [
  'email',
  'name',
  'amount',
  'flag',
]);
export const paths: PathSpec[] = [
  {
    component: ids.A,
    id: ids.pathA1,
    ingress: request,
    egress: side('2', 'a.events.publish', 'SignupEvent', 'http_client', [
      'email',
      'fullName',
      'amount',
      'flag',
    ]),
    mappings: [
      ['email', 'email'],
      ['name', 'fullName'],
      ['amount', 'amount'],
      ['flag', 'flag', 'ControlFlow'],
    ],
    anchor: { file: 'src/signup.ts', line: 1, name: 'submitSignup' },
  },
  {
    component: ids.A,
    id: ids.pathA2,
    ingress: request,
    egress: side('3', 'a.audit.write', 'AuditRecord', 'http_client', ['email']),
    mappings: [['email', 'email']],
    suppressed: true,
  },
  {
    component: ids.B,
    id: ids.pathB1,
    ingress: side('4', 'b.api.receive', 'SignupEvent', 'http_request', [
      'email',
      'fullName',
      'amount',
      'flag',
    ]),
    egress: side('5', 'b.db.insert', 'public.events', 'postgres', ['email', 'name', 'amount_cents'], ids.S),
    mappings: [
      ['email', 'email'],
      ['fullName', 'name'],
      ['amount', 'amount_cents', 'KeyValueBridge'],
      ['flag', 'amount_cents', 'ControlFlow'],
    ],
  },
  {
    component: ids.C,
    id: ids.pathC1,
    ingress: side('6', 'c.db.read', 'public.events', 'postgres', ['email', 'name', 'amount_cents'], ids.S),
    egress: side('7', 'c.notify.send', 'Notice', 'http_client', ['to', 'priority']),
    mappings: [
      ['email', 'to'],
      ['amount_cents', 'priority', 'ControlFlow'],
    ],
  },
  {
    component: ids.D,
    id: ids.pathD1,
    ingress: side('8', 'd.api.notice', 'Notice', 'http_request', ['to', 'priority']),
    egress: side('9', 'd.sms.send', 'Sms', 'smtp', ['to']),
    mappings: [['to', 'to']],
  },
  {
    component: ids.E,
    id: ids.pathE1,
    ingress: side('10', 'e.api.audit', 'AuditRecord', 'http_request', ['email']),
    egress: side('11', 'e.log.write', 'AuditLine', 'log', ['email']),
    mappings: [['email', 'email']],
  },
];
export const edges: Array<[string, string, string]> = [
  [ids.A, ids.B, NS1],
  [ids.B, ids.S, NS1],
  [ids.S, ids.C, NS1],
  [ids.C, ids.D, NS2],
  [ids.A, ids.E, NS1],
];
export const STORE_FIELDS = ['email', 'name', 'amount_cents'];

function schemaOf(fields: string[]) {
  return { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])) };
}

export function dataset(): unknown {
  const names: Record<string, [string, string]> = {
    [ids.A]: ['signup-api', NS1],
    [ids.B]: ['events-writer', NS1],
    [ids.C]: ['notifier', NS1],
    [ids.D]: ['sms-gateway', NS2],
    [ids.E]: ['audit', NS1],
  };
  const components: unknown[] = Object.entries(names).map(([id, [name, namespace]]) => ({
    id,
    name,
    type: 'CODE',
    namespace,
    scans: [{ commit_sha: 'abc1234', committed_at: '2026-01-01T00:00:00Z' }],
    paths: paths
      .filter((p) => p.component === id)
      .map((p) => ({
        path_id: p.id,
        path_type: 'SCAN_OUTPUT',
        ...(p.suppressed ? { is_suppressed: true } : {}),
        ingress: boundary(p.ingress),
        egress: boundary(p.egress),
        field_mappings: p.mappings.map(([i, e, kind]) => ({
          ingress_field: i,
          egress_field: e,
          kind: kind ?? 'DataFlow',
        })),
        ...(p.anchor
          ? {
              code_anchors: [
                {
                  anchor_id: `anc-${p.id}`,
                  name: p.anchor.name,
                  file: p.anchor.file,
                  line_start: p.anchor.line,
                  line_end: p.anchor.line + 2,
                },
              ],
            }
          : {}),
      })),
  }));
  components.push({
    id: ids.S,
    name: 'warehouse.public.events',
    friendly_name: 'events table',
    type: 'DATA_STORE',
    namespace: NS1,
    store_kind: 'postgres',
    schema: { fields: STORE_FIELDS.map((name) => ({ name, type: 'text' })) },
  });
  return {
    version: 1,
    components,
    tagApplications: [
      {
        boundary_id: request.id,
        field_path: 'email',
        tag: 'pii',
        source: 'system',
        applied_at: '2026-01-01T00:00:00Z',
      },
    ],
    edges: edges.map(([s, d, namespace], i) => ({
      id: `e${i}`,
      sourceComponentId: s,
      destinationComponentId: d,
      namespace,
    })),
  };
}

function boundary(s: Side) {
  return {
    id: s.id,
    signature_name: s.signature,
    payload_name: s.payload,
    kind: s.kind,
    schema: schemaOf(s.fields),
    ...(s.store ? { data_store_id: s.store } : {}),
  };
}

/** A field as the test names it: component, payload (or the store), field path. */
export interface TestField {
  component: string;
  payload: string;
  field: string;
}
export const key = (f: TestField) => `${f.component}|${f.payload}|${f.field}`;

/**
 * Downstream of a field, computed from the dataset's own meaning: mappings of unsuppressed paths;
 * egress → ingress of an edge's destination with the same payload; egress → the store it writes
 * (data_store_id) → ingress boundaries reading that store; fields join by equal name across.
 * Returns key → [least crossings, mapping kinds on that way].
 */
export function expectedDownstream(start: TestField, kinds?: Kind[]): Map<string, number> {
  const live = paths.filter((p) => !p.suppressed);
  const out = new Map<string, Array<{ to: TestField; cost: number; kind?: Kind }>>();
  const add = (a: TestField, b: TestField, cost: number, kind?: Kind) => {
    const list = out.get(key(a)) ?? [];
    list.push({ to: b, cost, ...(kind ? { kind } : {}) });
    out.set(key(a), list);
  };
  for (const p of live)
    for (const [i, e, k] of p.mappings)
      add(
        { component: p.component, payload: p.ingress.payload, field: i },
        { component: p.component, payload: p.egress.payload, field: e },
        0,
        k ?? 'DataFlow',
      );
  for (const [src, dst] of edges) {
    for (const p of live.filter((x) => x.component === src)) {
      if (dst === ids.S && p.egress.store === ids.S)
        for (const f of p.egress.fields)
          if (STORE_FIELDS.includes(f))
            add(
              { component: src, payload: p.egress.payload, field: f },
              { component: ids.S, payload: 'store', field: f },
              1,
            );
      for (const q of live.filter((x) => x.component === dst && x.ingress.payload === p.egress.payload))
        for (const f of p.egress.fields)
          if (q.ingress.fields.includes(f))
            add(
              { component: src, payload: p.egress.payload, field: f },
              { component: dst, payload: q.ingress.payload, field: f },
              1,
            );
    }
    if (src === ids.S)
      for (const q of live.filter((x) => x.component === dst && x.ingress.store === ids.S))
        for (const f of STORE_FIELDS)
          if (q.ingress.fields.includes(f))
            add(
              { component: ids.S, payload: 'store', field: f },
              { component: dst, payload: q.ingress.payload, field: f },
              1,
            );
  }
  // Dijkstra over 0/1 costs (tiny graph).
  const dist = new Map<string, number>([[key(start), 0]]);
  const queue: Array<[TestField, number]> = [[start, 0]];
  while (queue.length) {
    queue.sort((a, b) => a[1] - b[1]);
    const [u, d] = queue.shift()!;
    if (d > (dist.get(key(u)) ?? Infinity)) continue;
    for (const a of out.get(key(u)) ?? []) {
      if (a.kind && kinds && !kinds.includes(a.kind)) continue;
      const nd = d + a.cost;
      if (nd < (dist.get(key(a.to)) ?? Infinity)) {
        dist.set(key(a.to), nd);
        queue.push([a.to, nd]);
      }
    }
  }
  dist.delete(key(start));
  return dist;
}
