// Operations 6 (violation status), 10 (check compliance), 8 (delete) and 3 (subscription update).
import { randomUUID } from 'node:crypto';
import type {
  ComplianceRequest,
  ComplianceResponse,
  ContractSubscription,
  MessageResponse,
  SubscriptionUpdate,
  ViolationStatus,
} from '../../../../common/src/api/contracts';
import { VIOLATION_STATE } from '../../../../common/src/api/choices';
import type { Store } from '../../model/store';
import type { ContractRecord, SubscriptionRecord } from '../../model/types';
import { checkContract } from '../../contracts/compliance';
import { badRequest, notFound } from '../errors';
import type { Request } from './request';

function findContract(store: Store, id: string | undefined): ContractRecord {
  const c = store.contracts.get(id ?? '');
  if (!c) throw notFound(`no contract ${JSON.stringify(id ?? '')}`);
  return c;
}

export function getViolationStatus(store: Store, req: Request): ViolationStatus {
  const c = findContract(store, req.params.id);
  const violations = checkContract(store, c.darn, c.contractSchema);
  return {
    violation_state: violations.length > 0 ? VIOLATION_STATE.violation : VIOLATION_STATE.compliant,
    violations,
    checkedAt: new Date().toISOString(),
  };
}

export function checkCompliance(store: Store, req: Request): ComplianceResponse {
  const { contract } = req.body as ComplianceRequest;
  return { violations: checkContract(store, contract.dataAssetResourceName, contract.contractSchema) };
}

export function deleteContract(store: Store, req: Request): MessageResponse {
  const c = findContract(store, req.params.id);
  const subs = [...store.subscriptions.values()].filter((s) => s.dataContractId === c.id).length;
  store.deleteContract(c.id);
  return { message: `contract ${c.id} deleted, with ${subs} subscription${subs === 1 ? '' : 's'}` };
}

/** Path id = contract id; the subscription is that contract's for the body's userId (see choices.ts). */
export function updateSubscription(store: Store, req: Request): ContractSubscription {
  const c = findContract(store, req.params.id);
  const body = req.body as SubscriptionUpdate;
  if (body.dataContractId !== undefined && body.dataContractId !== c.id) {
    throw badRequest(
      `body dataContractId ${body.dataContractId} differs from the contract id ${c.id} in the path`,
    );
  }
  if (body.userId === undefined)
    throw badRequest('body userId is required: a subscription is the one of a user to a contract');
  const existing = [...store.subscriptions.values()].find(
    (s) => s.dataContractId === c.id && s.userId === body.userId,
  );
  const next: SubscriptionRecord = {
    ...(existing ?? { id: randomUUID(), dataContractId: c.id, userId: body.userId }),
  };
  if (body.email !== undefined) next.email = body.email;
  if (body.codehostHandle !== undefined) next.codehostHandle = body.codehostHandle;
  if (body.chatChannel !== undefined) next.chatChannel = body.chatChannel;
  store.saveSubscription(next, existing === undefined);
  return { ...next };
}
