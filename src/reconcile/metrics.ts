import Decimal from 'decimal.js';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../adapters/db';
import { failingStreak } from '../domain/reconcile';
import { latestReconcileRuns } from '../store/reconcile-runs';

/**
 * The scheduled reconcile's outcome, read from its stored runs at each scrape, so every worker serves the same
 * figures whichever of them ran the activity. A chain never reconciled has no series (an alert on absence sees it).
 */
export function registerReconcileMetrics(registry: Registry, db: Db): void {
  // One read per scrape, shared by the three gauges (a scrape collects them in parallel).
  let last: { at: number; rows: ReturnType<typeof latestReconcileRuns> } | null = null;
  const runs = () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), rows: latestReconcileRuns(db) };
    return last.rows;
  };
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge, rows: Awaited<ReturnType<typeof latestReconcileRuns>>) => void) =>
    new Gauge({
      name, help, labelNames, registers: [registry],
      async collect() {
        this.reset();
        fill(this, await runs());
      },
    });
  gauge('gateway_reconcile_difference', 'Chain balance minus the books at the last reconcile, per asset, in whole units (0 when they agree)', ['chain_id', 'asset'], (g, rows) => {
    for (const r of rows) {
      for (const a of r.assets) {
        // For dashboards and alerts only: a float of whole units, never used to move money.
        g.set({ chain_id: String(r.chainId), asset: a.symbol }, new Decimal(a.difference).div(new Decimal(10).pow(a.decimals)).toNumber());
      }
    }
  });
  gauge('gateway_reconcile_last_run_timestamp_seconds', 'When the last reconcile of the chain finished (Unix seconds)', ['chain_id'], (g, rows) => {
    for (const r of rows) g.set({ chain_id: String(r.chainId) }, Math.floor(r.finishedAt.getTime() / 1000));
  });
  gauge('gateway_reconcile_failing_runs', 'Consecutive reconciles of the chain, up to the last, that found any difference (0 when the last was ok)', ['chain_id'], (g, rows) => {
    for (const r of rows) g.set({ chain_id: String(r.chainId) }, failingStreak(r.oks));
  });
}
