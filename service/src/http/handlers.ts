// One handler per operation of the shared table; the compiler checks none is missing.
import type { OperationName } from '../../../common/src/api/operations';
import type { Store } from '../model/store';
import { DependsOnIndex } from '../lineage/dependsOn';
import { Renderer } from '../lineage/render';
import * as admin from './handlers/admin';
import * as assets from './handlers/assets';
import * as components from './handlers/components';
import * as contracts from './handlers/contracts';
import type { Request } from './handlers/request';
import { AnswerCache } from './answerCache';

export type Handler = (req: Request) => unknown;

export function createHandlers(store: Store): Record<OperationName, Handler> {
  const dependsOn = new DependsOnIndex(store);
  const render = new Renderer(store, dependsOn);
  // Rebuild the depends-on index right after start and after each write, not on the next read.
  const warmSoon = () => setImmediate(() => dependsOn.warm());
  store.onWrite(warmSoon);
  warmSoon();
  const answers = new AnswerCache(store);
  return {
    updatePath: (req) => components.updatePath(store, render, req),
    listApiKeys: () => admin.listApiKeys(store),
    updateSubscription: (req) => contracts.updateSubscription(store, req),
    getComponent: (req) => {
      const ask = components.componentAsk(req);
      return answers.answer(['getComponent', ask.id, ask.mode, ask.namespace ?? null], () =>
        components.getComponent(store, render, ask),
      );
    },
    getDataAssets: (req) => assets.getDataAssets(store, req),
    getViolationStatus: (req) => contracts.getViolationStatus(store, req),
    getHistoryFilters: (req) => admin.getHistoryFilters(store, req),
    deleteContract: (req) => contracts.deleteContract(store, req),
    getVersions: (req) => {
      const ask = components.versionsAsk(req);
      return answers.answer(['getVersions', ask.id, ask.limit, ask.offset], () =>
        components.getVersions(store, ask),
      );
    },
    checkCompliance: (req) => contracts.checkCompliance(store, req),
    registerObjectStoreAssets: (req) => assets.registerObjectStoreAssets(store, req),
    getEdges: (req) => {
      const namespace = admin.edgesAsk(req);
      return answers.answer(['getEdges', namespace ?? null], () => admin.getEdges(store, namespace));
    },
    deleteWebhook: (req) => admin.deleteWebhook(store, req),
  };
}
