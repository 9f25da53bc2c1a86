import type { Db } from '../../src/adapters/db';
import { encodeWithdrawComplete } from '../../src/domain/webhook-events';
import { recordWebhookEvent, type OutboxEvent } from '../../src/store/outbox';

/**
 * Records the `n`th synthetic WITHDRAW_COMPLETE for an operator as a state change does (in a transaction), not yet
 * dispatched: for benchmarks and tests that need many events whose content does not matter.
 */
export function recordSyntheticComplete(db: Db, secretsKey: string, operatorId: string, n: number): Promise<OutboxEvent> {
  const body = encodeWithdrawComplete({
    withdrawRequestId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, sessionRef: `sr_synthetic_${n}`, externalUserId: 'synthetic',
    type: 'DIRECT_TRANSFER', status: 'COMPLETED', address: '0x000000000000000000000000000000000000dEaD', cryptoCurrencyCode: 'USDT',
    fiatCurrencyCode: 'USD', fiatAmount: '10.00', cryptoAmount: null, cryptoAmountSent: '10.00000000', amountInUsd: '10.000000',
    completedAt: new Date().toISOString(),
  });
  return db.$transaction((tx) => recordWebhookEvent(tx, secretsKey, { operatorId, event: 'WITHDRAW_COMPLETE', body }));
}

/**
 * An event whose deliveries ran out: DEAD_LETTER and marked dispatched in the transaction that records it, as the
 * outbox leaves one. Recorded undispatched and marked after, the relay (one second's grace) could start a delivery of
 * it first, and a redelivery would then find it DELIVERED.
 */
export async function recordDeadLettered(db: Db, secretsKey: string, operatorId: string): Promise<OutboxEvent> {
  return db.$transaction(async (tx) => {
    const event = await recordWebhookEvent(tx, secretsKey, { operatorId, event: 'DEPOSIT', body: 'event=DEPOSIT' });
    await tx.webhookEvent.update({ where: { id: event.id }, data: { status: 'DEAD_LETTER', dispatchedAt: new Date() } });
    return event;
  });
}
