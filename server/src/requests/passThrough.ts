// Custom requests that are one service operation each, as a table over the operation table: the
// client asks, the server checks the ids and calls the operation with the session's API.
import type { Connection, RequestType } from 'vscode-languageserver';
import * as P from '../../../common/src/protocol';
import type { OperationName } from '../../../common/src/api/operations';
import type { LineageApi, RequestOptions } from '../api/apiClient';
import type { OnceLogger } from '../util/log';
import { request } from '../util/handlers';
import { requireString } from './service';

interface PassThrough {
  /** The service operation the request is (OPERATIONS key). */
  readonly operation: OperationName;
  register(connection: Connection, log: OnceLogger, api: () => LineageApi): void;
}

function passThrough<Params, Result>(
  type: RequestType<Params, Result, void>,
  operation: OperationName,
  call: (api: LineageApi, params: Params, opts: RequestOptions) => Promise<Result>,
): PassThrough {
  const name = type.method.replace(/^lineageLens\//, '');
  return {
    operation,
    register: (connection, log, api) =>
      connection.onRequest(
        type,
        request(log, name, (p: Params, o) => call(api(), p, o)),
      ),
  };
}

export const PASS_THROUGH: readonly PassThrough[] = [
  passThrough(P.VersionsRequest, 'getVersions', (api, p, o) =>
    api.getVersions(requireString(p?.componentId, 'componentId'), { limit: p?.limit, offset: p?.offset }, o),
  ),
  passThrough(P.ViolationStatusRequest, 'getViolationStatus', (api, p, o) =>
    api.getViolationStatus(requireString(p?.contractId, 'contractId'), o),
  ),
  passThrough(P.DeleteContractRequest, 'deleteContract', (api, p, o) =>
    api.deleteContract(requireString(p?.contractId, 'contractId'), o),
  ),
  passThrough(P.UpdateSubscriptionRequest, 'updateSubscription', (api, p, o) =>
    api.updateSubscription(requireString(p?.contractId, 'contractId'), p.subscription ?? {}, o),
  ),
  passThrough(P.DataAssetsRequest, 'getDataAssets', (api, p, o) =>
    api.getDataAssets(Array.isArray(p?.darns) ? p.darns : [], { limit: p?.limit, offset: p?.offset }, o),
  ),
  passThrough(P.DeleteWebhookRequest, 'deleteWebhook', (api, p, o) =>
    api.deleteWebhook(requireString(p?.webhookId, 'webhookId'), o),
  ),
  passThrough(P.EdgesRequest, 'getEdges', (api, p, o) => api.getEdges(p?.namespace || undefined, o)),
  passThrough(P.HistoryFiltersRequest, 'getHistoryFilters', (api, p, o) =>
    api.getHistoryFilters(p?.commitSha || undefined, o),
  ),
];

export function registerPassThrough(connection: Connection, log: OnceLogger, api: () => LineageApi): void {
  for (const entry of PASS_THROUGH) entry.register(connection, log, api);
}
