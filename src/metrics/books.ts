import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../adapters/db';
import { payoutCountsByStatus, stuckOutboundByKind, webhookAttemptOutcomes } from '../store/book-counts';

/**
 * Money movement read from the database at each scrape, so every API process reports the same figures and nothing is
 * lost when a worker restarts. Rows are never deleted, so the per-status counts of terminal states only grow.
 */
export function registerBookMetrics(registry: Registry, db: Db): void {
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => Promise<void>) =>
    new Gauge({ name, help, labelNames, registers: [registry], async collect() { this.reset(); await collect(this); } });

  gauge('gateway_deposits', 'Deposits by status (CONFIRMING = detected, CREDITED = DEPOSIT written)', ['status'], async (g) => {
    for (const r of await db.deposit.groupBy({ by: ['status'], _count: { _all: true } })) g.set({ status: r.status }, r._count._all);
  });
  gauge('gateway_treasury_top_ups', 'Top-ups recorded from treasury sources into the bankroll (reconcile records them)', ['chainId'], async (g) => {
    for (const r of await db.treasuryTopUp.groupBy({ by: ['chainId'], _count: { _all: true } })) g.set({ chainId: String(r.chainId) }, r._count._all);
  });
  gauge('gateway_withdrawals', 'Withdrawals and headless intents by mode and status', ['mode', 'status'], async (g) => {
    for (const r of await db.withdrawal.groupBy({ by: ['mode', 'status'], _count: { _all: true } })) g.set({ mode: r.mode, status: r.status }, r._count._all);
  });
  gauge('gateway_payouts', 'Payout transactions by status (FAILED = reverted)', ['status'], async (g) => {
    const rows = await payoutCountsByStatus(db);
    for (const r of rows) g.set({ status: r.status }, Number(r.n));
  });
  gauge('gateway_outbound_stuck', 'Outbound transactions (payouts, sweeps, gas) unmined past TX_STUCK_SECONDS, now', ['kind'], async (g) => {
    const rows = await stuckOutboundByKind(db);
    g.set({ kind: 'payout' }, 0);
    for (const r of rows) g.set({ kind: r.kind }, Number(r.n));
  });
  gauge('gateway_webhook_events', 'Outbox events by status (DEAD_LETTER needs a redelivery)', ['status'], async (g) => {
    for (const r of await db.webhookEvent.groupBy({ by: ['status'], _count: { _all: true } })) g.set({ status: r.status }, r._count._all);
  });
  gauge('gateway_webhook_attempts', 'Webhook delivery attempts by outcome', ['outcome'], async (g) => {
    const rows = await webhookAttemptOutcomes(db);
    for (const r of rows) g.set({ outcome: r.outcome }, Number(r.n));
  });
  gauge('gateway_webhook_oldest_undelivered_seconds', 'Age of the oldest event not yet delivered (0 when none)', [], async (g) => {
    const oldest = await db.webhookEvent.findFirst({ where: { status: { in: ['PENDING', 'RETRYING'] } }, orderBy: { createdAt: 'asc' } });
    g.set(oldest ? (Date.now() - oldest.createdAt.getTime()) / 1000 : 0);
  });
}
