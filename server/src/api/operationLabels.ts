// Human names of the 13 operations, for error messages ("the answer to 'component detail' (operation 4)").
import type { OperationName } from '../../../common/src/api/operations';

export const OPERATION_LABELS: Record<OperationName, string> = {
  updatePath: 'path update',
  listApiKeys: 'API key list',
  updateSubscription: 'subscription update',
  getComponent: 'component detail',
  getDataAssets: 'data assets by DARN',
  getViolationStatus: 'violation status',
  getHistoryFilters: 'history filters',
  deleteContract: 'contract deletion',
  getVersions: 'component versions',
  checkCompliance: 'compliance check',
  registerObjectStoreAssets: 'object-store registration',
  getEdges: 'edge summaries',
  deleteWebhook: 'webhook deletion',
};

/** e.g. `'component detail' (operation 4)`. */
export function operationTitle(name: OperationName, number: number): string {
  return `'${OPERATION_LABELS[name]}' (operation ${number})`;
}
