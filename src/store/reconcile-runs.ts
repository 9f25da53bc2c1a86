import type { Db } from '../adapters/db';

/** One asset's outcome in a scheduled reconcile: the difference between chain and books, in raw units. */
export interface RunAsset {
  asset: string;
  symbol: string;
  decimals: number;
  difference: string;
}

export interface ReconcileRunRow {
  chainId: number;
  ok: boolean;
  assets: RunAsset[];
  finishedAt: Date;
}

/** Runs kept per chain: enough for the metrics' streak of failed runs, small enough to never need a cleanup job. */
const KEPT_PER_CHAIN = 50;

/** Records a chain's run and drops that chain's runs beyond the newest KEPT_PER_CHAIN. */
export async function recordReconcileRun(
  db: Db,
  run: { chainId: number; ok: boolean; asOfBlock: number | null; assets: RunAsset[]; differences: unknown[] },
): Promise<void> {
  await db.reconcileRun.create({ data: { chainId: run.chainId, ok: run.ok, asOfBlock: run.asOfBlock, assets: run.assets as object[], differences: run.differences as object[] } });
  await db.$executeRaw`DELETE FROM "ReconcileRun" WHERE "chainId" = ${run.chainId} AND "id" NOT IN (
    SELECT "id" FROM "ReconcileRun" WHERE "chainId" = ${run.chainId} ORDER BY "finishedAt" DESC, "id" DESC LIMIT ${KEPT_PER_CHAIN})`;
}

/** Each chain's latest run, with the `ok` of its kept runs, newest first (for failingStreak). */
export async function latestReconcileRuns(db: Db): Promise<Array<ReconcileRunRow & { oks: boolean[] }>> {
  const rows = await db.reconcileRun.findMany({ select: { chainId: true, ok: true, assets: true, finishedAt: true }, orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }] });
  const byChain = new Map<number, ReconcileRunRow & { oks: boolean[] }>();
  for (const r of rows) {
    const seen = byChain.get(r.chainId);
    if (seen) seen.oks.push(r.ok);
    else byChain.set(r.chainId, { chainId: r.chainId, ok: r.ok, assets: r.assets as unknown as RunAsset[], finishedAt: r.finishedAt, oks: [r.ok] });
  }
  return [...byChain.values()];
}
