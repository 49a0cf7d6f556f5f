// Everything the service serves, loaded once from the database and kept in memory; every write goes
// to the database in one transaction first and only then into memory, so memory never runs ahead of
// what a crash would keep. Listeners hear of each write (and of which component's paths changed).
import type { Row, ServiceDb } from '../db/database';
import {
  type ApiKeyRecord,
  type Boundary,
  type Component,
  type ContractRecord,
  type DataAssetRecord,
  type EdgeRecord,
  type PathEvent,
  type StoredPath,
  type SubscriptionRecord,
  type TagApplication,
  type TagDefinition,
  type WebhookRecord,
  coordinateKey,
} from './types';
import type { VersionEntry } from '../../../common/src/api/components';
import type { LineagePath } from '../../../common/src/api/paths';

const str = (v: Row[string] | undefined): string | undefined =>
  v === null || v === undefined ? undefined : String(v);
const parsed = <T>(v: Row[string] | undefined): T | undefined =>
  typeof v === 'string' ? (JSON.parse(v) as T) : undefined;

export class Store {
  readonly components = new Map<string, Component>();
  readonly boundaries = new Map<string, Boundary>();
  readonly tagDefinitions = new Map<string, TagDefinition>();
  /** coordinate key -> field path -> tag id -> latest application. */
  readonly tagApplications = new Map<string, Map<string, Map<string, TagApplication>>>();
  readonly contracts = new Map<string, ContractRecord>();
  readonly dataAssets = new Map<string, DataAssetRecord>(); // by DARN
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly apiKeys: ApiKeyRecord[] = [];
  readonly webhooks = new Map<string, WebhookRecord>();
  readonly edges: EdgeRecord[] = [];

  constructor(readonly db: ServiceDb) {
    this.load();
  }

  private load(): void {
    const db = this.db;
    for (const r of db.all('SELECT * FROM components')) {
      this.components.set(String(r.id), {
        id: String(r.id),
        name: String(r.name),
        type: r.type as Component['type'],
        namespace: String(r.namespace),
        friendly_name: str(r.friendly_name),
        approval: parsed(r.approval_json),
        metadata: parsed(r.metadata_json),
        store_kind: str(r.store_kind),
        schema: parsed(r.schema_json),
        paths: [],
        scans: [],
      });
    }
    for (const r of db.all('SELECT * FROM scans ORDER BY committed_at DESC')) {
      this.components.get(String(r.component_id))?.scans.push({
        commit_sha: String(r.commit_sha),
        committed_at: String(r.committed_at),
        scanned_at: String(r.scanned_at),
        branch: str(r.branch),
        job_trigger: str(r.job_trigger),
      });
    }
    for (const r of db.all('SELECT * FROM boundaries')) {
      const b: Boundary = {
        id: String(r.id),
        componentId: String(r.component_id),
        kind: str(r.kind),
        signature_name: String(r.signature_name),
        payload_name: str(r.payload_name),
        description: str(r.description),
        schema: parsed(r.schema_json),
        coords: {
          payload_name: str(r.coord_payload_name) ?? null,
          signature_name: str(r.coord_signature_name) ?? null,
        },
        data_store_id: str(r.data_store_id),
      };
      this.boundaries.set(b.id, b);
    }
    for (const r of db.all('SELECT * FROM paths ORDER BY seq, rowid'))
      this.components.get(String(r.component_id))?.paths.push(pathFromRow(r));
    for (const r of db.all('SELECT * FROM tag_definitions')) {
      this.tagDefinitions.set(String(r.id), {
        id: String(r.id),
        name: String(r.name),
        kind: r.kind as TagDefinition['kind'],
        color: str(r.color),
        active: r.active === 1,
        deleted: r.deleted === 1,
      });
    }
    // Ordered by time so the last one seen for a (field, tag) is the one that wins.
    for (const r of db.all('SELECT * FROM tag_applications ORDER BY applied_at, seq')) {
      const b = this.boundaries.get(String(r.boundary_id));
      if (!b) continue;
      this.recordApplication(coordinateKey(b.componentId, b.coords), String(r.field_path), {
        tagId: String(r.tag_id),
        source: r.source as TagApplication['source'],
        detection_category: str(r.detection_category),
        applied_at: String(r.applied_at),
        removed: r.removed === 1,
      });
    }
    for (const r of db.all('SELECT * FROM contracts')) {
      this.contracts.set(String(r.id), {
        id: String(r.id),
        name: str(r.name),
        darn: String(r.darn),
        // Written by this service from a validated body.
        contractSchema: JSON.parse(String(r.contract_schema_json)) as ContractRecord['contractSchema'],
      });
    }
    for (const r of db.all('SELECT * FROM data_assets')) this.dataAssets.set(String(r.darn), assetFromRow(r));
    for (const r of db.all('SELECT * FROM subscriptions')) {
      this.subscriptions.set(String(r.id), {
        id: String(r.id),
        dataContractId: String(r.contract_id),
        userId: String(r.user_id),
        email: str(r.email),
        codehostHandle: str(r.codehost_handle),
        chatChannel: str(r.chat_channel),
      });
    }
    for (const r of db.all('SELECT * FROM api_keys ORDER BY rowid'))
      this.apiKeys.push({ id: String(r.id), name: String(r.name), value: String(r.value) });
    for (const r of db.all('SELECT * FROM webhooks')) {
      this.webhooks.set(String(r.id), {
        id: String(r.id),
        name: str(r.name),
        url: String(r.url),
        events: parsed(r.events_json),
        createdAt: str(r.created_at),
      });
    }
    for (const r of db.all('SELECT * FROM edges ORDER BY rowid')) {
      this.edges.push({
        id: String(r.id),
        sourceComponentId: String(r.source_component_id),
        destinationComponentId: String(r.destination_component_id),
        namespace: String(r.namespace),
      });
    }
  }

  private recordApplication(key: string, field: string, app: TagApplication): void {
    let fields = this.tagApplications.get(key);
    if (!fields) this.tagApplications.set(key, (fields = new Map<string, Map<string, TagApplication>>()));
    let tags = fields.get(field);
    if (!tags) fields.set(field, (tags = new Map<string, TagApplication>()));
    const previous = tags.get(app.tagId);
    if (!previous || previous.applied_at <= app.applied_at) tags.set(app.tagId, app);
  }

  isApiKey(value: string): boolean {
    return this.apiKeys.some((k) => k.value === value);
  }

  private readonly writeListeners: Array<() => void> = [];
  private readonly pathListeners: Array<(componentId: string) => void> = [];

  onWrite(listener: () => void): void {
    this.writeListeners.push(listener);
  }

  /** Called after a write changed the paths of one component (before the general write listeners). */
  onPathsChanged(listener: (componentId: string) => void): void {
    this.pathListeners.push(listener);
  }

  /** A write: fn runs inside one database transaction; apply changes memory only after the commit. */
  write<T>(fn: () => T, apply: (result: T) => void): T {
    const result = this.db.transaction(fn);
    apply(result);
    for (const l of this.writeListeners) l();
    return result;
  }

  /**
   * One page of a component's history, newest first: its scans and path events together, read from
   * the database (events are not kept in memory). Events of one update keep their order (DELETED
   * before ADDED); scans recorded at the same time go newest commit first.
   */
  versions(componentId: string, limit: number, offset: number): { versions: VersionEntry[]; total: number } {
    const total = Number(
      this.db.get(
        'SELECT (SELECT COUNT(*) FROM scans WHERE component_id = ?) + (SELECT COUNT(*) FROM path_events WHERE component_id = ?) AS n',
        [componentId, componentId],
      )?.n ?? 0,
    );
    const rows = this.db.all(
      `SELECT kind, commit_sha, committed_at, recorded_at, branch, job_trigger, path_id, reason,
              replaces_path_id, recorded_by, path_json FROM (
         SELECT 'SCAN' AS kind, commit_sha, committed_at, scanned_at AS recorded_at, branch, job_trigger,
                NULL AS path_id, NULL AS reason, NULL AS replaces_path_id, NULL AS recorded_by,
                NULL AS path_json, 0 AS source, committed_at AS tie, 0 AS ord
           FROM scans WHERE component_id = ?
         UNION ALL
         SELECT kind, commit_sha, committed_at, recorded_at, NULL, NULL, path_id, reason, replaces_path_id,
                recorded_by, path_json, 1, '', seq
           FROM path_events WHERE component_id = ?
       ) ORDER BY recorded_at DESC, source, tie DESC, ord LIMIT ? OFFSET ?`,
      [componentId, componentId, limit, offset],
    );
    return { versions: rows.map(versionFromRow), total };
  }

  // --- writes -----------------------------------------------------------------------------------

  /** Adds `next` (a new USER_OVERRIDE) with its boundaries and events, deleting the overrides it supersedes. */
  replacePath(
    component: Component,
    superseded: readonly string[],
    next: StoredPath,
    newBoundaries: Boundary[],
    events: PathEvent[],
  ): void {
    this.write(
      () => {
        for (const b of newBoundaries) {
          this.db.run(
            'INSERT INTO boundaries (id, component_id, kind, signature_name, payload_name, description, schema_json, coord_payload_name, coord_signature_name, data_store_id) VALUES (?,?,?,?,?,?,?,?,?,?)',
            [
              b.id,
              b.componentId,
              b.kind ?? null,
              b.signature_name,
              b.payload_name ?? null,
              b.description ?? null,
              b.schema ? JSON.stringify(b.schema) : null,
              b.coords.payload_name,
              b.coords.signature_name,
              b.data_store_id ?? null,
            ],
          );
        }
        for (const id of superseded) this.db.run('DELETE FROM paths WHERE id = ?', [id]);
        const j = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
        this.db.run(
          'INSERT INTO paths (id, component_id, seq, path_type, replaces_path_id, is_suppressed, ingress_boundary_id, egress_boundary_id, field_mappings_json, code_anchors_json, transformation_summary, payload_name, completeness_json, commit_sha, reason) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
          [
            next.id,
            next.componentId,
            next.seq,
            next.type,
            next.replaces ?? null,
            next.suppressed ? 1 : 0,
            next.ingressId,
            next.egressId,
            j(next.field_mappings),
            j(next.code_anchors),
            next.transformation_summary ?? null,
            next.payload_name ?? null,
            j(next.completeness),
            next.commit_sha ?? null,
            next.reason ?? null,
          ],
        );
        for (const e of events) {
          this.db.run(
            'INSERT INTO path_events (component_id, kind, path_id, commit_sha, committed_at, recorded_at, reason, replaces_path_id, recorded_by, path_json) VALUES (?,?,?,?,?,?,?,?,?,?)',
            [
              component.id,
              e.kind,
              e.path_id,
              e.commit_sha,
              e.committed_at,
              e.recorded_at,
              e.reason ?? null,
              e.replaces_path_id ?? null,
              e.recorded_by ?? null,
              e.path ? JSON.stringify(e.path) : null,
            ],
          );
        }
      },
      () => {
        for (const b of newBoundaries) this.boundaries.set(b.id, b);
        // The new path takes the place of the one it stands in for, so lists keep their order.
        const kept = component.paths.filter((p) => !superseded.includes(p.id));
        const at = component.paths.findIndex((p) => superseded.includes(p.id));
        const replaced = kept.findIndex((p) => p.id === next.replaces);
        const index = at >= 0 ? at : replaced >= 0 ? replaced + 1 : kept.length;
        kept.splice(Math.min(index, kept.length), 0, next);
        component.paths = kept;
        for (const l of this.pathListeners) l(component.id);
      },
    );
  }

  saveSubscription(s: SubscriptionRecord, isNew: boolean): void {
    this.write(
      () => {
        const values = [s.email ?? null, s.codehostHandle ?? null, s.chatChannel ?? null];
        if (isNew) {
          this.db.run(
            'INSERT INTO subscriptions (id, contract_id, user_id, email, codehost_handle, chat_channel) VALUES (?,?,?,?,?,?)',
            [s.id, s.dataContractId, s.userId, ...values],
          );
        } else {
          this.db.run(
            'UPDATE subscriptions SET email = ?, codehost_handle = ?, chat_channel = ? WHERE id = ?',
            [...values, s.id],
          );
        }
      },
      () => this.subscriptions.set(s.id, s),
    );
  }

  deleteContract(id: string): void {
    this.write(
      () => {
        this.db.run('DELETE FROM subscriptions WHERE contract_id = ?', [id]);
        this.db.run('UPDATE data_assets SET contract_id = NULL WHERE contract_id = ?', [id]);
        this.db.run('DELETE FROM contracts WHERE id = ?', [id]);
      },
      () => {
        this.contracts.delete(id);
        for (const [sid, s] of this.subscriptions)
          if (s.dataContractId === id) this.subscriptions.delete(sid);
        for (const a of this.dataAssets.values()) if (a.contractId === id) delete a.contractId;
      },
    );
  }

  addDataAssets(assets: DataAssetRecord[]): void {
    this.write(
      () => {
        for (const a of assets) {
          this.db.run(
            'INSERT INTO data_assets (id, darn, domain, path, type, updated_at, contract_id, schema_json) VALUES (?,?,?,?,?,?,?,?)',
            [
              a.id,
              a.darn,
              a.domain ?? null,
              a.path ?? null,
              a.type ?? null,
              a.updatedAt,
              a.contractId ?? null,
              JSON.stringify(a.schema),
            ],
          );
        }
      },
      () => {
        for (const a of assets) this.dataAssets.set(a.darn, a);
      },
    );
  }

  deleteWebhook(id: string): void {
    this.write(
      () => this.db.run('DELETE FROM webhooks WHERE id = ?', [id]),
      () => this.webhooks.delete(id),
    );
  }
}

function pathFromRow(r: Row): StoredPath {
  return {
    id: String(r.id),
    componentId: String(r.component_id),
    seq: Number(r.seq),
    type: r.path_type as StoredPath['type'],
    replaces: str(r.replaces_path_id),
    suppressed: r.is_suppressed === 1,
    ingressId: String(r.ingress_boundary_id),
    egressId: String(r.egress_boundary_id),
    field_mappings: parsed(r.field_mappings_json),
    code_anchors: parsed(r.code_anchors_json),
    transformation_summary: str(r.transformation_summary),
    payload_name: str(r.payload_name),
    completeness: parsed(r.completeness_json),
    commit_sha: str(r.commit_sha),
    reason: str(r.reason),
  };
}

function versionFromRow(r: Row): VersionEntry {
  const v: VersionEntry = {
    kind: r.kind as VersionEntry['kind'],
    commit_sha: String(r.commit_sha),
    committed_at: String(r.committed_at),
    recorded_at: String(r.recorded_at),
  };
  if (r.branch !== null) v.branch = String(r.branch);
  if (r.job_trigger !== null) v.job_trigger = String(r.job_trigger);
  if (r.path_id !== null) v.path_id = String(r.path_id);
  if (r.reason !== null) v.reason = String(r.reason);
  if (r.replaces_path_id !== null) v.replaces_path_id = String(r.replaces_path_id);
  if (r.recorded_by !== null) v.recorded_by = String(r.recorded_by);
  // Written by this service from a rendered path.
  if (r.path_json !== null) v.path = JSON.parse(String(r.path_json)) as LineagePath;
  return v;
}

function assetFromRow(r: Row): DataAssetRecord {
  return {
    id: String(r.id),
    darn: String(r.darn),
    domain: str(r.domain),
    path: str(r.path),
    type: str(r.type),
    updatedAt: String(r.updated_at),
    contractId: str(r.contract_id),
    // Written by this service from a validated body.
    schema: JSON.parse(String(r.schema_json)) as DataAssetRecord['schema'],
  };
}
