// Every choice we made where the service description says "not shown". Both the API client and
// the local service read these, so changing one here changes both sides together.

/** Query parameter names (spec: "Name of the query parameter ... not shown"). */
export const QUERY = {
  /** Operation 4: path projection mode, `collapsed` (default) or `all`. */
  projection: 'projection',
  /** Operation 4: namespace guard; a component outside it answers 404. */
  namespace: 'namespace',
  /** Operation 5: the DARN list, repeated once per DARN (`?darn=a&darn=b`). */
  darn: 'darn',
  /** Operation 5: maximum number of results, 1..1000, default 1000. */
  limit: 'limit',
  /** Operation 5: number of results to skip, >= 0, default 0. */
  offset: 'offset',
  /** Operation 7: commit-SHA search (prefix match, case-insensitive). */
  commitSha: 'commitSha',
  /** Operation 9: versions per page, 1..VERSIONS_PAGE.max, default VERSIONS_PAGE.default. */
  versionsLimit: 'limit',
  /** Operation 9: number of versions (newest first) to skip, >= 0, default 0. */
  versionsOffset: 'offset',
  /** Operation 12: namespace scope (named by the spec). */
  edgesNamespace: 'namespace',
} as const;

/** Success status codes. Only operation 1's (200) is documented; the rest are ours. */
export const SUCCESS_STATUS = {
  updatePath: 200,
  listApiKeys: 200,
  updateSubscription: 200,
  getComponent: 200,
  getDataAssets: 200,
  getViolationStatus: 200,
  getHistoryFilters: 200,
  deleteContract: 200,
  getVersions: 200,
  checkCompliance: 200,
  registerObjectStoreAssets: 200,
  getEdges: 200,
  /** Webhook deletion's body is "not shown": we answer 204 with no body. */
  deleteWebhook: 204,
} as const;

/** Error statuses the local service uses where the description lists bodies but not codes. */
export const ERROR_STATUS = {
  badRequest: 400,
  /** Missing or unknown X-API-KEY ("result of a missing or invalid API key: not shown"). */
  unauthorized: 401,
  /** The local service: a request whose Host header is not a loopback name or address. */
  forbiddenHost: 403,
  notFound: 404,
  payloadTooLarge: 413,
  internal: 500,
} as const;

/**
 * Operation 9's entries are "not shown". Ours: `kind` SCAN (one per scanned commit), BYO_PATH_ADDED
 * and BYO_PATH_DELETED (the events of operation 1, with `path_id`); a SCAN entry lists in `path_ids`
 * the SCAN_OUTPUT paths it recorded. That is how a client learns the commit an anchor's recorded
 * lines refer to: a SCAN_OUTPUT path's scan, an override's BYO_PATH_ADDED commit.
 */
export const SCAN_ENTRY_LISTS_PATHS = true;

/**
 * Path events carry a path's history ("fields of a version entry: not shown"): BYO_PATH_ADDED names
 * the path it replaced (`replaces_path_id`), BYO_PATH_DELETED holds the retired path as it was
 * (`path`), and both say who recorded them (`recorded_by`, the API key's name). A path's versions
 * are then the chain of updates back to its scan, each readable after the path is gone. A service
 * without these members still lists the events; versions it does not keep cannot be opened.
 */
export const PATH_EVENT_HISTORY = true;

/**
 * Operation 9 is paged ("pagination of other lists: not shown"): newest first, `limit`/`offset` as in
 * operation 5, and the response carries `totalCount`, `limit` and `offset` beside `versions`. A
 * service that does not page answers without `totalCount`: its list is then the whole history.
 */
export const VERSIONS_PAGE = { default: 100, max: 1000 } as const;

/** Operations 10 and 11 omit the header in their samples; we require it everywhere. */
export const AUTH_REQUIRED_EVERYWHERE = true;

/**
 * Operation 3's path `id` is "described as the UUID of the contract": we take it as the contract id,
 * and the subscription updated is that contract's subscription for the body's `userId` (created when
 * the user has none). A body `dataContractId` that differs from the path id is a 400.
 */
export const SUBSCRIPTION_KEYED_BY_CONTRACT_AND_USER = true;

/** Item statuses in a bulk data-asset result besides `success`. */
export const DATA_ASSET_ITEM_STATUS = {
  success: 'success',
  notFound: 'not_found',
  invalid: 'invalid_darn',
} as const;

/** violation_state values besides the documented `violation`. */
export const VIOLATION_STATE = { violation: 'violation', compliant: 'compliant' } as const;

/** Boundary `schema` format: a JSON Schema object (`type`/`properties`/`items`); see fields.ts. */
export const BOUNDARY_SCHEMA_FORMAT = 'json-schema' as const;

/** Largest JSON body the local service accepts and the client reads (bytes). */
export const MAX_REQUEST_BODY_BYTES = 1_048_576;
export const MAX_RESPONSE_BODY_BYTES = 32 * 1_048_576;
/**
 * Deepest nesting of arrays and objects accepted in a JSON body, either way: the local service answers
 * a deeper request 400 naming it, the client refuses a deeper response. Free-form members (a boundary
 * `schema`, component `metadata`) are the ones that nest; a schema 100 fields deep nests ~200 levels.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * The DARN shape: `type://source:path`, e.g. `s3://bucket:events/*.parquet`,
 * `postgres://host:5432:db.schema.table`, `json_schema://…` (types may hold `_`). Finding DARNs in
 * running text: common/src/darns.ts.
 */
export const DARN_PATTERN = '^[a-z][a-z0-9_+.-]*://[^\\s:]+:\\S+$';

/** DARN of an object-store asset registered by operation 11. */
export function objectStoreDarn(bucket: string, pattern: string): string {
  return `s3://${bucket}:${pattern}`;
}
