// Operations 5 (data assets by DARN list) and 11 (object-store registration).
import { randomUUID } from 'node:crypto';
import type {
  DataAssetBulkResult,
  DataAssetItem,
  RegisterObjectStoreRequest,
  RegisterObjectStoreResponse,
} from '../../../../common/src/api/assets';
import { DATA_ASSET_LIMIT_MAX } from '../../../../common/src/api/assets';
import {
  DARN_PATTERN,
  DATA_ASSET_ITEM_STATUS,
  QUERY,
  objectStoreDarn,
} from '../../../../common/src/api/choices';
import type { Store } from '../../model/store';
import type { DataAssetRecord } from '../../model/types';
import { badRequest } from '../errors';
import { integerParam, stringList, type Request } from './request';

const DARN = new RegExp(DARN_PATTERN);

export function getDataAssets(store: Store, req: Request): DataAssetBulkResult {
  const darns = stringList(req, QUERY.darn);
  if (darns.length === 0) throw badRequest(`give at least one DARN in the query parameter ${QUERY.darn}`);
  const limit = integerParam(req, QUERY.limit, 1, DATA_ASSET_LIMIT_MAX, DATA_ASSET_LIMIT_MAX);
  const offset = integerParam(req, QUERY.offset, 0, Number.MAX_SAFE_INTEGER, 0);
  const data = darns.slice(offset, offset + limit).map((darn) => item(store, darn));
  return { data, totalCount: darns.length, limit, offset };
}

function item(store: Store, darn: string): DataAssetItem {
  if (!DARN.test(darn)) {
    return {
      darn,
      status: DATA_ASSET_ITEM_STATUS.invalid,
      errorMessage: 'not a DARN: expected type://source:path',
    };
  }
  const a = store.dataAssets.get(darn);
  if (!a) return { darn, status: DATA_ASSET_ITEM_STATUS.notFound, errorMessage: `no data asset ${darn}` };
  const data: DataAssetItem['data'] = { id: a.id, dataAssetResourceName: a.darn, updatedAt: a.updatedAt };
  if (a.domain !== undefined) data.domain = a.domain;
  if (a.path !== undefined) data.path = a.path;
  if (a.type !== undefined) data.type = a.type;
  if (a.contractId !== undefined) data.contractId = a.contractId;
  return { darn, status: DATA_ASSET_ITEM_STATUS.success, data };
}

export function registerObjectStoreAssets(store: Store, req: Request): RegisterObjectStoreResponse {
  const body = req.body as RegisterObjectStoreRequest;
  const fresh = new Map<string, DataAssetRecord>();
  const already: string[] = [];
  const now = new Date().toISOString();
  body.assets.forEach((asset, i) => {
    const darn = objectStoreDarn(asset.bucket, asset.pattern);
    if (!DARN.test(darn))
      throw badRequest(
        `body/assets/${i}: bucket and pattern make ${JSON.stringify(darn)}, which is not a valid DARN (no spaces; no ':' in the bucket)`,
      );
    if (store.dataAssets.has(darn)) {
      if (!already.includes(darn)) already.push(darn);
      return;
    }
    if (fresh.has(darn)) return;
    fresh.set(darn, {
      id: randomUUID(),
      darn,
      domain: asset.bucket,
      path: asset.pattern,
      type: 'OBJECT_STORE',
      updatedAt: now,
      schema: asset.schema.fields ?? [],
    });
  });
  const registered = [...fresh.keys()];
  const dryRun = body.dry_run === true;
  if (!dryRun && fresh.size > 0) store.addDataAssets([...fresh.values()]);
  const verb = dryRun ? 'dry run: would register' : 'registered';
  let message = `${verb} ${registered.length} data asset${registered.length === 1 ? '' : 's'}`;
  if (registered.length > 0) message += `: ${registered.join(', ')}`;
  if (already.length > 0) message += `; already registered: ${already.join(', ')}`;
  return { message, registered, success: true };
}
