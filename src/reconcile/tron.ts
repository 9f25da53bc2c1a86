import type { Db } from '../adapters/db';
import { tronFromEvm, tronHex } from '../adapters/tron-address';
import type { TronNode } from '../adapters/tron-node';
import { tronTokenBalance } from '../chain/bankroll-balance';
import { assetBooks, NATIVE, type Opening } from '../domain/reconcile';
import type { Chain } from '../generated/prisma/client';
import type { ReconcileDeps } from './deps';
import { bankrollAssets, ensureOpeningsWith, type BankrollBooks } from './openings';
import type { AssetLine, ChainReport, Difference } from './report';
import { depositDifferences } from './deposits';
import { payoutDifferences } from './payouts';
import { tronBankrollFlows } from './tron-flows';
import { tronPayoutReceipts, tronSeenTransfers } from './tron-receipts';
import { unbookedTronTransfers } from './tron-transfers';

/** Attempts at reading every balance within one block before giving up (blocks come every 3 s on TRON). */
const SNAPSHOT_ATTEMPTS = 5;

/**
 * The bankroll's balances of `assets` and the block they are as of. A TRON node answers balances at its head only
 * (no block tag), so the head is read before and after: the same head both times means no block came in between.
 */
export async function tronBalances(node: TronNode, bankroll: string, assets: string[]): Promise<{ blockNumber: number; balances: bigint[] }> {
  for (let attempt = 0; attempt < SNAPSHOT_ATTEMPTS; attempt++) {
    const before = await node.headNumber();
    const balances = await Promise.all(assets.map(async (a) => (a === NATIVE ? ((await node.trxBalance(tronHex(bankroll))) ?? 0n) : tronTokenBalance(node, a, bankroll))));
    if ((await node.headNumber()) === before) return { blockNumber: before, balances };
  }
  throw new Error('TRON balances could not be read within one block');
}

/** The bankroll's opening balances of a TRON chain instance (ensureOpenings, read with tronBalances). */
export async function ensureTronOpenings(db: Db, node: TronNode, key: BankrollBooks): Promise<Opening[]> {
  const assets = (await bankrollAssets(db, key)).map((a) => a.asset);
  return ensureOpeningsWith(db, key, assets, (missing) => tronBalances(node, key.bankroll, missing));
}

/**
 * A TRON chain's reconcile, as reconcileChain does on EVM: the bankroll (the same key, in TRON form) holds TRX and
 * the registry's TRC-20 tokens; each is its opening plus the movements our records explain, and what is not
 * explained is named when the balance differs. Confirmed payouts and DEPOSIT events are checked against the
 * transactions' infos, as against receipts on EVM.
 */
export async function reconcileTronChain(deps: ReconcileDeps, chain: Chain): Promise<{ report: ChainReport; differences: Difference[] }> {
  const node = deps.chains.requireTron(chain.chainId);
  const bankroll = tronFromEvm(deps.bankroll);
  const report: ChainReport = { chainId: chain.chainId, genesisHash: chain.genesisHash, bankroll, asOfBlock: null, assets: [], pending: [], payoutsChecked: 0, depositEventsChecked: 0 };
  const live = (await node.block(0))?.blockID ?? null;
  if (live === null || chain.genesisHash !== live) {
    return { report, differences: [{ chainId: chain.chainId, kind: 'INSTANCE_MISMATCH', registered: chain.genesisHash, rpc: live }] };
  }
  const key = { chainId: chain.chainId, genesisHash: live, bankroll };
  const assets = await bankrollAssets(deps.db, key);
  const openings = await ensureTronOpenings(deps.db, node, key);
  const now = await tronBalances(node, bankroll, openings.map((o) => o.asset));
  const asOf = now.blockNumber;
  const flows = await tronBankrollFlows(deps.db, node, key, asOf);
  const differences: Difference[] = [];
  const books = openings.map((o, i) => {
    const onChain = now.balances[i]!;
    const b = assetBooks(o, flows.movements, onChain, asOf);
    const line: AssetLine = {
      asset: o.asset, symbol: assets.find((a) => a.asset === o.asset)!.symbol, openingBlock: o.blockNumber, opening: o.balance.toString(),
      onChain: onChain.toString(), books: b.books.toString(), pending: b.pending.toString(), difference: b.difference.toString(),
    };
    report.assets.push(line);
    if (b.difference !== 0n) differences.push({ chainId: chain.chainId, kind: 'BALANCE_MISMATCH', ...line });
    return { opening: o, difference: b.difference };
  });
  const explained = { out: flows.explainedOut, in: flows.explainedIn, ours: flows.ours };
  differences.push(...(await unbookedTronTransfers(node, chain.chainId, bankroll, books, asOf, explained)));
  const payouts = await payoutDifferences(deps.db, tronPayoutReceipts(node), key);
  const deposits = await depositDifferences(deps.db, tronSeenTransfers(node), key);
  differences.push(...payouts.differences, ...deposits.differences);
  Object.assign(report, { asOfBlock: asOf, pending: flows.pending, payoutsChecked: payouts.checked, depositEventsChecked: deposits.checked });
  return { report, differences };
}
