import { defineSearchAttributeKey, TypedSearchAttributes, type SearchAttributePair } from '@temporalio/common';

/** CONTRACT §1: the attributes every money-moving workflow carries (registered by temporal-dev.yml). */
export const OperatorId = defineSearchAttributeKey('OperatorId', 'KEYWORD');
export const ExternalUserId = defineSearchAttributeKey('ExternalUserId', 'KEYWORD');
export const SessionRef = defineSearchAttributeKey('SessionRef', 'KEYWORD');
export const WithdrawStatus = defineSearchAttributeKey('WithdrawStatus', 'KEYWORD');
/** A payout child workflow's state: SENDING, then COMPLETED or the unpaid reason (payout.ts). */
export const PayoutState = defineSearchAttributeKey('PayoutState', 'KEYWORD');

export function searchAttributes(v: { operatorId?: string; externalUserId?: string; sessionRef?: string; withdrawStatus?: string }): TypedSearchAttributes {
  const pairs: SearchAttributePair[] = [];
  if (v.operatorId) pairs.push({ key: OperatorId, value: v.operatorId });
  if (v.externalUserId) pairs.push({ key: ExternalUserId, value: v.externalUserId });
  if (v.sessionRef) pairs.push({ key: SessionRef, value: v.sessionRef });
  if (v.withdrawStatus) pairs.push({ key: WithdrawStatus, value: v.withdrawStatus });
  return new TypedSearchAttributes(pairs);
}
