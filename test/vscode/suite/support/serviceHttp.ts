// Direct calls to the local service with the runner's key, for tests that change data behind the
// extension's back or check what a command did (any status, unlike helpers.serviceGet).
import { QUERY } from '../../../../common/src/api/choices';
import { env } from '../helpers';

export interface ServiceAnswer<T> {
  status: number;
  body: T;
}

export async function serviceCall<T = unknown>(
  method: string,
  pathAndQuery: string,
  body?: unknown,
): Promise<ServiceAnswer<T>> {
  const res = await fetch(new URL(pathAndQuery, env('LINEAGE_SERVICE_URL')), {
    method,
    headers: {
      'X-API-KEY': env('LINEAGE_API_KEY'),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Looks DARNs up directly (operation 5) and returns each item's status by DARN. */
export async function darnStatus(...darns: string[]): Promise<Record<string, string>> {
  const q = new URLSearchParams();
  for (const d of darns) q.append(QUERY.darn, d);
  const r = await serviceCall<{ data: Array<{ darn: string; status: string }> }>(
    'GET',
    `/v0/data-assets/bulk?${q}`,
  );
  if (r.status !== 200) throw new Error(`data asset look-up answered ${r.status}`);
  return Object.fromEntries(r.body.data.map((i) => [i.darn, i.status]));
}
