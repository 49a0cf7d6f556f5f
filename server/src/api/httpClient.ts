// The LineageApi over HTTP: requests built from the operation table, writes validated before
// sending, idempotent GETs retried with backoff, every answer validated against its schema.
import { createHash } from 'node:crypto';
import { apiKeyProblem } from '../../../common/src/untrustedText';
import { parseServiceUrl, type ServiceTarget, type ServiceUrlProblem } from '../../../common/src/serviceUrl';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  MAX_RESPONSE_BODY_BYTES,
  QUERY,
  type ApiKeyRecord,
  type ComplianceResponse,
  type ComponentDetailResponse,
  type Contract,
  type ContractSubscription,
  type DataAssetBulkResult,
  type EdgesResponse,
  type HistoryFilters,
  type LineagePath,
  type MessageResponse,
  type PathUpdateResponse,
  type Projection,
  type RegisterObjectStoreRequest,
  type RegisterObjectStoreResponse,
  type SubscriptionUpdate,
  type VersionsResponse,
  type ViolationStatus,
} from '../../../common/src/api';
import {
  OPERATIONS,
  expandPath,
  operationTitle,
  type OperationName,
} from '../../../common/src/api/operations';
import type { ApiClientConfig, ComponentAnswer, LineageApi, RequestOptions } from './apiClient';
import { RETRYABLE_STATUSES, backoffDelay, sleep } from './backoff';

import { CancelledError, InvalidRequestError, UnreachableError } from './errors';
import { interpret, parseNestingChecked, type BodyParser } from './responses';
import { MemberDropper } from './dropMembers';
import { BodyBuffers } from './bodyBuffers';
import { RepeatedLists } from './repeatedLists';
import { STREAMED, StreamedJsonReader } from './streamedResponse';
import { STREAM_FROM_BYTES, Transport, type BodyReader, type Context, type RawResponse } from './transport';
import { checkedBody, pathUpdateBody, requireId } from './writes';

export const CLIENT_DEFAULTS = {
  timeoutMs: 15_000,
  retries: 2,
  maxConcurrency: 8,
  retryBaseDelayMs: 200,
  maxResponseBytes: MAX_RESPONSE_BODY_BYTES,
} as const;

const KEY_PROBLEMS = {
  empty: 'No API key is configured.',
  notHeaderSafe: 'The API key contains characters that cannot be sent in an HTTP header.',
  tooShort: 'The API key is too short.',
} as const;

type Target = ServiceTarget;

/** The configuration problem, if any; the message never repeats the key. */
export function validateConfig(config: ApiClientConfig): InvalidRequestError | undefined {
  const target = parseBaseUrl(config.baseUrl);
  if (typeof target === 'string')
    return new InvalidRequestError(`The service URL ${target}.`, undefined, 'baseUrl');
  const keyProblem = typeof config.apiKey === 'string' ? apiKeyProblem(config.apiKey) : 'empty';
  if (keyProblem) return new InvalidRequestError(KEY_PROBLEMS[keyProblem], undefined, 'apiKey');
  for (const name of ['timeoutMs', 'maxConcurrency', 'maxResponseBytes'] as const) {
    const v = config[name];
    if (v !== undefined && !(Number.isInteger(v) && v > 0)) {
      return new InvalidRequestError(
        `The client setting ${name} must be a positive integer.`,
        undefined,
        name,
      );
    }
  }
  for (const name of ['retries', 'retryBaseDelayMs'] as const) {
    const v = config[name];
    if (v !== undefined && !(Number.isInteger(v) && v >= 0)) {
      return new InvalidRequestError(`The client setting ${name} must be a whole number.`, undefined, name);
    }
  }
  return undefined;
}

/** The origin, prefix and display form of a base URL, or a sentence tail saying what is wrong. */
function parseBaseUrl(baseUrl: unknown): Target | string {
  const target = parseServiceUrl(baseUrl);
  return 'problem' in target ? URL_PROBLEMS[target.problem] : target;
}

/**
 * Buffers kept for answers read whole: at most STREAM_FROM_BYTES each in the language server (larger
 * answers are streamed); any answer, a whole component's too, in a one-shot run that streams none.
 */
const BUFFERED_ANSWER_BUFFERS = { keepUpToBytes: 2 * 1024 * 1024, keepCount: 4 };
const WHOLE_ANSWER_BUFFERS = { keepUpToBytes: 64 * 1024 * 1024, keepCount: 8 };

const URL_PROBLEMS: Record<ServiceUrlProblem, string> = {
  missing: 'is not configured',
  invalid: 'is not a valid URL',
  scheme: 'must start with http:// or https://',
  credentials: 'must not contain a user name or password',
  queryOrFragment: 'must not contain a query or fragment',
};

interface Call {
  readonly params?: Record<string, string>;
  readonly query?: URLSearchParams;
  /** JSON text, already validated. */
  readonly body?: string;
}

export class HttpLineageApi implements LineageApi {
  private readonly transport: Transport | undefined;
  private readonly configError: InvalidRequestError | undefined;
  private readonly target: Target;
  private readonly apiKey: string;
  private readonly retries: number;
  private readonly retryBaseDelayMs: number;
  private readonly maxConcurrency: number;
  /** Members cut from every success body before it is parsed (none: undefined). */
  private readonly dropper: MemberDropper | undefined;
  /** The buffers answers read whole are gathered in, from one answer to the next. */
  private readonly buffers: BodyBuffers;
  /** Component answers' repeated depends-on lists, parsed once for every answer of this client. */
  private readonly lists: RepeatedLists;
  private readonly parseComponent = (body: Buffer) => this.lists.parse(body);

  /** Never throws: a bad configuration makes every call reject with the InvalidRequestError. */
  constructor(config: ApiClientConfig) {
    this.configError = validateConfig(config);
    const parsed = parseBaseUrl(config.baseUrl);
    this.target =
      typeof parsed === 'string' ? { origin: '', prefix: '', display: '(not configured)' } : parsed;
    this.apiKey = typeof config.apiKey === 'string' ? config.apiKey : '';
    this.retries = config.retries ?? CLIENT_DEFAULTS.retries;
    this.retryBaseDelayMs = config.retryBaseDelayMs ?? CLIENT_DEFAULTS.retryBaseDelayMs;
    this.maxConcurrency = config.maxConcurrency ?? CLIENT_DEFAULTS.maxConcurrency;
    this.dropper = config.dropMembers?.length ? new MemberDropper(config.dropMembers) : undefined;
    this.buffers = new BodyBuffers(
      (config.streamFromBytes ?? STREAM_FROM_BYTES) > STREAM_FROM_BYTES
        ? WHOLE_ANSWER_BUFFERS
        : BUFFERED_ANSWER_BUFFERS,
    );
    this.lists = new RepeatedLists(this.buffers);
    this.transport = this.configError
      ? undefined
      : new Transport({
          origin: this.target.origin,
          display: this.target.display,
          apiKey: this.apiKey,
          timeoutMs: config.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs,
          maxResponseBytes: config.maxResponseBytes ?? CLIENT_DEFAULTS.maxResponseBytes,
          connections: this.maxConcurrency,
          bodies: this.buffers,
          ...(config.streamFromBytes !== undefined ? { streamFromBytes: config.streamFromBytes } : {}),
        });
  }

  async updatePath(
    componentId: string,
    pathId: string,
    path: LineagePath,
    opts?: RequestOptions,
  ): Promise<PathUpdateResponse> {
    const op = OPERATIONS.updatePath;
    const ctx = this.context('updatePath');
    const params = {
      id: requireId(componentId, 'componentId', ctx),
      pathId: requireId(pathId, 'pathId', ctx),
    };
    const body = pathUpdateBody(op.body, path, ctx, this.apiKey);
    return this.call('updatePath', { params, body }, opts);
  }

  async listApiKeys(opts?: RequestOptions): Promise<ApiKeyRecord[]> {
    return this.call('listApiKeys', {}, opts);
  }

  async updateSubscription(
    contractId: string,
    body: SubscriptionUpdate,
    opts?: RequestOptions,
  ): Promise<ContractSubscription> {
    const ctx = this.context('updateSubscription');
    const params = { id: requireId(contractId, 'contractId', ctx) };
    return this.call(
      'updateSubscription',
      { params, body: checkedBody(OPERATIONS.updateSubscription.body, body, ctx, this.apiKey) },
      opts,
    );
  }

  async getComponent(
    componentId: string,
    query?: { projection?: Projection; namespace?: string },
    opts?: RequestOptions,
  ): Promise<ComponentDetailResponse> {
    return this.call('getComponent', this.componentCall(componentId, query), opts);
  }

  /** Operation 4's path parameter and query. */
  private componentCall(
    componentId: string,
    query: { projection?: Projection; namespace?: string } | undefined,
  ): Call {
    const params = { id: requireId(componentId, 'componentId', this.context('getComponent')) };
    const q = new URLSearchParams();
    if (query?.projection !== undefined) q.set(QUERY.projection, query.projection);
    if (query?.namespace !== undefined) q.set(QUERY.namespace, query.namespace);
    return { params, query: q };
  }

  async getComponentUnlessSame(
    componentId: string,
    query: { projection?: Projection; namespace?: string } | undefined,
    previous: string | undefined,
    opts?: RequestOptions,
  ): Promise<ComponentAnswer> {
    const { raw, ctx } = await this.send('getComponent', this.componentCall(componentId, query), opts);
    try {
      let digest: string | undefined;
      // Taken before the body's buffer is given back (finally): the bytes are the answer's own.
      if ('body' in raw && raw.status >= 200 && raw.status < 300) {
        digest = createHash('sha256').update(raw.body).digest('base64');
        if (digest === previous) return { unchanged: true, digest };
      }
      const { component } = this.read('getComponent', raw, ctx);
      return digest === undefined ? { component } : { component, digest };
    } finally {
      if ('release' in raw) raw.release?.();
    }
  }

  async getDataAssets(
    darns: readonly string[],
    page?: { limit?: number; offset?: number },
    opts?: RequestOptions,
  ): Promise<DataAssetBulkResult> {
    // Bounds are the service's to enforce (it answers 400), so they are sent as given.
    const q = new URLSearchParams();
    for (const darn of darns) q.append(QUERY.darn, darn);
    if (page?.limit !== undefined) q.set(QUERY.limit, String(page.limit));
    if (page?.offset !== undefined) q.set(QUERY.offset, String(page.offset));
    return this.call('getDataAssets', { query: q }, opts);
  }

  async getViolationStatus(contractId: string, opts?: RequestOptions): Promise<ViolationStatus> {
    const params = { id: requireId(contractId, 'contractId', this.context('getViolationStatus')) };
    return this.call('getViolationStatus', { params }, opts);
  }

  async getHistoryFilters(commitShaSearch?: string, opts?: RequestOptions): Promise<HistoryFilters> {
    const q = new URLSearchParams();
    if (commitShaSearch !== undefined) q.set(QUERY.commitSha, commitShaSearch);
    return this.call('getHistoryFilters', { query: q }, opts);
  }

  async deleteContract(contractId: string, opts?: RequestOptions): Promise<MessageResponse> {
    const params = { id: requireId(contractId, 'contractId', this.context('deleteContract')) };
    return this.call('deleteContract', { params }, opts);
  }

  async getVersions(
    componentId: string,
    page?: { limit?: number; offset?: number },
    opts?: RequestOptions,
  ): Promise<VersionsResponse> {
    const params = { id: requireId(componentId, 'componentId', this.context('getVersions')) };
    const q = new URLSearchParams();
    if (page?.limit !== undefined) q.set(QUERY.versionsLimit, String(page.limit));
    if (page?.offset !== undefined) q.set(QUERY.versionsOffset, String(page.offset));
    return this.call('getVersions', { params, query: q }, opts);
  }

  async checkCompliance(contract: Contract, opts?: RequestOptions): Promise<ComplianceResponse> {
    const body = checkedBody(
      OPERATIONS.checkCompliance.body,
      { contract },
      this.context('checkCompliance'),
      this.apiKey,
    );
    return this.call('checkCompliance', { body }, opts);
  }

  async registerObjectStoreAssets(
    body: RegisterObjectStoreRequest,
    opts?: RequestOptions,
  ): Promise<RegisterObjectStoreResponse> {
    const ctx = this.context('registerObjectStoreAssets');
    return this.call(
      'registerObjectStoreAssets',
      { body: checkedBody(OPERATIONS.registerObjectStoreAssets.body, body, ctx, this.apiKey) },
      opts,
    );
  }

  async getEdges(namespace?: string, opts?: RequestOptions): Promise<EdgesResponse> {
    const q = new URLSearchParams();
    if (namespace !== undefined) q.set(QUERY.edgesNamespace, namespace);
    return this.call('getEdges', { query: q }, opts);
  }

  async deleteWebhook(webhookId: string, opts?: RequestOptions): Promise<void> {
    const params = { id: requireId(webhookId, 'webhookId', this.context('deleteWebhook')) };
    await this.call('deleteWebhook', { params }, opts);
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }

  private context(name: OperationName): Context {
    const number = OPERATIONS[name].number;
    return { number, title: operationTitle(number) };
  }

  /** Sends one operation and returns its validated success value. */
  private async call<N extends OperationName>(
    name: N,
    call: Call,
    opts: RequestOptions | undefined,
  ): Promise<ResponseOf<N>> {
    const { raw, ctx } = await this.send(name, call, opts);
    try {
      return this.read(name, raw, ctx);
    } finally {
      if ('release' in raw) raw.release?.();
    }
  }

  /** Sends one operation and returns its answer unread (whoever reads it releases it). */
  private async send(
    name: OperationName,
    call: Call,
    opts: RequestOptions | undefined,
  ): Promise<{ raw: RawResponse; ctx: Context }> {
    if (this.configError) throw this.configError;
    const op = OPERATIONS[name];
    const ctx = this.context(name);
    const query = call.query?.toString();
    const path = this.target.prefix + expandPath(op.path, call.params ?? {}) + (query ? `?${query}` : '');
    const req = { method: op.method, path, ...(call.body !== undefined ? { body: call.body } : {}) };
    const streamed = STREAMED[name];
    const reader = streamed ? () => new StreamedJsonReader(streamed, ctx, this.apiKey) : undefined;
    return { raw: await this.exchange(req, ctx, opts?.signal, reader), ctx };
  }

  /** A success's validated value (read at once: its buffer is given back when this returns). */
  private read<N extends OperationName>(name: N, answer: RawResponse, ctx: Context): ResponseOf<N> {
    const op = OPERATIONS[name];
    let raw = answer;
    let parse: BodyParser | undefined = name === 'getComponent' ? this.parseComponent : undefined;
    if (this.dropper && 'body' in raw && raw.status >= 200 && raw.status < 300) {
      const cut = this.dropper.drop(raw.body);
      raw = { ...raw, body: cut.text };
      // The cut read every byte it kept: a nesting it found within the limit is not read again.
      if (cut.nesting === 'tooDeep') parse = () => 'tooDeep';
      else if (cut.nesting === 'within') parse = parseNestingChecked;
    }
    const schema: TSchema | undefined = 'response' in op ? op.response : undefined;
    return interpret(raw, schema, ctx, this.target.display, this.apiKey, parse) as ResponseOf<N>;
  }

  /** The exchange, retried only for GET (idempotent) on network failures and 502/503/504. */
  private async exchange(
    req: Parameters<Transport['send']>[0],
    ctx: Context,
    signal: AbortSignal | undefined,
    reader: (() => BodyReader) | undefined,
  ): Promise<RawResponse> {
    const transport = this.transport!;
    const retries = req.method === 'GET' ? this.retries : 0;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      try {
        const raw = await transport.send(req, ctx, signal, reader);
        if (last || !RETRYABLE_STATUSES.has(raw.status)) return raw;
      } catch (e) {
        if (last || !(e instanceof UnreachableError)) throw e;
      }
      await sleep(
        backoffDelay(attempt, this.retryBaseDelayMs),
        signal,
        () => new CancelledError(`The ${ctx.title} request was cancelled.`, ctx.number),
      );
    }
  }
}

type ResponseOf<N extends OperationName> = (typeof OPERATIONS)[N] extends {
  response: infer S extends TSchema;
}
  ? Static<S>
  : void;
