import { encodeWithdrawCancelled, encodeWithdrawFailed } from './webhook-events';

/**
 * WITHDRAW_FAILED and WITHDRAW_CANCELLED bodies (spec 6.4, 6.5) from the intent as stored. cryptoAmountSent and
 * amountInUsd are null when the intent was never priced; the eventId in the body is the outbox event's id.
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

export function withdrawFailedBody(w: EventIntent, e: { retryable: boolean; reasonCode: string; eventId: string }): string {
  return encodeWithdrawFailed({ ...common(w), status: 'FAILED', retryable: String(e.retryable), reasonCode: e.reasonCode, eventId: e.eventId });
}

export function withdrawCancelledBody(w: EventIntent, e: { reasonCode: string; eventId: string }): string {
  return encodeWithdrawCancelled({ ...common(w), status: 'CANCELLED', reasonCode: e.reasonCode, eventId: e.eventId });
}
