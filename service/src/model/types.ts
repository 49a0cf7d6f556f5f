// The service's in-memory model: what the database holds, shaped for reads.
import type { Approval, SchemaField } from '../../../common/src/api/components';
import type {
  Completeness,
  LineagePath,
  PathCodeAnchor,
  PathFieldMapping,
} from '../../../common/src/api/paths';
import type { StructElement, TopStructElement } from '../../../common/src/api/contracts';

export interface Coordinates {
  payload_name: string | null;
  signature_name: string | null;
}

export interface Boundary {
  id: string;
  componentId: string;
  kind?: string;
  signature_name: string;
  payload_name?: string;
  description?: string;
  schema?: Record<string, unknown>;
  coords: Coordinates;
  data_store_id?: string;
}

export interface StoredPath {
  id: string;
  componentId: string;
  seq: number;
  type: 'SCAN_OUTPUT' | 'USER_OVERRIDE';
  replaces?: string;
  suppressed: boolean;
  ingressId: string;
  egressId: string;
  field_mappings?: PathFieldMapping[];
  code_anchors?: PathCodeAnchor[];
  transformation_summary?: string;
  payload_name?: string;
  completeness?: Completeness;
  commit_sha?: string;
  reason?: string;
}

export interface Scan {
  commit_sha: string;
  committed_at: string;
  scanned_at: string;
  branch?: string;
  job_trigger?: string;
}

export interface PathEvent {
  kind: 'BYO_PATH_ADDED' | 'BYO_PATH_DELETED';
  path_id: string;
  commit_sha: string;
  committed_at: string;
  recorded_at: string;
  reason?: string;
  /** BYO_PATH_ADDED: the path the update replaced. */
  replaces_path_id?: string;
  /** The name of the API key that made the update. */
  recorded_by?: string;
  /** BYO_PATH_DELETED: the path as it was when retired, in the response form. */
  path?: LineagePath;
}

export interface Component {
  id: string;
  name: string;
  type: 'CODE' | 'DATA_STORE';
  namespace: string;
  friendly_name?: string;
  approval?: Approval;
  metadata?: Record<string, unknown>;
  store_kind?: string;
  schema?: { fields: SchemaField[] };
  /** In creation order. */
  paths: StoredPath[];
  /** Newest commit first. */
  scans: Scan[];
  // Path events are not held here: they only grow, and only operation 9 reads them, a page at a
  // time, from the database (Store.versions).
}

export interface TagDefinition {
  id: string;
  name: string;
  kind: 'SYSTEM' | 'USER';
  color?: string;
  active: boolean;
  deleted: boolean;
}

/** The most recent application (or removal) of one tag on one field. */
export interface TagApplication {
  tagId: string;
  source: 'system' | 'user';
  detection_category?: string;
  applied_at: string;
  removed: boolean;
}

export interface DataAssetRecord {
  id: string;
  darn: string;
  domain?: string;
  path?: string;
  type?: string;
  updatedAt: string;
  contractId?: string;
  schema: StructElement[];
}

export interface ContractRecord {
  id: string;
  name?: string;
  darn: string;
  contractSchema: TopStructElement[];
}

export interface SubscriptionRecord {
  id: string;
  dataContractId: string;
  userId: string;
  email?: string;
  codehostHandle?: string;
  chatChannel?: string;
}

export interface EdgeRecord {
  id: string;
  sourceComponentId: string;
  destinationComponentId: string;
  namespace: string;
}

export interface WebhookRecord {
  id: string;
  name?: string;
  url: string;
  events?: string[];
  createdAt?: string;
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  value: string;
}

/** Tags are addressed by a boundary's durable coordinates within its component. */
export function coordinateKey(componentId: string, c: Coordinates): string {
  return `${componentId}\u0000${c.payload_name ?? '\u0001'}\u0000${c.signature_name ?? '\u0001'}`;
}
