// The typed surface of the service, one method per operation (implementation: httpClient.ts).
// Everything else in the language server talks to the service through this interface only.
import type {
  ApiKeyRecord,
  ComplianceResponse,
  ComponentDetailResponse,
  Contract,
  ContractSubscription,
  DataAssetBulkResult,
  EdgesResponse,
  HistoryFilters,
  LineagePath,
  MessageResponse,
  PathUpdateResponse,
  Projection,
  RegisterObjectStoreRequest,
  RegisterObjectStoreResponse,
  SubscriptionUpdate,
  VersionsResponse,
  ViolationStatus,
} from '../../../common/src/api';

export interface RequestOptions {
  /** Aborts the request (e.g. an LSP cancellation). */
  readonly signal?: AbortSignal;
}

/** A component read again (getComponentUnlessSame): the same bytes as before, or its detail. */
export type ComponentAnswer =
  | { unchanged: true; digest: string }
  | { unchanged?: false; component: ComponentDetailResponse['component']; digest?: string };

export interface LineageApi {
  /** 1 — read-only members are dropped and the body validated before sending. */
  updatePath(
    componentId: string,
    pathId: string,
    path: LineagePath,
    opts?: RequestOptions,
  ): Promise<PathUpdateResponse>;
  /** 2 */
  listApiKeys(opts?: RequestOptions): Promise<ApiKeyRecord[]>;
  /** 3 — `contractId` is the path id (see choices.ts). */
  updateSubscription(
    contractId: string,
    body: SubscriptionUpdate,
    opts?: RequestOptions,
  ): Promise<ContractSubscription>;
  /** 4 */
  getComponent(
    componentId: string,
    query?: { projection?: Projection; namespace?: string },
    opts?: RequestOptions,
  ): Promise<ComponentDetailResponse>;
  /**
   * 4 again, for a component read before: `unchanged` when the answer's bytes are those whose digest is
   * `previous` (nothing is parsed then). An answer read whole carries its digest (SHA-256 of the body)
   * for the next time; one streamed as it arrives (past the streaming size) carries none.
   */
  getComponentUnlessSame(
    componentId: string,
    query: { projection?: Projection; namespace?: string } | undefined,
    previous: string | undefined,
    opts?: RequestOptions,
  ): Promise<ComponentAnswer>;
  /** 5 */
  getDataAssets(
    darns: readonly string[],
    page?: { limit?: number; offset?: number },
    opts?: RequestOptions,
  ): Promise<DataAssetBulkResult>;
  /** 6 */
  getViolationStatus(contractId: string, opts?: RequestOptions): Promise<ViolationStatus>;
  /** 7 */
  getHistoryFilters(commitShaSearch?: string, opts?: RequestOptions): Promise<HistoryFilters>;
  /** 8 */
  deleteContract(contractId: string, opts?: RequestOptions): Promise<MessageResponse>;
  /** 9 */
  getVersions(
    componentId: string,
    page?: { limit?: number; offset?: number },
    opts?: RequestOptions,
  ): Promise<VersionsResponse>;
  /** 10 */
  checkCompliance(contract: Contract, opts?: RequestOptions): Promise<ComplianceResponse>;
  /** 11 */
  registerObjectStoreAssets(
    body: RegisterObjectStoreRequest,
    opts?: RequestOptions,
  ): Promise<RegisterObjectStoreResponse>;
  /** 12 */
  getEdges(namespace?: string, opts?: RequestOptions): Promise<EdgesResponse>;
  /** 13 */
  deleteWebhook(webhookId: string, opts?: RequestOptions): Promise<void>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

export interface ApiClientConfig {
  /** e.g. `http://127.0.0.1:7878`; the `/v0/...` paths are appended. */
  readonly baseUrl: string;
  /** Sent only in the X-API-KEY header, only to baseUrl's origin. */
  readonly apiKey: string;
  readonly timeoutMs?: number;
  readonly maxConcurrency?: number;
  readonly retries?: number;
  readonly maxResponseBytes?: number;
  /** First retry waits up to this long (full jitter, doubling per retry); default 200 ms. */
  readonly retryBaseDelayMs?: number;
  /**
   * A component answer past this size is read as it arrives, in slices (default STREAM_FROM_BYTES in
   * transport.ts): the language server keeps answering meanwhile. A one-shot run with nothing else to
   * answer (`lineage-lens check`) passes Infinity: parsing at once is 2–3 times faster.
   */
  readonly streamFromBytes?: number;
  /**
   * Members (by name, at any depth) cut from successful answers before they are parsed, for a run that
   * never reads them (dropMembers.ts): `lineage-lens impact` walks the lineage without tags.
   */
  readonly dropMembers?: readonly string[];
}
