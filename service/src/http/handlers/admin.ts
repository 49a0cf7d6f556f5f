// Operations 2 (API keys), 7 (history filters), 12 (edges) and 13 (webhook deletion).
import type { ApiKeyList, EdgesResponse, HistoryFilters } from '../../../../common/src/api/admin';
import { QUERY } from '../../../../common/src/api/choices';
import type { Store } from '../../model/store';
import { notFound } from '../errors';
import { optionalString, type Request } from './request';

export function listApiKeys(store: Store): typeof ApiKeyList.static {
  return store.apiKeys.map((k) => ({ id: k.id, name: k.name, value: k.value }));
}

/** Filter values from the scans whose commit SHA starts with the search (case-insensitive). */
export function getHistoryFilters(store: Store, req: Request): HistoryFilters {
  const search = optionalString(req, QUERY.commitSha)?.toLowerCase() ?? '';
  const names = new Set<string>();
  const branches = new Set<string>();
  const namespaces = new Set<string>();
  const triggers = new Set<string>();
  for (const c of store.components.values()) {
    for (const s of c.scans) {
      if (!s.commit_sha.toLowerCase().startsWith(search)) continue;
      names.add(c.name);
      namespaces.add(c.namespace);
      if (s.branch) branches.add(s.branch);
      if (s.job_trigger) triggers.add(s.job_trigger);
    }
  }
  const sorted = (s: Set<string>) => [...s].sort();
  return {
    componentNames: sorted(names),
    branches: sorted(branches),
    namespaces: sorted(namespaces),
    jobTriggers: sorted(triggers),
  };
}

/** What an edges request asks for: the namespace it is scoped to, if any. */
export function edgesAsk(req: Request): string | undefined {
  return optionalString(req, QUERY.edgesNamespace);
}

export function getEdges(store: Store, namespace: string | undefined): EdgesResponse {
  const edges = namespace === undefined ? store.edges : store.edges.filter((e) => e.namespace === namespace);
  return { edges: edges.map((e) => ({ ...e })) };
}

export function deleteWebhook(store: Store, req: Request): void {
  const id = req.params.id ?? '';
  if (!store.webhooks.has(id)) throw notFound(`no webhook ${JSON.stringify(id)}`);
  store.deleteWebhook(id);
}
