import type { JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { PURPOSE, purposeSubject, WITHDRAW_COMPLETE_KEY_PREFIX } from '../domain/keys';
import { payoutProblem, sharedHashes, type TransferLog } from '../domain/reconcile';
import type { BankrollBooks } from './openings';
import { transferLogs } from './receipts';
import type { Difference } from './report';

/** A mined transaction's outcome as payoutProblem reads it: null when the chain does not have it. */
export type PayoutReceiptOf = (txHash: string) => Promise<{ status: number | null; transfers: TransferLog[] } | null>;

/** An EVM chain's receipts. */
export const evmPayoutReceipts = (provider: JsonRpcProvider): PayoutReceiptOf => async (txHash) => {
  const receipt = await provider.getTransactionReceipt(txHash);
  return receipt && { status: receipt.status, transfers: transferLogs(receipt).map((t) => t.log) };
};

/**
 * Every withdrawal whose payout is CONFIRMED on this instance: its recorded hash is the mined payout, mined with
 * status 1 and exactly one Transfer of its amount from the bankroll to its address. No two withdrawals record one
 * hash, and no WITHDRAW_COMPLETE exists for a payout that is not CONFIRMED.
 */
export async function payoutDifferences(db: Db, receiptOf: PayoutReceiptOf, key: BankrollBooks): Promise<{ checked: number; differences: Difference[] }> {
  const { chainId } = key;
  const payouts = await db.outboundTx.findMany({ where: { chainId, genesisHash: key.genesisHash, purpose: { startsWith: PURPOSE.payout } } });
  const byWithdrawal = new Map(payouts.map((p) => [purposeSubject('payout', p.purpose), p]));
  const withdrawals = await db.withdrawal.findMany({ where: { id: { in: [...byWithdrawal.keys()] } } });
  const differences: Difference[] = [];
  let checked = 0;
  for (const w of withdrawals) {
    const tx = byWithdrawal.get(w.id)!;
    if (tx.status !== 'CONFIRMED') continue;
    checked += 1;
    const hash = w.settlementTxHash ?? tx.txHash;
    if (hash.toLowerCase() !== tx.txHash.toLowerCase()) {
      differences.push({ chainId, kind: 'PAYOUT_HASH_MISMATCH', withdrawalId: w.id, recorded: w.settlementTxHash, mined: tx.txHash });
    }
    const expected = { token: w.tokenAddress, from: key.bankroll, to: w.address, value: BigInt(w.cryptoAmountRaw?.toFixed(0) ?? '0') };
    const problem = payoutProblem(expected, await receiptOf(hash));
    if (problem) differences.push({ chainId, kind: problem, withdrawalId: w.id, txHash: hash, to: w.address, amount: expected.value.toString() });
  }
  const recorded = await db.withdrawal.findMany({ where: { chainId, settlementTxHash: { not: null } }, select: { id: true, settlementTxHash: true } });
  for (const s of sharedHashes(recorded.map((r) => ({ id: r.id, hash: r.settlementTxHash! })))) {
    differences.push({ chainId, kind: 'SHARED_SETTLEMENT_HASH', txHash: s.hash, withdrawalIds: s.ids });
  }
  const completions = await db.webhookEvent.findMany({ where: { event: 'WITHDRAW_COMPLETE', uniqueKey: { not: null } }, select: { uniqueKey: true } });
  for (const c of completions) {
    const id = c.uniqueKey!.slice(WITHDRAW_COMPLETE_KEY_PREFIX.length);
    const tx = byWithdrawal.get(id);
    if (tx && tx.status !== 'CONFIRMED') differences.push({ chainId, kind: 'COMPLETE_WITHOUT_CONFIRMED_PAYOUT', withdrawalId: id, txHash: tx.txHash, status: tx.status });
  }
  return { checked, differences };
}
