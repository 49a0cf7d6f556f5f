// Generates a large, valid dataset (common/src/dataset/schema.ts) for benchmarks, and optionally a
// workspace of source files whose code anchors point at real lines. Deterministic for a given --seed.
// The JSON is written component by component, so memory stays small whatever the size.
//
// Usage: node scripts/generate-dataset.mjs --components 2000 --paths 20000 --fields 200000 --out FILE
//          [--assets N] [--seed N] [--workspace DIR --files 5000 --anchors 50000]
// --fields counts leaf fields over all path boundaries; --anchors defaults to two per path.
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { mulberry32 } from './seededRandom.mjs';

const { values: opts } = parseArgs({
  options: {
    components: { type: 'string', default: '2000' },
    paths: { type: 'string', default: '20000' },
    fields: { type: 'string', default: '200000' },
    assets: { type: 'string' },
    seed: { type: 'string', default: '42' },
    out: { type: 'string' },
    workspace: { type: 'string' },
    files: { type: 'string', default: '5000' },
    anchors: { type: 'string' },
  },
});

function count(name, min) {
  const v = Number(opts[name]);
  if (!Number.isInteger(v) || v < min)
    throw new Error(`--${name} must be an integer >= ${min} (got ${opts[name]})`);
  return v;
}

// ---- Deterministic randomness and ids ----

/** Readable, unique UUIDs: the first group says what the id names, the last counts. */
const KIND = {
  component: 'c0000000',
  path: 'a0000000',
  boundary: 'b0000000',
  contract: 'cc000000',
  asset: 'da000000',
  sub: '5b000000',
  user: 'e0000000',
  tag: '7a000000',
  edge: 'ed000000',
  anchor: 'ac000000',
  key: 'ae000000',
  hook: 'fb000000',
};
const id = (kind, n) => `${KIND[kind]}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const hex40 = (rand) =>
  Array.from({ length: 5 }, () =>
    Math.floor(rand() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');

/** Splits `total` into `parts` near-equal integers. */
const share = (total, parts, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0);

// ---- Field vocabulary: sensitive names get system tags, like a detector would ----
const VOCAB = [
  ['email', 'string', 'pii', 'EMAIL_ADDRESS'],
  ['full_name', 'string', 'pii', 'PERSON_NAME'],
  ['phone', 'string', 'pii', 'PHONE_NUMBER'],
  ['card_number', 'string', 'secret', 'CREDIT_CARD_NUMBER'],
  ['session_token', 'string', 'secret', 'ACCESS_TOKEN'],
  ['iban', 'string', 'pifi', 'BANK_ACCOUNT'],
  ['diagnosis_code', 'string', 'phi', 'ICD10_CODE'],
  ['address.city', 'string'],
  ['address.postcode', 'string', 'pii', 'POSTAL_CODE'],
  ['address.street', 'string', 'pii', 'STREET_ADDRESS'],
  ['order_id', 'string'],
  ['customer_id', 'string'],
  ['sku', 'string'],
  ['quantity', 'integer'],
  ['amount_cents', 'integer'],
  ['currency', 'string'],
  ['status', 'string'],
  ['created_at', 'string'],
  ['ip_address', 'string', 'pii', 'IP_ADDRESS'],
  ['device.id', 'string'],
  ['device.os', 'string'],
  ['opt_in', 'boolean'],
];
const SENSITIVE = new Map(VOCAB.filter((v) => v[2]).map((v) => [v[0], { tag: v[2], category: v[3] }]));

/** A payload schema: `size` distinct leaf fields, vocabulary first (in a shuffled order), then attr_N. */
function payloadFields(rand, size) {
  const vocab = [...VOCAB];
  for (let i = vocab.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [vocab[i], vocab[j]] = [vocab[j], vocab[i]];
  }
  const out = [];
  for (let i = 0; i < size; i++) {
    const v = vocab[i];
    out.push(
      v ? { name: v[0], type: v[1] } : { name: `attr_${i}`, type: rand() < 0.7 ? 'string' : 'integer' },
    );
  }
  return out;
}

/** JSON Schema (nested objects for dotted names) of a list of leaf fields. */
function jsonSchema(fields) {
  const root = { type: 'object', properties: {} };
  for (const f of fields) {
    const parts = f.name.split('.');
    let node = root;
    for (const p of parts.slice(0, -1)) node = node.properties[p] ??= { type: 'object', properties: {} };
    node.properties[parts.at(-1)] = { type: f.type };
  }
  return root;
}

/** Struct elements (data-asset and contract schemas) of a list of leaf fields. */
function structSchema(fields) {
  const top = [];
  for (const f of fields) {
    const parts = f.name.split('.');
    let list = top;
    for (const p of parts.slice(0, -1)) {
      let s = list.find((e) => e.name === p);
      if (!s) list.push((s = { name: p, type: 'struct', fields: [] }));
      list = s.fields;
    }
    list.push({ name: parts.at(-1), type: f.type === 'integer' ? 'long' : f.type });
  }
  return top;
}

// ---- Source files of the optional workspace ----
const LANGS = ['ts', 'py', 'go'];
function functionSource(lang, name, field) {
  if (lang === 'ts')
    return [
      `export function ${name}(input: Record<string, unknown>): Record<string, unknown> {`,
      '  const out: Record<string, unknown> = {};',
      `  out['${field}'] = input['${field}'];`,
      '  return out;',
      '}',
    ];
  if (lang === 'py')
    return [
      `def ${name}(payload: dict) -> dict:`,
      '    out = {}',
      `    out["${field}"] = payload.get("${field}")`,
      '    return out',
      '',
    ];
  return [
    `func ${name}(in map[string]any) map[string]any {`,
    '\tout := map[string]any{}',
    `\tout["${field}"] = in["${field}"]`,
    '\treturn out',
    '}',
  ];
}
const fnName = (lang, n) =>
  lang === 'py' ? `handle_step_${n}` : lang === 'go' ? `HandleStep${n}` : `handleStep${n}`;
const header = (lang, comp, f) =>
  lang === 'py'
    ? [`"""${comp}: generated module ${f} for the Lineage Lens benchmark."""`, '']
    : lang === 'go'
      ? [`// Package m${f}: ${comp}, generated for the Lineage Lens benchmark.`, `package m${f}`, '']
      : [`// ${comp}: generated module ${f} for the Lineage Lens benchmark.`, ''];

async function main() {
  if (!opts.out) throw new Error('--out FILE is required');
  const nComponents = count('components', 2);
  const nPaths = count('paths', 1);
  const nFields = count('fields', 0);
  const seed = count('seed', 0);
  const nStores = Math.max(1, Math.round(nComponents * 0.15));
  const nCode = nComponents - nStores;
  const nAssets = opts.assets === undefined ? Math.max(20, nComponents) : count('assets', nStores);
  const nAnchors = opts.anchors === undefined ? nPaths * 2 : count('anchors', 0);
  const nFiles = opts.workspace ? Math.max(count('files', 1), nCode) : 0;
  const rand = mulberry32(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const chance = (p) => rand() < p;

  const namespaces = Array.from({ length: Math.max(2, Math.round(nComponents / 100)) }, (_, i) => `ns-${i}`);
  const maxLeaves = Math.ceil(nFields / (2 * nPaths));
  const schemaSize = maxLeaves + 4;

  // Shared payloads: data stores (written and read by many) and messages (one producer each).
  const storeKinds = ['postgres', 'kafka', 's3'];
  const stores = Array.from({ length: nStores }, (_, i) => ({
    id: id('component', i),
    index: i,
    kind: storeKinds[i % 3],
    name: `${storeKinds[i % 3]}-store-${i}`,
    namespace: pick(namespaces),
    fields: payloadFields(rand, schemaSize),
  }));
  const messages = Array.from({ length: Math.max(1, Math.floor(nCode / 2)) }, (_, i) => ({
    name: `Message${i}`,
    owner: i % nCode,
    fields: payloadFields(rand, schemaSize),
  }));
  const owned = new Map(messages.map((m) => [m.owner, m]));

  mkdirSync(dirname(opts.out), { recursive: true });
  const out = createWriteStream(opts.out);
  const write = async (s) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  const stats = { components: 0, paths: 0, fields: 0, anchors: 0, files: 0, tagApplications: 0, edges: 0 };
  const edgeKeys = new Map(); // "src>dst" -> namespace
  const tagApps = [];
  const USER_TAGS = Array.from({ length: 8 }, (_, i) => ({
    id: id('tag', i),
    name: `team-tag-${i}`,
    kind: 'USER',
    color: `#${(0x336699 + i * 0x1111).toString(16).slice(-6)}`,
    active: i !== 6,
    deleted: i === 7,
  }));

  await write(`{"version":1,"components":[`);
  let first = true;
  const emit = async (obj) => {
    await write((first ? '' : ',') + JSON.stringify(obj));
    first = false;
    stats.components++;
  };

  for (const s of stores) {
    await emit({
      id: s.id,
      name: s.name,
      namespace: s.namespace,
      type: 'DATA_STORE',
      store_kind: s.kind,
      schema: { fields: s.fields.map((f) => ({ name: f.name, type: f.type })) },
    });
  }

  let boundaryN = 0;
  let pathN = 0;
  let anchorN = 0;
  let fileN = 0;
  let leafBudgetIndex = 0;
  const leavesFor = () => share(nFields, 2 * nPaths, leafBudgetIndex++);
  const time = (day, minute) =>
    new Date(Date.UTC(2025, 0, 1) + day * 86_400_000 + minute * 60_000).toISOString().replace('.000Z', 'Z');

  for (let c = 0; c < nCode; c++) {
    const compId = id('component', nStores + c);
    const name = `service-${c}`;
    const namespace = pick(namespaces);
    const lang = LANGS[c % 3];
    const scans = Array.from({ length: 3 }, (_, k) => ({
      commit_sha: hex40(rand),
      committed_at: time((c % 300) + k * 7, k * 13),
      branch: k === 1 ? 'develop' : 'main',
      job_trigger: pick(['push', 'schedule', 'manual', 'pull_request']),
    }));
    const myMessage = owned.get(c);
    const pathCount = share(nPaths, nCode, c);
    const fileCount = opts.workspace ? share(nFiles, nCode, c) : 0;
    const files = Array.from({ length: fileCount }, (_, f) => ({
      path: `${name}/src/module${f}.${lang}`,
      lines: header(lang, name, f),
    }));
    const paths = [];

    const boundary = (side, fields, extra) => {
      stats.fields += fields.length;
      const b = {
        id: id('boundary', boundaryN++),
        kind: extra.kind,
        signature_name: `com.bench.${name}.${side}${boundaryN}`,
        payload_name: extra.payload,
        schema: jsonSchema(fields),
      };
      if (extra.store) b.data_store_id = extra.store.id;
      for (const f of fields) {
        const s = SENSITIVE.get(f.name);
        if (s && side === 'ingress' && chance(0.5))
          tagApps.push({
            boundary_id: b.id,
            field_path: f.name,
            tag: s.tag,
            source: 'system',
            detection_category: s.category,
            applied_at: time(c % 300, 30),
          });
        else if (chance(0.01)) {
          const t = pick(USER_TAGS);
          tagApps.push({
            boundary_id: b.id,
            field_path: f.name,
            tag: t.id,
            source: 'user',
            applied_at: time(c % 300, 40),
          });
          if (chance(0.2))
            tagApps.push({
              boundary_id: b.id,
              field_path: f.name,
              tag: t.id,
              source: 'user',
              applied_at: time(c % 300, 50),
              removed: true,
            });
        }
      }
      return b;
    };
    const edge = (src, dst) => {
      if (src !== dst) edgeKeys.set(`${src}>${dst}`, namespace);
    };

    for (let p = 0; p < pathCount; p++) {
      // Some paths are a reviewer's override of the previous scan path (each replaced at most once):
      // same ingress, a corrected egress.
      const previous = paths.at(-1);
      const overrides =
        previous && previous.path_type === 'SCAN_OUTPUT' && !previous.replaced && chance(0.05)
          ? previous
          : undefined;
      let ingress;
      if (overrides) {
        overrides.replaced = true;
        ingress = overrides.ingress;
      } else {
        // Ingress: an HTTP request, a store read, or a message produced by another component.
        const inLeaves = leavesFor();
        const inRoll = rand();
        let m = messages[Math.floor(rand() * messages.length)];
        if (m.owner === c)
          m = messages.length > 1 ? messages[(messages.indexOf(m) + 1) % messages.length] : undefined;
        if (inRoll < 0.35) {
          const s = pick(stores);
          ingress = boundary('ingress', s.fields.slice(0, inLeaves), {
            kind: `${s.kind}_read`,
            payload: s.name,
            store: s,
          });
          edge(s.id, compId);
        } else if (inRoll < 0.6 && m) {
          ingress = boundary('ingress', m.fields.slice(0, inLeaves), {
            kind: 'message_consumer',
            payload: m.name,
          });
          edge(id('component', nStores + m.owner), compId);
        } else {
          ingress = boundary('ingress', payloadFields(rand, inLeaves), {
            kind: 'http_request',
            payload: `Request${pathN}`,
          });
        }
      }
      // Egress: a store write, this component's own message (always on its first path), or an external call.
      const outLeaves = leavesFor();
      const outRoll = rand();
      let egress;
      if (myMessage && (p === 0 || outRoll < 0.3)) {
        egress = boundary('egress', myMessage.fields.slice(0, outLeaves), {
          kind: 'message_producer',
          payload: myMessage.name,
        });
      } else if (outRoll < 0.75) {
        const s = pick(stores);
        egress = boundary('egress', s.fields.slice(0, outLeaves), {
          kind: `${s.kind}_write`,
          payload: s.name,
          store: s,
        });
        edge(compId, s.id);
      } else {
        egress = boundary('egress', payloadFields(rand, outLeaves), {
          kind: 'http_client',
          payload: `Call${pathN}`,
        });
      }
      const inFields = Object.keys(flat(ingress.schema));
      const outFields = Object.keys(flat(egress.schema));
      const field_mappings =
        inFields.length === 0
          ? []
          : outFields.map((e) => {
              const same = inFields.includes(e) ? e : inFields[Math.floor(rand() * inFields.length)];
              const r = rand();
              return {
                ingress_field: same,
                egress_field: e,
                kind: r < 0.8 ? 'DataFlow' : r < 0.9 ? 'KeyValueBridge' : 'ControlFlow',
              };
            });

      // Anchors: real functions in this component's files when a workspace is written.
      const code_anchors = [];
      for (let k = share(nAnchors, nPaths, pathN); k > 0; k--) {
        const fn = fnName(lang, anchorN);
        const a = { anchor_id: id('anchor', anchorN++), name: fn };
        if (files.length > 0) {
          const file = files[anchorN % files.length];
          const src = functionSource(lang, fn, outFields[0] ?? 'value');
          const line = file.lines.length + 1;
          file.lines.push(...src, '');
          const col = src[0].indexOf(fn) + 1;
          Object.assign(a, {
            file: file.path,
            line_start: line,
            line_end: line,
            column_start: col,
            column_end: col + fn.length,
          });
        } else {
          const line = 1 + Math.floor(rand() * 400);
          Object.assign(a, {
            file: `${name}/src/module${anchorN % 7}.${lang}`,
            line_start: line,
            line_end: line + 3,
          });
        }
        code_anchors.push(a);
      }
      stats.anchors += code_anchors.length;

      const scan = pick(scans);
      const path = {
        path_id: id('path', pathN++),
        path_type: 'SCAN_OUTPUT',
        commit_sha: scan.commit_sha,
        ingress,
        egress,
        field_mappings,
        code_anchors,
        payload_name: egress.payload_name,
        transformation_summary: `${ingress.kind} to ${egress.kind}`,
        completeness: Object.fromEntries(
          ['ingress', 'ingress_schema', 'egress', 'egress_schema', 'field_mappings'].map((k) => [
            k,
            pick(['UNKNOWN', 'KNOWN_INCOMPLETE', 'KNOWN_COMPLETE']),
          ]),
        ),
      };
      if (chance(0.03)) path.is_suppressed = true;
      if (overrides)
        Object.assign(path, {
          path_type: 'USER_OVERRIDE',
          replaces_path_id: overrides.path_id,
          reason: 'reviewed by the owning team',
        });
      paths.push(path);
    }
    for (const p of paths) delete p.replaced;
    stats.paths += paths.length;
    await emit({
      id: compId,
      name,
      namespace,
      type: 'CODE',
      friendly_name: `Service ${c}`,
      metadata: { language: lang },
      scans,
      paths,
    });

    for (const f of files) {
      const full = join(opts.workspace, f.path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, f.lines.join('\n'));
      fileN++;
    }
  }
  stats.files = fileN;

  await write(`],"tagDefinitions":${JSON.stringify(USER_TAGS)},"tagApplications":[`);
  for (let i = 0; i < tagApps.length; i++) await write((i ? ',' : '') + JSON.stringify(tagApps[i]));
  stats.tagApplications = tagApps.length;

  // Data assets: one per store, then lake tables; about a third carry a contract, a quarter of those violated.
  await write('],"contracts":[');
  const assetFields = (i) =>
    i < nStores ? stores[i].fields : payloadFields(mulberry32(seed * 7919 + i), 6 + (i % 5));
  const darn = (i) => {
    if (i >= nStores) return `s3://lake-${i % 50}:tables/t${i}/*.parquet`;
    const s = stores[i];
    return s.kind === 'postgres'
      ? `postgres://db-${i}:public.table_${i}`
      : s.kind === 'kafka'
        ? `kafka://events:topic-${i}`
        : `s3://bucket-${i}:data/*.parquet`;
  };
  const hasContract = (i) => i % 3 === 0;
  let firstContract = true;
  for (let i = 0; i < nAssets; i++) {
    if (!hasContract(i)) continue;
    const schema = structSchema(assetFields(i).slice(0, 5));
    if (i % 4 === 0) schema.push({ name: 'required_but_missing', type: 'string' });
    if (i % 8 === 0 && schema[0])
      schema[0] = { ...schema[0], type: schema[0].type === 'string' ? 'long' : 'string' };
    await write(
      (firstContract ? '' : ',') +
        JSON.stringify({
          id: id('contract', i),
          name: `contract ${i}`,
          dataAssetResourceName: darn(i),
          contractSchema: schema,
        }),
    );
    firstContract = false;
  }
  await write('],"dataAssets":[');
  for (let i = 0; i < nAssets; i++) {
    const d = darn(i);
    const asset = {
      id: id('asset', i),
      dataAssetResourceName: d,
      domain: pick(namespaces),
      path: d.slice(d.lastIndexOf(':') + 1),
      type: i < nStores ? stores[i].kind : 'object_store',
      updatedAt: time(i % 300, 5),
      schema: structSchema(assetFields(i)),
    };
    if (hasContract(i)) asset.contractId = id('contract', i);
    await write((i ? ',' : '') + JSON.stringify(asset));
  }
  await write('],"subscriptions":[');
  let firstSub = true;
  for (let i = 0; i < nAssets; i += 6) {
    const sub = {
      id: id('sub', i),
      dataContractId: id('contract', i),
      userId: id('user', i % 97),
      email: `owner${i % 97}@bench.example`,
      chatChannel: `#data-${i % 13}`,
    };
    await write((firstSub ? '' : ',') + JSON.stringify(sub));
    firstSub = false;
  }
  const apiKeys = [
    { id: id('key', 1), name: 'Bench runner', value: `bench-key-${seed.toString(16).padStart(8, '0')}-0001` },
    { id: id('key', 2), name: 'Bench reader', value: `bench-key-${seed.toString(16).padStart(8, '0')}-0002` },
  ];
  const webhooks = [
    {
      id: id('hook', 1),
      name: 'violations',
      url: 'https://hooks.bench.example/violations',
      events: ['CONTRACT_VIOLATION'],
    },
    {
      id: id('hook', 2),
      name: 'paths',
      url: 'https://hooks.bench.example/paths',
      events: ['BYO_PATH_ADDED', 'BYO_PATH_DELETED'],
    },
  ];
  await write(`],"apiKeys":${JSON.stringify(apiKeys)},"webhooks":${JSON.stringify(webhooks)},"edges":[`);
  let e = 0;
  for (const [key, namespace] of edgeKeys) {
    const [src, dst] = key.split('>');
    await write(
      (e ? ',' : '') +
        JSON.stringify({ id: id('edge', e), sourceComponentId: src, destinationComponentId: dst, namespace }),
    );
    e++;
  }
  stats.edges = e;
  await write(']}\n');
  out.end();
  await once(out, 'finish');
  console.error(`generated ${opts.out}: ${JSON.stringify(stats)}`);
}

/** Leaf fields of a JSON Schema object, as dotted path -> type. */
function flat(schema, prefix = '', acc = {}) {
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    if (v.type === 'object') flat(v, `${prefix}${k}.`, acc);
    else acc[prefix + k] = v.type;
  }
  return acc;
}

main().catch((err) => {
  console.error(`generate-dataset: ${err.message}`);
  process.exit(1);
});
