import { encodeWithdrawCancelled, encodeWithdrawComplete, encodeWithdrawFailed } from './webhook-events';

/**
 * WITHDRAW_COMPLETE, WITHDRAW_FAILED and WITHDRAW_CANCELLED bodies (spec 6.3-6.5) from the withdrawal as stored: one
 * shape for widget and headless withdrawals. cryptoAmountSent and amountInUsd are null when it was never priced;
 * the eventId in a FAILED/CANCELLED body is the outbox event's id.
 */

type Dec = { toFixed(dp?: number): string };

export interface EventIntent {
  id: string;
  sessionRef: string;
  externalUserId: string;
  address: string;
  symbol: string;
  fiatCurrency: string;
  fiatAmount: Dec;
  cryptoAmountSent: Dec | null;
  amountInUsd: Dec | null;
}

function common(w: EventIntent) {
  return {
    withdrawRequestId: w.id,
    sessionRef: w.sessionRef,
    externalUserId: w.externalUserId,
    type: 'DIRECT_TRANSFER',
    address: w.address,
    cryptoCurrencyCode: w.symbol,
    fiatCurrencyCode: w.fiatCurrency,
    fiatAmount: w.fiatAmount.toFixed(2),
    cryptoAmount: null,
    cryptoAmountSent: w.cryptoAmountSent?.toFixed(8) ?? null,
    amountInUsd: w.amountInUsd?.toFixed(6) ?? null,
  };
}

export function withdrawCompleteBody(w: EventIntent, completedAt: Date): string {
  return encodeWithdrawComplete({ ...common(w), status: 'COMPLETED', completedAt: completedAt.toISOString() });
}

export function withdrawFailedBody(w: EventIntent, e: { retryable: boolean; reasonCode: string; eventId: string }): string {
  return encodeWithdrawFailed({ ...common(w), status: 'FAILED', retryable: String(e.retryable), reasonCode: e.reasonCode, eventId: e.eventId });
}

export function withdrawCancelledBody(w: EventIntent, e: { reasonCode: string; eventId: string }): string {
  return encodeWithdrawCancelled({ ...common(w), status: 'CANCELLED', reasonCode: e.reasonCode, eventId: e.eventId });
}
