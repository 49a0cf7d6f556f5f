// Writes a checked dataset into an empty database, in one transaction.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Dataset, DatasetBoundary, DatasetPath } from '../../../common/src/dataset/schema';
import { SYSTEM_TAG_NAMES } from '../../../common/src/api/tags';
import type { Param, ServiceDb } from './database';

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));
const opt = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** Id of the SYSTEM definition named `name` when the dataset does not give one. */
export function defaultSystemTagId(name: string): string {
  return `system-${name}`;
}

/** Makes sure the four SYSTEM tag definitions exist (they always do, whatever the dataset says). */
export function ensureSystemTags(db: ServiceDb): void {
  const present = new Set(
    db.all("SELECT name FROM tag_definitions WHERE kind = 'SYSTEM'").map((r) => String(r.name)),
  );
  const missing = SYSTEM_TAG_NAMES.filter((n) => !present.has(n));
  if (missing.length === 0) return;
  db.transaction(() => {
    for (const name of missing) {
      db.run("INSERT INTO tag_definitions (id, name, kind, active, deleted) VALUES (?, ?, 'SYSTEM', 1, 0)", [
        defaultSystemTagId(name),
        name,
      ]);
    }
  });
}

/** A fresh API key: 192 random bits. */
function generatedKey(): string {
  return `ll_${randomBytes(24).toString('base64url')}`;
}

/**
 * Loads the dataset; returns the API key to announce: the first key, with the value the dataset
 * names or a freshly generated one (keys without a value, or none at all, get generated values).
 */
export function seedDatabase(db: ServiceDb, d: Dataset): string {
  return db.transaction(() => {
    const boundaryRows = new Map<string, Param[]>();
    const pathRows: Param[][] = [];
    const scanRows: Param[][] = [];
    const eventRows: Param[][] = [];
    const componentRows: Param[][] = [];

    for (const c of d.components) {
      componentRows.push([
        c.id,
        c.name,
        c.type,
        c.namespace,
        opt(c.friendly_name),
        json(c.approval),
        json(c.metadata),
        c.type === 'DATA_STORE' ? opt(c.store_kind) : null,
        c.type === 'DATA_STORE' ? json(c.schema) : null,
      ]);
      if (c.type !== 'CODE') continue;
      const committedAt = new Map(c.scans.map((s) => [s.commit_sha, s.committed_at]));
      for (const s of c.scans) {
        scanRows.push([
          c.id,
          s.commit_sha,
          s.committed_at,
          s.scanned_at ?? s.committed_at,
          opt(s.branch),
          opt(s.job_trigger),
        ]);
      }
      const latest = [...c.scans].sort((a, b) => b.committed_at.localeCompare(a.committed_at))[0]!;
      c.paths.forEach((p, seq) => {
        for (const b of [p.ingress, p.egress])
          if (!boundaryRows.has(b.id)) boundaryRows.set(b.id, boundaryRow(c.id, b));
        pathRows.push(pathRow(c.id, seq, p));
        // An override in the dataset has the history a path update would have given it.
        if (p.path_type === 'USER_OVERRIDE') {
          const sha = p.commit_sha ?? latest.commit_sha;
          const at = committedAt.get(sha) ?? latest.committed_at;
          if (p.replaces_path_id)
            eventRows.push([c.id, 'BYO_PATH_DELETED', p.replaces_path_id, sha, at, at, opt(p.reason), null]);
          eventRows.push([
            c.id,
            'BYO_PATH_ADDED',
            p.path_id,
            sha,
            at,
            at,
            opt(p.reason),
            opt(p.replaces_path_id),
          ]);
        }
      });
    }
    db.runMany(
      'INSERT INTO components (id, name, type, namespace, friendly_name, approval_json, metadata_json, store_kind, schema_json) VALUES (?,?,?,?,?,?,?,?,?)',
      componentRows,
    );
    db.runMany(
      'INSERT INTO scans (component_id, commit_sha, committed_at, scanned_at, branch, job_trigger) VALUES (?,?,?,?,?,?)',
      scanRows,
    );
    db.runMany(
      'INSERT INTO boundaries (id, component_id, kind, signature_name, payload_name, description, schema_json, coord_payload_name, coord_signature_name, data_store_id) VALUES (?,?,?,?,?,?,?,?,?,?)',
      boundaryRows.values(),
    );
    // Scan paths first, so an override's replaces_path_id always finds its target.
    pathRows.sort((a, b) => (a[3] === b[3] ? 0 : a[3] === 'SCAN_OUTPUT' ? -1 : 1));
    db.runMany(
      'INSERT INTO paths (id, component_id, seq, path_type, replaces_path_id, is_suppressed, ingress_boundary_id, egress_boundary_id, field_mappings_json, code_anchors_json, transformation_summary, payload_name, completeness_json, commit_sha, reason) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
      pathRows,
    );
    db.runMany(
      'INSERT INTO path_events (component_id, kind, path_id, commit_sha, committed_at, recorded_at, reason, replaces_path_id) VALUES (?,?,?,?,?,?,?,?)',
      eventRows,
    );

    // Tag definitions: the dataset's, with the SYSTEM ones it does not list added.
    const systemIds = new Map<string, string>();
    for (const t of d.tagDefinitions ?? []) if (t.kind === 'SYSTEM') systemIds.set(t.name, t.id);
    for (const name of SYSTEM_TAG_NAMES)
      if (!systemIds.has(name)) systemIds.set(name, defaultSystemTagId(name));
    const defs: Param[][] = (d.tagDefinitions ?? []).map((t) => [
      t.id,
      t.name,
      t.kind,
      opt(t.color),
      t.active === false ? 0 : 1,
      t.deleted === true ? 1 : 0,
      opt(t.description),
    ]);
    for (const name of SYSTEM_TAG_NAMES) {
      if (!(d.tagDefinitions ?? []).some((t) => t.kind === 'SYSTEM' && t.name === name))
        defs.push([systemIds.get(name)!, name, 'SYSTEM', null, 1, 0, null]);
    }
    db.runMany(
      'INSERT INTO tag_definitions (id, name, kind, color, active, deleted, description) VALUES (?,?,?,?,?,?,?)',
      defs,
    );
    const definitionIds = new Set(defs.map((r) => String(r[0])));
    db.runMany(
      'INSERT INTO tag_applications (boundary_id, field_path, tag_id, source, detection_category, applied_at, removed) VALUES (?,?,?,?,?,?,?)',
      [...(d.tagApplications ?? [])]
        .sort((a, b) => a.applied_at.localeCompare(b.applied_at))
        .map((a) => [
          a.boundary_id,
          a.field_path,
          definitionIds.has(a.tag) ? a.tag : systemIds.get(a.tag)!,
          a.source,
          opt(a.detection_category),
          a.applied_at,
          a.removed === true ? 1 : 0,
        ]),
    );

    db.runMany(
      'INSERT INTO contracts (id, name, darn, contract_schema_json) VALUES (?,?,?,?)',
      (d.contracts ?? []).map((c) => [
        c.id,
        opt(c.name),
        c.dataAssetResourceName,
        JSON.stringify(c.contractSchema),
      ]),
    );
    db.runMany(
      'INSERT INTO data_assets (id, darn, domain, path, type, updated_at, contract_id, schema_json) VALUES (?,?,?,?,?,?,?,?)',
      (d.dataAssets ?? []).map((a) => [
        a.id,
        a.dataAssetResourceName,
        opt(a.domain),
        opt(a.path),
        opt(a.type),
        a.updatedAt,
        opt(a.contractId),
        JSON.stringify(a.schema),
      ]),
    );
    db.runMany(
      'INSERT INTO subscriptions (id, contract_id, user_id, email, codehost_handle, chat_channel) VALUES (?,?,?,?,?,?)',
      (d.subscriptions ?? []).map((s) => [
        s.id,
        s.dataContractId,
        s.userId,
        opt(s.email),
        opt(s.codehostHandle),
        opt(s.chatChannel),
      ]),
    );
    const keys = d.apiKeys ?? [];
    const keyRows: Param[][] = keys.map((k) => [k.id, k.name, k.value ?? generatedKey()]);
    if (keyRows.length === 0) keyRows.push([randomUUID(), 'local', generatedKey()]);
    db.runMany('INSERT INTO api_keys (id, name, value) VALUES (?,?,?)', keyRows);
    db.runMany(
      'INSERT INTO webhooks (id, name, url, events_json, created_at) VALUES (?,?,?,?,?)',
      (d.webhooks ?? []).map((w) => [w.id, opt(w.name), w.url, json(w.events), opt(w.createdAt)]),
    );
    db.runMany(
      'INSERT INTO edges (id, source_component_id, destination_component_id, namespace) VALUES (?,?,?,?)',
      (d.edges ?? []).map((e) => [e.id, e.sourceComponentId, e.destinationComponentId, e.namespace]),
    );
    return String(keyRows[0]![2]);
  });
}

function boundaryRow(componentId: string, b: DatasetBoundary): Param[] {
  const coords = b.coordinates ?? { payload_name: b.payload_name ?? null, signature_name: b.signature_name };
  return [
    b.id,
    componentId,
    opt(b.kind),
    b.signature_name,
    opt(b.payload_name),
    opt(b.description),
    json(b.schema),
    coords.payload_name,
    coords.signature_name,
    opt(b.data_store_id),
  ];
}

function pathRow(componentId: string, seq: number, p: DatasetPath): Param[] {
  return [
    p.path_id,
    componentId,
    seq,
    p.path_type,
    opt(p.replaces_path_id),
    p.is_suppressed === true ? 1 : 0,
    p.ingress.id,
    p.egress.id,
    json(p.field_mappings),
    json(p.code_anchors),
    opt(p.transformation_summary),
    opt(p.payload_name),
    json(p.completeness),
    opt(p.commit_sha),
    opt(p.reason),
  ];
}
