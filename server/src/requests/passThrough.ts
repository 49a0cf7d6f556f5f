// Custom requests that are one service operation each, as a table over the operation table: the
// client asks, the server checks the params (their schema) and calls the operation with the session's API.
import type { Connection, RequestType } from 'vscode-languageserver';
import * as P from '../../../common/src/protocol';
import type { OperationName } from '../../../common/src/api/operations';
import type { LineageApi, RequestOptions } from '../api/apiClient';
import type { OnceLogger } from '../util/log';
import { checkedRequest } from '../api/handlers';

/** What a pass-through may add from the server's cache. */
export interface CacheLookups {
  /** A loaded component's display name (friendly name, else name). */
  componentName(id: string): string | undefined;
}

interface PassThrough {
  /** The service operation the request is (OPERATIONS key). */
  readonly operation: OperationName;
  register(connection: Connection, log: OnceLogger, api: () => LineageApi, cache: CacheLookups): void;
}

function passThrough<Params, Result>(
  type: RequestType<Params, Result, void>,
  operation: OperationName,
  call: (api: LineageApi, params: Params, opts: RequestOptions, cache: CacheLookups) => Promise<Result>,
): PassThrough {
  return {
    operation,
    register: (connection, log, api, cache) =>
      connection.onRequest(
        type,
        checkedRequest(log, type, (p, o) => call(api(), p, o, cache)),
      ),
  };
}

export const PASS_THROUGH: readonly PassThrough[] = [
  passThrough(P.VersionsRequest, 'getVersions', (api, p, o) =>
    api.getVersions(p.componentId, { limit: p.limit, offset: p.offset }, o),
  ),
  passThrough(P.ViolationStatusRequest, 'getViolationStatus', (api, p, o) =>
    api.getViolationStatus(p.contractId, o),
  ),
  passThrough(P.DeleteContractRequest, 'deleteContract', (api, p, o) => api.deleteContract(p.contractId, o)),
  passThrough(P.UpdateSubscriptionRequest, 'updateSubscription', (api, p, o) =>
    api.updateSubscription(p.contractId, p.subscription, o),
  ),
  passThrough(P.DataAssetsRequest, 'getDataAssets', (api, p, o) =>
    api.getDataAssets(p.darns, { limit: p.limit, offset: p.offset }, o),
  ),
  passThrough(P.DeleteWebhookRequest, 'deleteWebhook', (api, p, o) => api.deleteWebhook(p.webhookId, o)),
  // Edges name their components by id only; the names of loaded components come along for the view.
  passThrough(P.EdgesRequest, 'getEdges', async (api, p, o, cache) => {
    const { edges } = await api.getEdges(p.namespace || undefined, o);
    const names: Record<string, string> = {};
    for (const id of edges.flatMap((e) => [e.sourceComponentId, e.destinationComponentId])) {
      const n = cache.componentName(id);
      if (n) names[id] = n;
    }
    return { edges, names };
  }),
  passThrough(P.HistoryFiltersRequest, 'getHistoryFilters', (api, p, o) =>
    api.getHistoryFilters(p.commitSha || undefined, o),
  ),
];

export function registerPassThrough(
  connection: Connection,
  log: OnceLogger,
  api: () => LineageApi,
  cache: CacheLookups,
): void {
  for (const entry of PASS_THROUGH) entry.register(connection, log, api, cache);
}
