// The custom LSP messages between the extension (client) and the language server: the one place
// where their names and payloads are defined. Both sides import from here.
import type { AgentToolAnswer, AgentToolParams } from './agentTools';
import { Commands } from './commands.generated';
import { fileNameSegment } from './untrustedText';
import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { TargetsAtParams } from './protocolSchemas';
import type { GraphDirection, GraphLayout } from './graphLayout/wire';
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
  VersionsResponse,
  ViolationStatus,
} from './api';

// ---- Initialization and settings -------------------------------------------------------------

/** `initializationOptions` the client sends (other editors send the same). */
export interface InitializationOptions {
  /** Service base URL, e.g. http://127.0.0.1:7878. */
  serviceUrl?: string;
  /** API key; kept in memory only. Absent: signed out. */
  apiKey?: string;
  /** See Credentials.allowInsecureHttp. */
  allowInsecureHttp?: boolean;
  settings?: Partial<LineageSettings>;
  /**
   * Which contract files another extension validates with the contributed JSON Schema (VS Code's JSON
   * extension for JSON; the YAML extension, when installed, for YAML): the server then leaves the
   * problems that schema reports to it, so none is underlined twice.
   */
  externalSchemaValidation?: ExternalSchemaValidation;
  /**
   * An absolute path to a directory of the user's own (VS Code: the extension's global storage) where
   * the server may keep caches between sessions. Absent: it keeps nothing on disk.
   */
  storageDir?: string;
}

export interface ExternalSchemaValidation {
  json: boolean;
  yaml: boolean;
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
  /** Check a contract file's compliance (operation 10) each time it is saved. */
  complianceOnSave: boolean;
  /** Most components loaded (configured ones first, then those found through edges). */
  maxComponents: number;
}

// Defaults, cleaning and the section name: common/src/settings.ts.

export interface Credentials {
  serviceUrl: string;
  /** null when signed out. */
  apiKey: string | null;
  /**
   * The user allowed sending the key over plain http:// to a host that is not this machine
   * (`lineageLens.allowInsecureHttp`). Without it the server sends nothing to such a URL.
   */
  allowInsecureHttp?: boolean;
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
  /**
   * Connected, but the data is incomplete, and why: edge discovery failed, the component cap was
   * reached, components failed to load. Also part of `message`.
   */
  warning?: string;
}
/** Server → client whenever the status changes. */
export const StatusNotification = new NotificationType<ServiceStatus>('lineageLens/status');
/** Server → client after data changed (load, refresh, save), so views refresh. */
export const DataChangedNotification = new NotificationType<{ componentIds: string[] }>(
  'lineageLens/dataChanged',
);

/**
 * Server → client once the contract files it was told of (created, changed or deleted on disk) are read
 * again: what lists the contracts a change reaches (the Impact view) asks again. `paths` are on disk.
 */
export const ContractFilesChangedNotification = new NotificationType<{ paths: string[] }>(
  'lineageLens/contractFilesChanged',
);

/**
 * Server → client when the set of drifted anchors of some components changed (an edit, a relocation, a
 * git change, a repair), so the Components view's markers and its "Update the Anchor on the Service"
 * action follow the code between data refreshes.
 */
export const AnchorDriftChangedNotification = new NotificationType<{ componentIds: string[] }>(
  'lineageLens/anchorDriftChanged',
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
  /** `ambiguous`: without history, several definitions could be its code; `candidates` lists them. */
  state: 'resolved' | 'relocated' | 'stale' | 'ambiguous' | 'unresolved' | 'outsideWorkspace';
  /** Placed by its names only: the scanned commit is not in this clone (or no git), so "probably here". */
  unverified?: boolean;
  /** `ambiguous`: the definitions it may be on (ranges in `location.uri`), nearest to the recorded lines first. */
  candidates?: Array<{
    start: { line: number; character: number };
    end: { line: number; character: number };
  }>;
  /** Its current place differs from the service's record (Update the Anchor on the Service applies). */
  drifted?: boolean;
  problem?: string;
  url?: string;
}
export interface PathView {
  componentId: string;
  path: LineagePath;
  anchors: ResolvedAnchor[];
  /** Its component's name: set on a single path's answer (pathDetail), not repeated in a component's list. */
  componentName?: string;
}
export interface ComponentDetailResult {
  component: ComponentDetail;
  paths: PathView[];
  /**
   * A DATA_STORE's schema fields as the lineage knows them: the tags applied there and those they
   * depend on through upstream services, each field's place in the graph. Absent when the lineage
   * model could not be built (the schema alone then).
   */
  storeFields?: StoreFieldView[];
  /** A DATA_STORE's contract files in the workspace (those whose DARN it holds), by name. */
  storeContracts?: Array<{ uri: string; name: string }>;
}
export interface StoreFieldView {
  path: string;
  type?: string;
  applied: string[];
  dependsOn: Array<{ name: string; hops: number }>;
  ref: import('./graphIds').FieldRef;
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
 * URI of a path document: lineage:/<component>/<label>.lineage-path.json?<componentId>%2F<pathId>. The
 * path names it for people (the tab and the breadcrumb read "Checkout API › createOrder →
 * insertOrder.lineage-path.json"); the ids are in the query, which is what parsing reads. Without a
 * label (the path not loaded) it is lineage:/<componentId>/<pathId>.lineage-path.json; the older
 * lineage:/<componentId>/<pathId>/<label>.lineage-path.json still parses (tabs restored from earlier
 * sessions).
 */
export const PATH_DOCUMENT_SCHEME = 'lineage';
export const PATH_DOCUMENT_LANGUAGE = 'lineage-path';
const MAX_LABEL_CHARS = 80;
const ID_SEPARATOR = '%2F';
export function pathDocumentUri(
  componentId: string,
  pathId: string,
  label?: string,
  componentName?: string,
): string {
  const name = label === undefined ? '' : fileNameSegment(label, MAX_LABEL_CHARS);
  const ids = `${encodeURIComponent(componentId)}${ID_SEPARATOR}${encodeURIComponent(pathId)}`;
  // A path id holding "/" could not be told from the separator: such a path keeps its ids in the path.
  if (name && !pathId.includes('/')) {
    const folder = componentName === undefined ? '' : fileNameSegment(componentName, MAX_LABEL_CHARS);
    const where = folder ? `${encodeURIComponent(folder)}/` : '';
    return `${PATH_DOCUMENT_SCHEME}:/${where}${encodeURIComponent(name)}.lineage-path.json?${ids}`;
  }
  const base = `${PATH_DOCUMENT_SCHEME}:/${encodeURIComponent(componentId)}/${encodeURIComponent(pathId)}`;
  return name ? `${base}/${encodeURIComponent(name)}.lineage-path.json` : `${base}.lineage-path.json`;
}
export function parsePathDocumentUri(uri: string): { componentId: string; pathId: string } | undefined {
  const named = /^lineage:\/(?:[^/?#]+\/)?[^/?#]+\.lineage-path\.json\?([^#]+)$/.exec(uri);
  if (named) {
    // As VS Code writes it (%2F), or decoded (uri.toString(true)): a named path's id holds no "/".
    const query = named[1]!;
    const encoded = query.toUpperCase().lastIndexOf(ID_SEPARATOR);
    const plain = query.lastIndexOf('/');
    const [at, width] = plain > encoded ? [plain, 1] : [encoded, ID_SEPARATOR.length];
    return at > 0 ? decodedIds(query.slice(0, at), query.slice(at + width)) : undefined;
  }
  const m = /^lineage:\/([^/]+)\/(?:([^/]+)\.lineage-path\.json|([^/]+)\/[^/]*\.lineage-path\.json)$/.exec(
    uri,
  );
  return m ? decodedIds(m[1]!, m[2] ?? m[3]!) : undefined;
}

/** Both ids %-decoded, neither empty; undefined for a malformed %-escape (not one of ours). */
function decodedIds(
  componentId: string,
  pathId: string,
): { componentId: string; pathId: string } | undefined {
  try {
    const ids = { componentId: decodeURIComponent(componentId), pathId: decodeURIComponent(pathId) };
    return ids.componentId && ids.pathId ? ids : undefined;
  } catch {
    return undefined;
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

/** One page of a component's versions, newest first (operation 9; paging in choices.ts VERSIONS_PAGE). */
export const VersionsRequest = new RequestType<
  { componentId: string; limit?: number; offset?: number },
  VersionsResponse,
  void
>('lineageLens/versions');

/** One version of a path in its history: an edit that wrote it, or the scan that recorded it. */
export interface PathHistoryEntry {
  kind: 'edit' | 'scan';
  /** The id the path had in this version (an edit gives the path a new id). */
  versionPathId: string;
  /** The version before this one, for Compare with Previous; absent on the oldest. */
  previousVersionPathId?: string;
  /** Whether the service still holds this version's text (Open, Compare). */
  readable: boolean;
  commitSha: string;
  committedAt: string;
  recordedAt: string;
  reason?: string;
  /** Who recorded an edit (the API key's name, where the service says). */
  recordedBy?: string;
  branch?: string;
  jobTrigger?: string;
}
export interface PathHistory {
  /** The path's friendly label ("createOrder → insertOrder") and its component's name. */
  label: string;
  componentName: string;
  /** Newest first; one row per edit, then the scan the path came from. */
  entries: PathHistoryEntry[];
  /** False when the history was cut short (too many events read, or a service that does not page). */
  complete: boolean;
}
/** The versions of one path (operation 9, read newest first until the path's scan). */
export const PathHistoryRequest = new RequestType<{ componentId: string; pathId: string }, PathHistory, void>(
  'lineageLens/pathHistory',
);
/** The text of one version of a path, in the path document's format (read-only). */
export const PathVersionDocumentRequest = new RequestType<
  { componentId: string; pathId: string; versionPathId: string },
  { text: string },
  void
>('lineageLens/pathVersionDocument');

/** A DARN the workspace knows: from a contract file, or a data store of the lineage. */
export interface KnownDarn {
  darn: string;
  sources: Array<{ kind: 'contract' | 'dataStore'; name: string; uri?: string }>;
}
/** The DARNs to offer in Look Up Data Assets, sorted. */
export const KnownDarnsRequest = new RequestType0<KnownDarn[], void>('lineageLens/knownDarns');

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
export interface ContractFileSummary {
  uri: string;
  shape: 'file' | 'request';
  /** The file form's `name`. */
  name?: string;
  darn?: string;
  /** The name of the loaded data store the DARN addresses (names a contract that has no name). */
  assetName?: string;
  /**
   * The service's contract this file is: the `id` it declares (`file`), else, when asked for and
   * signed in, the `contractId` of its DARN's data asset (`dataAsset`, operation 7).
   */
  contractId?: string;
  contractIdFrom?: 'file' | 'dataAsset';
}
export interface ContractFilesParams {
  uris: string[];
  /**
   * The contract ids the user configured (`lineageLens.contracts`): any that no file declares is looked
   * for among the data assets of the files' DARNs, so the view can show it by its file's name.
   */
  contractIds?: string[];
}
/** Which of the given files hold a contract (by content), with their names and ids: for the Contracts view. */
export const ContractFilesRequest = new RequestType<ContractFilesParams, ContractFileSummary[], void>(
  'lineageLens/contractFiles',
);
/** Server → client after a compliance check the server ran on its own (on save, setting complianceOnSave). */
export const ComplianceCheckedNotification = new NotificationType<
  ComplianceResponse & { uri: string; darn: string; name?: string }
>('lineageLens/complianceChecked');
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
/** Edges (operation 12), with the display names of the components the server has loaded (by id). */
export const EdgesRequest = new RequestType<
  { namespace?: string },
  { edges: Edge[]; names: Record<string, string> },
  void
>('lineageLens/edges');
export const HistoryFiltersRequest = new RequestType<{ commitSha?: string }, HistoryFilters, void>(
  'lineageLens/historyFilters',
);

// ---- Anchor repair ("Update the anchor on the service") ---------------------------------------------

/** An anchor's coordinates as the service holds them (1-based, inclusive). */
export interface AnchorLines {
  line_start?: number;
  line_end?: number;
  column_start?: number;
  column_end?: number;
}
/** One drifted anchor: where the service says it is, where it is now, and the reason a repair writes. */
export interface AnchorRepair {
  componentId: string;
  pathId: string;
  anchorId: string;
  /** The anchor's name, else its id (service text: escape it for where it is shown). */
  label: string;
  /** The component's friendly name, else its name, else its id (service text). */
  componentName: string;
  /** The path's short label, "createOrder → insertOrder" (service text). */
  pathLabel: string;
  /** The anchor's `file` as recorded. */
  file: string;
  /** The file it was found in, and its current range there. */
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  recorded: AnchorLines;
  current: AnchorLines;
  /** e.g. "anchor moved from 369–377 to 374–382" (written as the path's `reason`). */
  reason: string;
  /**
   * Set when the new lines did not exist at the commit the path is recorded at (code added since): the
   * scanned commit (the newest scan, or HEAD when scanned) the write records the whole path at instead, its other anchors carried there.
   */
  commit?: string;
}
/** Selects anchors: one anchor, one path, one component, or (empty) the whole workspace. */
export interface AnchorScope {
  componentId?: string;
  pathId?: string;
  anchorId?: string;
  /**
   * An ambiguous anchor: the candidate definition the user picked (one of ResolvedAnchor.candidates).
   * The anchor is placed there first, so it is drifted and its repair records it.
   */
  candidate?: { start: { line: number; character: number }; end: { line: number; character: number } };
}
/**
 * Fetches the scanned commits this clone lacks (anchors placed without them are unverified) from each
 * repository's remote, then places the anchors again. The result says what was fetched and what not.
 */
export const FetchScannedCommitsRequest = new RequestType0<
  { fetched: number; missing: number; failures: string[] },
  void
>('lineageLens/fetchScannedCommits');
/** The drifted anchors in a scope, for the client to show before anything is written. */
export const AnchorRepairsRequest = new RequestType<AnchorScope, { repairs: AnchorRepair[] }, void>(
  'lineageLens/anchorRepairs',
);
export type AnchorRepairResult =
  | {
      kind: 'saved';
      componentId: string;
      pathId: string;
      newPathId: string;
      anchorIds: string[];
      reason: string;
    }
  | { kind: 'refused'; componentId: string; pathId: string; anchorIds: string[]; message: string };
/**
 * Writes the repairs the user confirmed (as AnchorRepairsRequest listed them; the members only shown
 * may be left out, see protocolSchemas.ts): one operation 1 per path, with every repaired anchor of it and
 * the reasons joined. A path whose anchors changed on the service since (or that the service refuses)
 * is not written; its result says why. Nothing else of the path changes.
 */
export const RepairAnchorsRequest = new RequestType<
  { repairs: AnchorRepair[] },
  { results: AnchorRepairResult[] },
  void
>('lineageLens/repairAnchors');

// ---- Lineage graph and impact (server-owned model, answered from the cache) ------------------------

// The graph's ids and mapping kinds live in graphIds.ts (the command line's graph code uses them without
// loading the LSP protocol); the client and the protocol's users keep importing them from here.
export {
  MAPPING_KINDS,
  boundaryNodeId,
  fieldId,
  parseFieldId,
  storeNodeId,
  type FieldRef,
  type MappingKind,
} from './graphIds';
import type { FieldRef, MappingKind } from './graphIds';

/** What a graph or an impact is centred on. */
export type GraphFocus =
  | { kind: 'component'; componentId: string }
  | { kind: 'path'; componentId: string; pathId: string }
  | { kind: 'field'; field: FieldRef }
  | { kind: 'namespace'; namespace: string };

export interface GraphFilters {
  /** Only components of these namespaces (empty or absent: all). */
  namespaces?: string[];
  /** Only flows through fields that carry this tag (applied or depended on), by tag name. */
  tag?: string;
  /** Mapping kinds followed (absent: all). */
  kinds?: MappingKind[];
  /** Component crossings followed upstream and downstream of the focus (0–6, default 2). */
  depthUp?: number;
  depthDown?: number;
}

export interface GraphParams {
  focus: GraphFocus;
  filters?: GraphFilters;
  /** Components shown with their boundaries and fields (besides the focus's own). */
  expand?: string[];
  /** Components the user collapsed: shown with counts, even the focus or a small scope's. */
  collapse?: string[];
}

export interface GraphTag {
  name: string;
  color?: string;
  /** Depends-on tags only: service boundaries crossed to the nearest field carrying it. */
  hops?: number;
}
export interface GraphField {
  id: string;
  name: string;
  tags: GraphTag[];
  dependsOn: GraphTag[];
}
/** A boundary of a CODE component (ports of the component), or the schema of a DATA_STORE. */
export interface GraphBoundary {
  id: string;
  label: string;
  signature?: string;
  payload?: string;
  kind?: string;
  roles: Array<'ingress' | 'egress' | 'schema'>;
  fields: GraphField[];
  /** Fields left out of `fields` (beyond the row limit). */
  moreFields: number;
}
export interface GraphPath {
  id: string;
  label: string;
  ingress: string;
  egress: string;
  suppressed: boolean;
  /** Whether the path has a resolved code anchor (so "open source" can work). */
  anchored: boolean;
}
export interface GraphNode {
  /** The component id. */
  id: string;
  type: 'CODE' | 'DATA_STORE' | string;
  label: string;
  namespace: string;
  storeKind?: string;
  /** Shown with boundaries and fields; otherwise one box with counts. */
  expanded: boolean;
  counts: { paths: number; boundaries: number; fields: number; taggedFields: number };
  boundaries: GraphBoundary[];
  paths: GraphPath[];
  /** Boundaries of the component left out (not on the flow shown). */
  moreBoundaries: number;
  /** Components connected to this one but outside the scope shown. */
  hiddenNeighbours: number;
  /**
   * Of those, the ones the depth filter left out: this component is as far up or down as the depth
   * goes, and these are one crossing further (absent when none).
   */
  beyondDepth?: { up: number; down: number };
}
export interface GraphEdge {
  id: string;
  /** Node id, boundary id or field id. */
  source: string;
  target: string;
  /**
   * `component`: an edge of operation 12 (or implied by fields) between collapsed components;
   * `path`: a path's ingress → egress inside a component; `mapping`: a field mapping inside a
   * component; `crossing`: a field to the same field across components.
   */
  kind: 'component' | 'path' | 'mapping' | 'crossing';
  mapping?: MappingKind;
  /** Field flows folded into this edge (component edges). */
  count?: number;
  pathId?: string;
  suppressed?: boolean;
}
export interface GraphResult {
  focus: GraphFocus;
  /** Node (component) ids, boundary ids or field ids at the centre. */
  centre: string[];
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Namespaces and tag names present in the loaded data, for the filter pickers. */
  namespaces: string[];
  tags: string[];
  /** Set when the scope was cut to stay drawable (e.g. "120 components of 480 shown"). */
  truncated?: string;
  /** Whether the whole scope was collapsed to component level with counts. */
  collapsed: boolean;
}
export const GraphRequest = new RequestType<GraphParams, GraphResult, void>('lineageLens/graph');

/** The graph and where its boxes and edges go, laid out by the server for a panel in `direction`. */
export interface LaidOutGraphParams {
  graph: GraphParams;
  direction: GraphDirection;
}
export interface LaidOutGraph {
  graph: GraphResult;
  layout: GraphLayout;
}
/**
 * The graph panel's request: the graph laid out by elkjs in a child process of the server (or on the
 * server's kept layout of the graph's shape, when only edges it has routes for differ). A newer one
 * supersedes a layout still running: the older request fails (the panel has moved on).
 */
export const LaidOutGraphRequest = new RequestType<LaidOutGraphParams, LaidOutGraph, void>(
  'lineageLens/laidOutGraph',
);
/** The graph a link in front of the user opens, as the panel would ask for it (none: not known). */
export interface WarmGraphLayoutParams {
  graph?: LaidOutGraphParams;
}
/**
 * A hover or an item offering the lineage graph was shown: the server may start its layout process ahead
 * of a click, and lay out the graph the click would open when it is small (else a small graph of its
 * own, to warm the process up). The process stops again after a while unused.
 */
export const WarmGraphLayoutNotification = new NotificationType<WarmGraphLayoutParams>(
  'lineageLens/warmGraphLayout',
);

/** Upstream and downstream flow of one field (field mode), for highlighting without a new layout. */
export interface FieldFlowResult {
  field: string;
  upstream: Array<{ id: string; hops: number }>;
  downstream: Array<{ id: string; hops: number }>;
  /** Edge ids of the graph (`GraphEdge.id`) on the flow. */
  edges: string[];
  /** Fields on the flow the depth filter left out (the Impact view, without a depth, counts them). */
  beyondDepth?: { upstream: number; downstream: number };
}
export const FieldFlowRequest = new RequestType<
  { field: string; filters?: GraphFilters },
  FieldFlowResult,
  void
>('lineageLens/fieldFlow');

/** A field, or the egress fields of one or more paths (the anchored code that writes them). */
export type ImpactTarget =
  | { kind: 'field'; field: FieldRef }
  | { kind: 'path'; componentId: string; pathId: string }
  | { kind: 'paths'; paths: PathRef[] };
export interface ImpactLocation {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}
export interface ImpactField {
  id: string;
  field: string;
  boundaryLabel: string;
  /** Component boundaries crossed from the changed field. */
  hops: number;
  /** Mapping kinds on the way (in order, without repeats). */
  kinds: MappingKind[];
  /** A path that carries it (CODE fields), to open its document, and its anchor if resolved. */
  path?: PathRef;
  anchor?: ImpactLocation;
}
export interface ImpactComponent {
  id: string;
  label: string;
  type: string;
  namespace: string;
  /** Nearest hops of its fields. */
  hops: number;
  /** Fields reached in this component (all counted; `fields` lists the nearest, see ImpactResult.truncated). */
  fieldCount: number;
  fields: ImpactField[];
}
export interface ImpactContract {
  darn: string;
  /** Its name, else its file's name. */
  name: string;
  /** The file gives no name: shown by the data store it covers (as the Contracts view does). */
  unnamed?: true;
  /** The contract file in the workspace. */
  uri: string;
  /** The DATA_STORE the contract's asset was matched to (see docs/impact.md). */
  storeId: string;
  storeLabel: string;
  hops: number;
  /** Fields of the store reached by the change. */
  fields: string[];
}
export interface ImpactResult {
  target: ImpactTarget;
  /** What was changed, e.g. "customer.email on CreateOrderRequest". */
  label: string;
  roots: string[];
  components: ImpactComponent[];
  contracts: ImpactContract[];
  counts: { fields: number; components: number; dataStores: number; contracts: number };
  /** Set when only the nearest fields are listed (counts stay exact). */
  truncated?: string;
}
export const ImpactRequest = new RequestType<{ target: ImpactTarget }, ImpactResult, void>(
  'lineageLens/impact',
);

/** The fields (or the path) at a place in a source file: what "Show Lineage Graph / Impact" there means. */
export interface TargetsAt {
  fields: Array<FieldRef & { label: string }>;
  paths: Array<PathRef & { label: string }>;
}
export type { TargetsAtParams };
/** Its params' schema, like every message's: protocolSchemas.ts. */
export const TargetsAtRequest = new RequestType<TargetsAtParams, TargetsAt, void>('lineageLens/targetsAt');

// ---- Agent tools (VS Code's language model tools; the same answers as `lineage-lens mcp`) -----------

/**
 * One call of a lineage tool for a language model (common/src/agentTools.ts names them, with their input
 * schemas): the extension only carries it; the server checks the input and answers read-only, with
 * service text cleaned and the answer paged. A tool that cannot answer says why in an answer (ok: false).
 */
export const AgentToolRequest = new RequestType<AgentToolParams, AgentToolAnswer, void>(
  'lineageLens/agentTool',
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
  /** For 'http': the status's title and the service's own message (untrusted text), to word it. */
  title?: string;
  reason?: string;
}
/** Error code used for every ResponseError that carries ServiceErrorData (in the server-defined range). */
export const SERVICE_ERROR_CODE = -32050;

// ---- Commands the server's hovers and lenses link to (implemented by the client) ----------------------
// Their ids are package.json's, through commands.generated.ts; this is the list the client's trusted
// Markdown enables (no other command can run from a hover). revealDataAsset takes the DARN;
// repairAnchor an AnchorScope (a code action passes the anchor of its diagnostic); fetchScannedCommits
// nothing (it fetches the scanned commits a clone lacks, then places the anchors again).
const LINKED_COMMANDS = [
  'revealPath',
  'editPath',
  'goToAnchor',
  'signIn',
  'showOutput',
  'showGraph',
  'showImpact',
  'revealDataAsset',
  'repairAnchor',
  'fetchScannedCommits',
] as const satisfies readonly (keyof typeof Commands)[];
type LinkedCommand = (typeof LINKED_COMMANDS)[number];
export const COMMANDS = Object.fromEntries(LINKED_COMMANDS.map((k) => [k, Commands[k]])) as {
  readonly [K in LinkedCommand]: (typeof Commands)[K];
};
/** Arguments of revealPath / editPath. */
export interface PathRef {
  componentId: string;
  pathId: string;
}

// ---- change impact (what the working tree's change breaks) --------------------------------------

/** The base a change is compared with: HEAD, or the merge-base with the upstream/default branch. */
export type ChangeImpactBase = 'HEAD' | 'branch';
export const CHANGE_IMPACT_DIAGNOSTIC_SOURCE = 'Lineage Lens change impact';

export interface ChangeImpactParams {
  base?: ChangeImpactBase;
  /** How diagnostics on changed anchored code are shown (setting lineageLens.changeImpact.severity). */
  severity?: 'information' | 'warning';
}

/** One report per workspace folder in a git repository (folders outside git are left out). */
export interface ChangeImpactResult {
  base: ChangeImpactBase;
  folders: Array<{ uri: string; report: import('./changeImpact').ChangeImpactReport }>;
  /** Why a folder could not be analysed (not in git, git missing …). */
  problems: string[];
}

/** The working tree's change impact (computed again when asked with other params). */
export const ChangeImpactRequest = new RequestType<ChangeImpactParams, ChangeImpactResult, void>(
  'lineageLens/changeImpact',
);
/**
 * A changed file as it was at the last analysis's base commit, for the diff a Change Impact row opens.
 * Only a file the folder's last report names; `text` is null when the file is not at the base.
 */
export const ChangeImpactBaseTextRequest = new RequestType<
  { folderUri: string; file: string },
  { text: string | null; ref: string },
  void
>('lineageLens/changeImpactBaseText');
/** The change impact was computed again (typing, a save, git): the view asks for it. */
export const ChangeImpactChangedNotification = new NotificationType<{
  touched: number;
  contractsAtRisk: number;
  breakingChanges: number;
}>('lineageLens/changeImpactChanged');
