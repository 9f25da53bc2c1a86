import type { Db } from '../adapters/db';
import { tronFromEvm, tronHex } from '../adapters/tron-address';
import type { TronNode } from '../adapters/tron-node';
import { tronTokenBalance } from '../chain/bankroll-balance';
import { assetBooks, NATIVE, type Movement, type Opening } from '../domain/reconcile';
import { transferKey } from '../domain/treasury';
import type { Chain } from '../generated/prisma/client';
import type { ReconcileDeps } from './deps';
import { bankrollAssets, ensureOpeningsWith, type BankrollBooks } from './openings';
import type { AssetLine, ChainReport, Difference } from './report';
import { depositDifferences } from './deposits';
import { payoutDifferences } from './payouts';
import { tronBankrollFlows } from './tron-flows';
import { tronPayoutReceipts, tronSeenTransfers } from './tron-receipts';
import { unbookedDifference } from './seen-transfers';
import { topUpsAmong } from './top-ups';
import { recordedTronTopUps } from './tron-top-ups';
import { bankrollTronTransfers } from './tron-transfers';

/**
 * How long reconcile keeps trying to read every balance within one block: ten of TRON's 3 s blocks. A slow node or a
 * busy host makes an attempt outlast a block now and then; five attempts in a row did, once, on a saturated CI host.
 */
const SNAPSHOT_BUDGET_MS = 30_000;

/**
 * The bankroll's balances of `assets` and the block they are as of. A TRON node answers balances at its head only
 * (no block tag), so the head is read before and after: the same head both times means no block came in between.
 * Attempts go on until `budgetMs` has passed.
 */
export async function tronBalances(node: TronNode, bankroll: string, assets: string[], budgetMs = SNAPSHOT_BUDGET_MS): Promise<{ blockNumber: number; balances: bigint[] }> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const before = await node.headNumber();
    const balances = await Promise.all(assets.map(async (a) => (a === NATIVE ? ((await node.trxBalance(tronHex(bankroll))) ?? 0n) : tronTokenBalance(node, a, bankroll))));
    if ((await node.headNumber()) === before) return { blockNumber: before, balances };
    if (Date.now() >= deadline) throw new Error('TRON balances could not be read within one block');
  }
}

/** The bankroll's opening balances of a TRON chain instance (ensureOpenings, read with tronBalances). */
export async function ensureTronOpenings(db: Db, node: TronNode, key: BankrollBooks): Promise<Opening[]> {
  const assets = (await bankrollAssets(db, key)).map((a) => a.asset);
  return ensureOpeningsWith(db, key, assets, (missing) => tronBalances(node, key.bankroll, missing));
}

/**
 * A TRON chain's reconcile, as reconcileChain does on EVM: the bankroll (the same key, in TRON form) holds TRX and
 * the registry's TRC-20 tokens; each is its opening plus the movements our records explain, and what is not
 * explained is named when the balance differs, except transfers in from a treasury source: top-ups, booked
 * (tron-top-ups.ts). Confirmed payouts and DEPOSIT events are checked against the transactions' infos, as against
 * receipts on EVM.
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
  const recorded = await recordedTronTopUps(deps.db, node, key, asOf);
  const booked = [...flows.movements, ...recorded.movements];
  const linesOf = (movements: Movement[]) => openings.map((o, i) => ({ opening: o, onChain: now.balances[i]!, ...assetBooks(o, movements, now.balances[i]!, asOf) }));
  // Transfers no record explains are read only for an asset that differs; those from a treasury source are top-ups.
  const known = (txID: string) => [flows.explainedIn, flows.explainedOut, flows.ours, recorded.txIDs].some((set) => set.has(txID.toLowerCase()));
  const seen = await bankrollTronTransfers(node, bankroll, linesOf(booked), asOf, known);
  const topUps = await topUpsAmong(deps.db, key, seen, asOf, chain.depositConfirmations);
  const differences: Difference[] = [...recorded.differences];
  for (const b of linesOf([...booked, ...topUps.movements])) {
    const line: AssetLine = {
      asset: b.opening.asset, symbol: assets.find((a) => a.asset === b.opening.asset)!.symbol, openingBlock: b.opening.blockNumber, opening: b.opening.balance.toString(),
      onChain: b.onChain.toString(), books: b.books.toString(), pending: b.pending.toString(), difference: b.difference.toString(),
    };
    report.assets.push(line);
    if (b.difference !== 0n) differences.push({ chainId: chain.chainId, kind: 'BALANCE_MISMATCH', ...line });
  }
  differences.push(...seen.filter((t) => !topUps.keys.has(transferKey(t.txHash, t.logIndex))).map((t) => unbookedDifference(chain.chainId, t)));
  const payouts = await payoutDifferences(deps.db, tronPayoutReceipts(node), key);
  const deposits = await depositDifferences(deps.db, tronSeenTransfers(node), key);
  differences.push(...payouts.differences, ...deposits.differences);
  Object.assign(report, { asOfBlock: asOf, pending: flows.pending, payoutsChecked: payouts.checked, depositEventsChecked: deposits.checked });
  return { report, differences };
}
