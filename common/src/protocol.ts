// The custom LSP messages between the extension (client) and the language server: the one place
// where their names and payloads are defined. Both sides import from here.
import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type {
  ApiKeyRecord,
  ComplianceResponse,
  ComponentDetail,
  ContractSubscription,
  DataAssetBulkResult,
  Edge,
  HistoryFilters,
  LineagePath,
  Projection,
  RegisterObjectStoreResponse,
  SubscriptionUpdate,
  VersionEntry,
  ViolationStatus,
} from './api';

// ---- Initialization and settings -------------------------------------------------------------

/** `initializationOptions` the client sends (other editors send the same). */
export interface InitializationOptions {
  /** Service base URL, e.g. http://127.0.0.1:7878. */
  serviceUrl?: string;
  /** API key; kept in memory only. Absent: signed out. */
  apiKey?: string;
  settings?: Partial<LineageSettings>;
}

/** The `lineageLens` settings the server reads (also via workspace/configuration). */
export interface LineageSettings {
  components: string[];
  namespace: string;
  projection: Projection;
  refreshIntervalSeconds: number;
  /** Per workspace folder: the scanned project's root inside the folder ('' = folder root). */
  projectRoot: string;
  maxConcurrency: number;
}

export const DEFAULT_SETTINGS: LineageSettings = {
  components: [],
  namespace: '',
  projection: 'collapsed',
  refreshIntervalSeconds: 300,
  projectRoot: '',
  maxConcurrency: 8,
};

export interface Credentials {
  serviceUrl: string;
  /** null when signed out. */
  apiKey: string | null;
}
/** Client → server when the user signs in or out or the service URL changes. */
export const SetCredentialsNotification = new NotificationType<Credentials>('lineageLens/setCredentials');

// ---- Status -------------------------------------------------------------------------------------

export type ConnectionState =
  'signedOut' | 'connecting' | 'connected' | 'keyRejected' | 'unreachable' | 'stale';
export interface ServiceStatus {
  state: ConnectionState;
  /** One line for the user, e.g. "Service unreachable since 10:42". */
  message: string;
  /** ISO time of the last successful load, if any. */
  lastLoadedAt?: string;
  /** ISO time since the service has been unreachable. */
  unreachableSince?: string;
  componentCount: number;
  anchorCount: number;
}
/** Server → client whenever the status changes. */
export const StatusNotification = new NotificationType<ServiceStatus>('lineageLens/status');
/** Server → client after data changed (load, refresh, save), so views refresh. */
export const DataChangedNotification = new NotificationType<{ componentIds: string[] }>(
  'lineageLens/dataChanged',
);

export const RefreshRequest = new RequestType0<ServiceStatus, void>('lineageLens/refresh');

// ---- Components tree ------------------------------------------------------------------------------

export interface ComponentSummary {
  id: string;
  name: string;
  friendlyName?: string;
  type: string;
  namespace: string;
  approvalStatus?: string;
  pathCount: number;
  /** Why this component could not be loaded, if it could not. */
  error?: string;
}
export interface NamespaceNode {
  name: string;
  components: ComponentSummary[];
}
export const ComponentTreeRequest = new RequestType0<
  { namespaces: NamespaceNode[]; status: ServiceStatus },
  void
>('lineageLens/componentTree');

export interface ResolvedAnchor {
  anchorId: string;
  name?: string;
  /** Absent when the anchor could not be resolved; `problem` then says why. */
  location?: {
    uri: string;
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
  };
  state: 'resolved' | 'relocated' | 'stale' | 'unresolved' | 'outsideWorkspace';
  problem?: string;
  url?: string;
}
export interface PathView {
  componentId: string;
  path: LineagePath;
  anchors: ResolvedAnchor[];
}
export interface ComponentDetailResult {
  component: ComponentDetail;
  paths: PathView[];
}
export const ComponentDetailRequest = new RequestType<
  { componentId: string; projection?: Projection },
  ComponentDetailResult,
  void
>('lineageLens/componentDetail');
export const PathDetailRequest = new RequestType<{ componentId: string; pathId: string }, PathView, void>(
  'lineageLens/pathDetail',
);

// ---- Path documents (lineage: scheme) -----------------------------------------------------------

/**
 * URI of a path document: lineage:/<componentId>/<pathId>/<label>.lineage-path.json, where the label
 * ("createOrder → insertOrder", see pathDocumentLabel) only names the editor tab; parsing ignores it
 * and still accepts the older lineage:/<componentId>/<pathId>.lineage-path.json (restored tabs).
 */
export const PATH_DOCUMENT_SCHEME = 'lineage';
export const PATH_DOCUMENT_LANGUAGE = 'lineage-path';
const MAX_LABEL_CHARS = 80;
export function pathDocumentUri(componentId: string, pathId: string, label?: string): string {
  const base = `${PATH_DOCUMENT_SCHEME}:/${encodeURIComponent(componentId)}/${encodeURIComponent(pathId)}`;
  const name = label === undefined ? '' : labelSegment(label);
  return name ? `${base}/${encodeURIComponent(name)}.lineage-path.json` : `${base}.lineage-path.json`;
}
/**
 * A label (text from the service) as one file name: no path separators, control or bidi characters,
 * lone surrogates (encodeURIComponent throws on them), and none of !'()* (encodeURIComponent keeps
 * them but VS Code escapes them, so the URI string would change on its way through the editor and the
 * server would key the same document twice).
 */
function labelSegment(label: string): string {
  const clean = label
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '-')
    .replace(/[/\\\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069!'()*]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, MAX_LABEL_CHARS).join('').trim().replace(/^\.+$/, '');
}
export function parsePathDocumentUri(uri: string): { componentId: string; pathId: string } | undefined {
  const m = /^lineage:\/([^/]+)\/(?:([^/]+)\.lineage-path\.json|([^/]+)\/[^/]*\.lineage-path\.json)$/.exec(
    uri,
  );
  const componentId = m?.[1];
  const pathId = m?.[2] ?? m?.[3];
  if (!componentId || !pathId) return undefined;
  try {
    return { componentId: decodeURIComponent(componentId), pathId: decodeURIComponent(pathId) };
  } catch {
    return undefined; // a malformed %-escape: not one of ours
  }
}

export interface PathDocument {
  /** The path in the round-trip format, pretty-printed JSON. */
  text: string;
  /** Opaque version of the path on the service when read; sent back on save to detect conflicts. */
  revision: string;
}
export const PathDocumentRequest = new RequestType<
  { componentId: string; pathId: string },
  PathDocument,
  void
>('lineageLens/pathDocument');

export interface SavePathParams {
  componentId: string;
  pathId: string;
  text: string;
  /** Revision the user's edit started from. */
  baseRevision: string;
  reason?: string;
  effectiveSinceCommitSha?: string;
  /** Save even if the path changed on the service since baseRevision. */
  overwrite?: boolean;
}
export type SavePathResult =
  | { kind: 'saved'; pathId: string; document: PathDocument }
  | { kind: 'conflict'; current: PathDocument }
  | { kind: 'invalid'; message: string };
export const SavePathRequest = new RequestType<SavePathParams, SavePathResult, void>('lineageLens/savePath');

export const VersionsRequest = new RequestType<{ componentId: string }, { versions: VersionEntry[] }, void>(
  'lineageLens/versions',
);

// ---- Contracts, assets and service administration ---------------------------------------------------

export const ViolationStatusRequest = new RequestType<{ contractId: string }, ViolationStatus, void>(
  'lineageLens/violationStatus',
);
/**
 * Checks a contract file (YAML or JSON, file form or request form) open or on disk; publishes
 * diagnostics on its field lines. `name` is the file form's contract name.
 */
export const CheckComplianceRequest = new RequestType<
  { uri: string },
  ComplianceResponse & { darn: string; name?: string },
  void
>('lineageLens/checkCompliance');
export const DeleteContractRequest = new RequestType<{ contractId: string }, { message: string }, void>(
  'lineageLens/deleteContract',
);
export const UpdateSubscriptionRequest = new RequestType<
  { contractId: string; subscription: SubscriptionUpdate },
  ContractSubscription,
  void
>('lineageLens/updateSubscription');
export const DataAssetsRequest = new RequestType<
  { darns: string[]; limit?: number; offset?: number },
  DataAssetBulkResult,
  void
>('lineageLens/dataAssets');
/** Registers the assets described in a workspace file (YAML or JSON `{assets: [...]}`). */
export const RegisterObjectStoreRequest = new RequestType<
  { uri: string; dryRun: boolean; prLink?: string },
  RegisterObjectStoreResponse,
  void
>('lineageLens/registerObjectStore');
export const ApiKeysRequest = new RequestType0<ApiKeyRecord[], void>('lineageLens/apiKeys');
/**
 * The value of one API key, asked only by Copy API Key after the user confirmed (ApiKeysRequest masks
 * values). The member is named `secretValue` so the client's log redaction hides it in protocol traces.
 */
export const ApiKeyValueRequest = new RequestType<{ keyId: string }, { secretValue: string }, void>(
  'lineageLens/apiKeyValue',
);
export const DeleteWebhookRequest = new RequestType<{ webhookId: string }, void, void>(
  'lineageLens/deleteWebhook',
);
export const EdgesRequest = new RequestType<{ namespace?: string }, { edges: Edge[] }, void>(
  'lineageLens/edges',
);
export const HistoryFiltersRequest = new RequestType<{ commitSha?: string }, HistoryFilters, void>(
  'lineageLens/historyFilters',
);

// ---- Errors ------------------------------------------------------------------------------------------

/** `data` of an LSP ResponseError coming from a service call, so the client can show the right action. */
export interface ServiceErrorData {
  kind:
    | 'http'
    | 'unreachable'
    | 'timeout'
    | 'invalidResponse'
    | 'tooLarge'
    | 'invalidRequest'
    | 'cancelled'
    | 'signedOut';
  status?: number;
  operation?: number;
}
/** Error code used for every ResponseError that carries ServiceErrorData (in the server-defined range). */
export const SERVICE_ERROR_CODE = -32050;

// ---- Commands the server's hovers and lenses link to (implemented by the client) ----------------------
export const COMMANDS = {
  revealPath: 'lineageLens.revealPath',
  editPath: 'lineageLens.editPath',
  goToAnchor: 'lineageLens.goToAnchor',
  signIn: 'lineageLens.signIn',
  showOutput: 'lineageLens.showOutput',
} as const;
/** Arguments of revealPath / editPath. */
export interface PathRef {
  componentId: string;
  pathId: string;
}
