import { NATIVE } from '../domain/reconcile';
import { reconcile } from '../reconcile';
import { recordReconcileRun } from '../store/reconcile-runs';
import type { ActivityDeps } from './deps';

export type ReconcileActivityDeps = Pick<ActivityDeps, 'config' | 'db' | 'chains' | 'logger'>;

/** The scheduled reconcile (CONTRACT §8's `reconcile`, run by the worker): its outcome is stored for the metrics. */
export function createReconcileActivities(d: ReconcileActivityDeps) {
  return {
    /** The active chains this worker can read (an RPC URL, or a node URL for TRON), each reconciled on its own. */
    async reconcileChainIds(): Promise<number[]> {
      const chains = await d.db.chain.findMany({ where: { active: true }, orderBy: { chainId: 'asc' }, select: { chainId: true, type: true } });
      return chains.filter((c) => (c.type === 'TRON' ? d.chains.tron(c.chainId) : d.chains.get(c.chainId))).map((c) => c.chainId);
    },

    /** Reconciles one chain and records the run; answers whether it was ok and how many differences it found. */
    async reconcileAndRecord(chainId: number): Promise<{ ok: boolean; differences: number }> {
      const report = await reconcile({ db: d.db, chains: d.chains, bankroll: d.config.BANKROLL_ADDRESS }, chainId);
      const chain = report.chains[0]!;
      const [row, tokens] = await Promise.all([
        d.db.chain.findUniqueOrThrow({ where: { chainId }, select: { nativeDecimals: true } }),
        d.db.token.findMany({ where: { chainId }, select: { address: true, decimals: true } }),
      ]);
      const decimalsOf = (asset: string) => (asset === NATIVE ? row.nativeDecimals : (tokens.find((t) => t.address === asset)?.decimals ?? 0));
      const assets = chain.assets.map((a) => ({ asset: a.asset, symbol: a.symbol, decimals: decimalsOf(a.asset), difference: a.difference }));
      await recordReconcileRun(d.db, { chainId, ok: report.ok, asOfBlock: chain.asOfBlock, assets, differences: report.differences });
      if (!report.ok) d.logger.warn('reconcile found differences', { chainId, kinds: [...new Set(report.differences.map((x) => x.kind))] });
      return { ok: report.ok, differences: report.differences.length };
    },
  };
}

export type ReconcileActivities = ReturnType<typeof createReconcileActivities>;
