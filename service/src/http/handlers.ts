// One handler per operation of the shared table; the compiler checks none is missing.
import type { OperationName } from '../../../common/src/api/operations';
import type { Store } from '../model/store';
import { HttpError } from './errors';
import * as admin from './handlers/admin';
import type { Request } from './handlers/request';

export type Handler = (req: Request) => unknown;

export function createHandlers(store: Store): Record<OperationName, Handler> {
  const todo = () => {
    throw new HttpError(500, 'not implemented yet');
  };
  return {
    updatePath: todo,
    listApiKeys: () => admin.listApiKeys(store),
    updateSubscription: todo,
    getComponent: todo,
    getDataAssets: todo,
    getViolationStatus: todo,
    getHistoryFilters: (req) => admin.getHistoryFilters(store, req),
    deleteContract: todo,
    getVersions: todo,
    checkCompliance: todo,
    registerObjectStoreAssets: todo,
    getEdges: (req) => admin.getEdges(store, req),
    deleteWebhook: (req) => admin.deleteWebhook(store, req),
  };
}
