// Direct reads from the real local service, to check what a journey's UI actions recorded there.
import * as assert from 'node:assert/strict';
import { session } from './session';

export async function serviceGet<T>(pathAndQuery: string): Promise<T> {
  const { serviceUrl, apiKey } = session();
  const res = await fetch(new URL(pathAndQuery, serviceUrl), { headers: { 'X-API-KEY': apiKey } });
  assert.equal(res.status, 200, `GET ${pathAndQuery} answered ${res.status}`);
  return (await res.json()) as T;
}

export interface VersionEntry {
  kind: 'SCAN' | 'BYO_PATH_ADDED' | 'BYO_PATH_DELETED';
  commit_sha: string;
  recorded_at: string;
  path_id?: string;
  reason?: string;
}

/** Operation 9: the version history of a component. */
export async function versions(componentId: string): Promise<VersionEntry[]> {
  return (
    await serviceGet<{ versions: VersionEntry[] }>(
      `/v0/experimental/components/${encodeURIComponent(componentId)}/versions`,
    )
  ).versions;
}
