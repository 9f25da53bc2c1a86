import type { WebhookEventType } from '../../domain/webhook-events';
import { sessionRef, withdrawRequestId, eventId, user, userAddress, usdc, txHash } from './example-values';

const outcome = {
  withdrawRequestId,
  sessionRef,
  externalUserId: user,
  type: 'DIRECT_TRANSFER',
  address: userAddress,
  cryptoCurrencyCode: 'USDC',
  fiatCurrencyCode: 'USD',
  fiatAmount: '100.00',
  cryptoAmount: 'null',
};

/** One body per webhook event, every field as the form sends it (text; null as the text `null`), in the spec's order. */
export const WEBHOOK_EXAMPLES: Record<WebhookEventType, Record<string, string>> = {
  DEPOSIT: {
    event: 'DEPOSIT',
    depositId: '1042',
    idempotencyKey: `deposit-8453-${txHash}-0`,
    externalUserId: user,
    sessionRef,
    sessionAmount: '50.00',
    amount: '49750000',
    amountInDollar: '49.750000',
    amountInLocalCurrency: '45.77',
    localCurrencyCode: 'EUR',
    currentRate: '0.92',
    pair: 'USD/EUR',
    grossAmount: '50000000',
    feeAmount: '250000',
    feeInDollar: '0.250000',
    type: 'ERC20',
    contractAddress: usdc,
    transactionHash: txHash,
    chainId: '8453',
    confirmedAt: '2026-11-26T08:12:30.000Z',
  },
  WITHDRAW_REQUEST: {
    event: 'WITHDRAW_REQUEST',
    ...outcome,
    cryptoAmountSent: '99.99',
    amountInUsd: '100.000000',
    requestedAt: '2026-11-26T08:00:00.000Z',
  },
  WITHDRAW_COMPLETE: {
    event: 'WITHDRAW_COMPLETE',
    ...outcome,
    status: 'COMPLETED',
    cryptoAmountSent: '99.99',
    amountInUsd: '100.000000',
    completedAt: '2026-11-26T08:07:10.000Z',
  },
  WITHDRAW_FAILED: {
    event: 'WITHDRAW_FAILED',
    ...outcome,
    status: 'FAILED',
    cryptoAmountSent: '99.99',
    amountInUsd: '100.000000',
    retryable: 'false',
    reasonCode: 'PAYOUT_REVERTED',
    eventId,
  },
  WITHDRAW_CANCELLED: {
    event: 'WITHDRAW_CANCELLED',
    ...outcome,
    status: 'CANCELLED',
    cryptoAmountSent: 'null',
    amountInUsd: 'null',
    reasonCode: 'CANCELLED_BY_OPERATOR',
    eventId,
  },
};
