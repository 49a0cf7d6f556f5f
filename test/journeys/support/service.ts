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

/** A write to the service behind the extension's back (what another user or the scanner did). */
export async function serviceSend<T>(method: string, pathAndQuery: string, body: unknown): Promise<T> {
  const { serviceUrl, apiKey } = session();
  const res = await fetch(new URL(pathAndQuery, serviceUrl), {
    method,
    headers: { 'X-API-KEY': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${method} ${pathAndQuery} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
