// The database schema, one migration per entry; `PRAGMA user_version` records how many have run.
// JSON columns hold members the service only returns as they are (schemas, mappings, anchors).
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE components (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('CODE', 'DATA_STORE')),
    namespace TEXT NOT NULL,
    friendly_name TEXT,
    approval_json TEXT,
    metadata_json TEXT,
    store_kind TEXT,
    schema_json TEXT
  );
  CREATE TABLE scans (
    component_id TEXT NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    commit_sha TEXT NOT NULL,
    committed_at TEXT NOT NULL,
    scanned_at TEXT NOT NULL,
    branch TEXT,
    job_trigger TEXT,
    PRIMARY KEY (component_id, commit_sha)
  );
  CREATE TABLE boundaries (
    id TEXT PRIMARY KEY,
    component_id TEXT NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    kind TEXT,
    signature_name TEXT NOT NULL,
    payload_name TEXT,
    description TEXT,
    schema_json TEXT,
    coord_payload_name TEXT,
    coord_signature_name TEXT,
    data_store_id TEXT REFERENCES components(id)
  );
  CREATE INDEX boundaries_component ON boundaries(component_id);
  CREATE TABLE paths (
    id TEXT PRIMARY KEY,
    component_id TEXT NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    path_type TEXT NOT NULL CHECK (path_type IN ('SCAN_OUTPUT', 'USER_OVERRIDE')),
    replaces_path_id TEXT REFERENCES paths(id),
    is_suppressed INTEGER NOT NULL DEFAULT 0,
    ingress_boundary_id TEXT NOT NULL REFERENCES boundaries(id),
    egress_boundary_id TEXT NOT NULL REFERENCES boundaries(id),
    field_mappings_json TEXT,
    code_anchors_json TEXT,
    transformation_summary TEXT,
    payload_name TEXT,
    completeness_json TEXT,
    commit_sha TEXT,
    reason TEXT
  );
  CREATE INDEX paths_component ON paths(component_id);
  CREATE TABLE path_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    component_id TEXT NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('BYO_PATH_ADDED', 'BYO_PATH_DELETED')),
    path_id TEXT NOT NULL,
    commit_sha TEXT NOT NULL,
    committed_at TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    reason TEXT
  );
  CREATE INDEX path_events_component ON path_events(component_id);
  CREATE TABLE tag_definitions (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('SYSTEM', 'USER')),
    color TEXT,
    active INTEGER NOT NULL DEFAULT 1,
    deleted INTEGER NOT NULL DEFAULT 0,
    description TEXT
  );
  CREATE TABLE tag_applications (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    boundary_id TEXT NOT NULL REFERENCES boundaries(id),
    field_path TEXT NOT NULL,
    tag_id TEXT NOT NULL REFERENCES tag_definitions(id),
    source TEXT NOT NULL CHECK (source IN ('system', 'user')),
    detection_category TEXT,
    applied_at TEXT NOT NULL,
    removed INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE data_assets (
    id TEXT PRIMARY KEY,
    darn TEXT NOT NULL UNIQUE,
    domain TEXT,
    path TEXT,
    type TEXT,
    updated_at TEXT NOT NULL,
    contract_id TEXT,
    schema_json TEXT NOT NULL
  );
  CREATE TABLE contracts (
    id TEXT PRIMARY KEY,
    name TEXT,
    darn TEXT NOT NULL,
    contract_schema_json TEXT NOT NULL
  );
  CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    email TEXT,
    codehost_handle TEXT,
    chat_channel TEXT,
    UNIQUE (contract_id, user_id)
  );
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    value TEXT NOT NULL UNIQUE
  );
  CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,
    name TEXT,
    url TEXT NOT NULL,
    events_json TEXT,
    created_at TEXT
  );
  CREATE TABLE edges (
    id TEXT PRIMARY KEY,
    source_component_id TEXT NOT NULL REFERENCES components(id),
    destination_component_id TEXT NOT NULL REFERENCES components(id),
    namespace TEXT NOT NULL
  );
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  // A path event keeps who recorded it, the path an update replaced, and the path as it was retired,
  // so a path's history can be read and compared after the path itself is gone.
  `
  ALTER TABLE path_events ADD COLUMN replaces_path_id TEXT;
  ALTER TABLE path_events ADD COLUMN recorded_by TEXT;
  ALTER TABLE path_events ADD COLUMN path_json TEXT;
  `,
];
