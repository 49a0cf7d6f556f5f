// The real local service and an API client of it, for one mocha `describe`: started before its tests,
// both closed after them.
import type { LineageApi } from '../../server/src/api/apiClient';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { startLocalService, type LocalService } from './localService';

export interface ServiceWithApi {
  readonly svc: LocalService;
  /** Typed as the interface the server codes against. */
  readonly api: LineageApi;
}

/** Registers the hooks in the calling `describe`; the fields are set once its `before` has run. */
export function localServiceWithApi(seed: string): ServiceWithApi {
  const ctx = {} as { svc: LocalService; api: LineageApi };
  before(async () => {
    ctx.svc = await startLocalService({ seed });
    ctx.api = new HttpLineageApi({ baseUrl: ctx.svc.url, apiKey: ctx.svc.apiKey });
  });
  after(async () => {
    await ctx.api?.close();
    await ctx.svc?.stop();
  });
  return ctx;
}
