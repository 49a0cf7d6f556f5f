// The 13 operations as data: method, path template, and the schemas of their inputs and outputs.
// The client builds requests from this table and the local service registers its routes from it,
// so the two cannot drift apart.
import type { TSchema } from '@sinclair/typebox';
import { ApiKeyList, EdgesResponse, HistoryFilters } from './admin';
import { DataAssetBulkResult, RegisterObjectStoreRequest, RegisterObjectStoreResponse } from './assets';
import { ComponentDetailResponse, VersionsResponse } from './components';
import {
  ComplianceRequest,
  ComplianceResponse,
  ContractSubscription,
  MessageResponse,
  SubscriptionUpdate,
  ViolationStatus,
} from './contracts';
import { LineagePath, PathUpdateResponse } from './paths';
import { SUCCESS_STATUS } from './choices';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface OperationSpec {
  /** Number in the service description. */
  readonly number: number;
  /** Human name, for messages ("the answer to 'component detail' (operation 4)"). */
  readonly label: string;
  readonly method: HttpMethod;
  /** Path template below the base URL; `{name}` marks a path parameter. */
  readonly path: string;
  readonly body?: TSchema;
  /** Schema of the success body; undefined when the success has no body. */
  readonly response?: TSchema;
  readonly successStatus: number;
}

export const OPERATIONS = {
  updatePath: {
    number: 1,
    label: 'path update',
    method: 'PUT',
    path: '/v0/experimental/components/{id}/paths/{pathId}',
    body: LineagePath,
    response: PathUpdateResponse,
    successStatus: SUCCESS_STATUS.updatePath,
  },
  listApiKeys: {
    number: 2,
    label: 'API key list',
    method: 'GET',
    path: '/v0/api-keys',
    response: ApiKeyList,
    successStatus: SUCCESS_STATUS.listApiKeys,
  },
  updateSubscription: {
    number: 3,
    label: 'subscription update',
    method: 'PUT',
    path: '/v0/contract-subscription/{id}',
    body: SubscriptionUpdate,
    response: ContractSubscription,
    successStatus: SUCCESS_STATUS.updateSubscription,
  },
  getComponent: {
    number: 4,
    label: 'component detail',
    method: 'GET',
    path: '/v0/experimental/components/{id}',
    response: ComponentDetailResponse,
    successStatus: SUCCESS_STATUS.getComponent,
  },
  getDataAssets: {
    number: 5,
    label: 'data assets by DARN',
    method: 'GET',
    path: '/v0/data-assets/bulk',
    response: DataAssetBulkResult,
    successStatus: SUCCESS_STATUS.getDataAssets,
  },
  getViolationStatus: {
    number: 6,
    label: 'violation status',
    method: 'GET',
    path: '/v0/contract/{id}/violation-status',
    response: ViolationStatus,
    successStatus: SUCCESS_STATUS.getViolationStatus,
  },
  getHistoryFilters: {
    number: 7,
    label: 'history filters',
    method: 'GET',
    path: '/v0/components/history/filters',
    response: HistoryFilters,
    successStatus: SUCCESS_STATUS.getHistoryFilters,
  },
  deleteContract: {
    number: 8,
    label: 'contract deletion',
    method: 'DELETE',
    path: '/v0/contract/delete/{id}',
    response: MessageResponse,
    successStatus: SUCCESS_STATUS.deleteContract,
  },
  getVersions: {
    number: 9,
    label: 'component versions',
    method: 'GET',
    path: '/v0/experimental/components/{id}/versions',
    response: VersionsResponse,
    successStatus: SUCCESS_STATUS.getVersions,
  },
  checkCompliance: {
    number: 10,
    label: 'compliance check',
    method: 'POST',
    path: '/v0/contract/check-compliance',
    body: ComplianceRequest,
    response: ComplianceResponse,
    successStatus: SUCCESS_STATUS.checkCompliance,
  },
  registerObjectStoreAssets: {
    number: 11,
    label: 'object-store registration',
    method: 'POST',
    path: '/v0/data-asset/register/s3',
    body: RegisterObjectStoreRequest,
    response: RegisterObjectStoreResponse,
    successStatus: SUCCESS_STATUS.registerObjectStoreAssets,
  },
  getEdges: {
    number: 12,
    label: 'edge summaries',
    method: 'GET',
    path: '/v0/experimental/edges',
    response: EdgesResponse,
    successStatus: SUCCESS_STATUS.getEdges,
  },
  deleteWebhook: {
    number: 13,
    label: 'webhook deletion',
    method: 'DELETE',
    path: '/v0/webhooks/{id}',
    successStatus: SUCCESS_STATUS.deleteWebhook,
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

/** e.g. `'component detail' (operation 4)`; `'request' (operation 99)` for a number not in the table. */
export function operationTitle(number: number): string {
  const op = Object.values(OPERATIONS).find((o) => o.number === number);
  return `'${op?.label ?? 'request'}' (operation ${number})`;
}

/** Fills `{name}` placeholders, encoding each value so an id can never add path segments. */
export function expandPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Fastify-style route (`:id`) for a path template. */
export function routePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}
