import { assetBooks, NATIVE } from '../domain/reconcile';
import { transferKey } from '../domain/treasury';
import type { Chain } from '../generated/prisma/client';
import { genesisHashOf } from '../provisioning/chain-instance';
import { depositDifferences, evmSeenTransfers } from './deposits';
import type { ReconcileDeps } from './deps';
import { bankrollFlows } from './flows';
import { nativeTransfers } from './native-transfers';
import { balanceAt, bankrollAssets, ensureOpenings } from './openings';
import { evmPayoutReceipts, payoutDifferences } from './payouts';
import type { AssetLine, ChainReport, Difference, ReconcileReport } from './report';
import { unbookedDifference } from './seen-transfers';
import { topUpsAmong, treasuryTopUps } from './top-ups';
import { reconcileTronChain } from './tron';
import { unbookedTransfers } from './transfers';

export type { ReconcileDeps };

/**
 * Compares the chain with the books, chain by chain (the current instance of each): the bankroll's balances,
 * confirmed payouts, DEPOSIT events, treasury top-ups. `chainId` narrows it to one chain; without it every
 * active chain with an RPC URL here (a node URL for TRON) is checked. Read-only, except that it stores an opening
 * balance the instance does not have yet and records the top-ups that have become deep enough (src/reconcile/top-ups.ts).
 */
export async function reconcile(deps: ReconcileDeps, chainId?: number): Promise<ReconcileReport> {
  const chains = await deps.db.chain.findMany({ where: chainId === undefined ? { active: true } : { chainId }, orderBy: { chainId: 'asc' } });
  if (chainId !== undefined && chains.length === 0) throw new Error(`chain ${chainId} is not registered`);
  const readable = chains.filter((c) => (c.type === 'TRON' ? deps.chains.tron(c.chainId) : deps.chains.get(c.chainId)));
  if (chainId !== undefined && readable.length === 0) throw new Error(`no RPC URL is configured for chain ${chainId}`);
  const reports: ChainReport[] = [];
  const differences: Difference[] = [];
  for (const chain of readable) {
    const r = chain.type === 'TRON' ? await reconcileTronChain(deps, chain) : await reconcileChain(deps, chain);
    reports.push(r.report);
    differences.push(...r.differences);
  }
  return { ok: differences.length === 0, chains: reports, differences };
}

async function reconcileChain(deps: ReconcileDeps, chain: Chain): Promise<{ report: ChainReport; differences: Difference[] }> {
  const provider = deps.chains.require(chain.chainId);
  const report: ChainReport = { chainId: chain.chainId, genesisHash: chain.genesisHash, bankroll: deps.bankroll, asOfBlock: null, assets: [], pending: [], payoutsChecked: 0, depositEventsChecked: 0 };
  const live = await genesisHashOf(provider);
  if (chain.genesisHash !== live) {
    // Nothing stored can be compared with a chain that is another instance (or one no worker has registered yet).
    return { report, differences: [{ chainId: chain.chainId, kind: 'INSTANCE_MISMATCH', registered: chain.genesisHash, rpc: live }] };
  }
  const key = { chainId: chain.chainId, genesisHash: live, bankroll: deps.bankroll };
  const assets = await bankrollAssets(deps.db, key);
  // The opening is pinned before the block read below, so it is never later than the balances it is compared with.
  const openings = await ensureOpenings(deps.db, provider, key, assets.map((a) => a.asset));
  const asOf = await provider.getBlockNumber();
  const flows = await bankrollFlows(deps.db, provider, key, asOf);
  // The deposit confirmations are the depth at which the gateway trusts a transfer in: a top-up is recorded at it too.
  const topUps = await treasuryTopUps(deps.db, provider, key, openings, asOf, chain.depositConfirmations);
  const movements = [...flows.movements, ...topUps.movements];
  const differences: Difference[] = [...topUps.differences];
  for (const o of openings) {
    const onChain = await balanceAt(provider, deps.bankroll, o.asset, asOf);
    let b = assetBooks(o, movements, onChain, asOf);
    // Value transfers are read only when the native coin differs; those from a treasury source are top-ups.
    const seen = o.asset === NATIVE ? await nativeTransfers(deps.db, provider, key, o, b.difference, asOf, { out: flows.explainedOut, in: new Set([...flows.explainedIn, ...topUps.nativeIn]) }) : [];
    const found = await topUpsAmong(deps.db, key, seen, asOf, chain.depositConfirmations);
    if (found.movements.length > 0) b = assetBooks(o, [...movements, ...found.movements], onChain, asOf);
    const line: AssetLine = {
      asset: o.asset, symbol: assets.find((a) => a.asset === o.asset)!.symbol, openingBlock: o.blockNumber, opening: o.balance.toString(),
      onChain: onChain.toString(), books: b.books.toString(), pending: b.pending.toString(), difference: b.difference.toString(),
    };
    report.assets.push(line);
    if (b.difference !== 0n) differences.push({ chainId: chain.chainId, kind: 'BALANCE_MISMATCH', ...line });
    differences.push(...seen.filter((t) => !found.keys.has(transferKey(t.txHash, t.logIndex))).map((t) => unbookedDifference(chain.chainId, t)));
  }
  differences.push(...(await unbookedTransfers(provider, chain.chainId, deps.bankroll, openings, asOf, { out: flows.explainedOut, in: flows.explainedIn, topUps: topUps.explained })));
  const payouts = await payoutDifferences(deps.db, evmPayoutReceipts(provider), key);
  const deposits = await depositDifferences(deps.db, evmSeenTransfers(provider), key);
  differences.push(...payouts.differences, ...deposits.differences);
  Object.assign(report, { asOfBlock: asOf, pending: flows.pending, payoutsChecked: payouts.checked, depositEventsChecked: deposits.checked });
  return { report, differences };
}
