import type { JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { PURPOSE, purposeSubject } from '../domain/keys';
import { depositEventProblems, depositTransferMatches, type SeenTransfer } from '../domain/reconcile';
import type { BankrollBooks } from './openings';
import { transferLogs } from './receipts';
import type { Difference } from './report';

/** What a transaction moved on chain, as depositTransferMatches reads it: nothing when it is not mined or reverted. */
export type SeenTransfersOf = (txHash: string) => Promise<SeenTransfer[]>;

/** On an EVM chain: its Transfer logs and its native value. */
export const evmSeenTransfers = (provider: JsonRpcProvider): SeenTransfersOf => async (txHash) => {
  const [receipt, tx] = await Promise.all([provider.getTransactionReceipt(txHash), provider.getTransaction(txHash)]);
  if (!receipt || receipt.status !== 1 || !tx) return [];
  const seen: SeenTransfer[] = transferLogs(receipt).map((t) => ({ kind: 'token', ...t }));
  if (tx.to && tx.value > 0n) seen.push({ kind: 'native', to: tx.to, value: tx.value });
  return seen;
};

/**
 * The DEPOSIT events of one chain instance (a deposit belongs to the instance its sweep's gas top-up was signed
 * for): each matches a transfer on chain into its deposit address for the gross amount, and every credited deposit
 * has exactly one.
 */
export async function depositDifferences(db: Db, seenTransfers: SeenTransfersOf, key: BankrollBooks): Promise<{ checked: number; differences: Difference[] }> {
  const { chainId } = key;
  const topUps = await db.outboundTx.findMany({ where: { chainId, genesisHash: key.genesisHash, purpose: { startsWith: PURPOSE.gas } }, select: { purpose: true } });
  const deposits = await db.deposit.findMany({ where: { chainId, id: { in: topUps.map((t) => BigInt(purposeSubject('gas', t.purpose))) } } });
  const byId = new Map(deposits.map((d) => [d.id.toString(), d]));
  const events = (await db.webhookEvent.findMany({ where: { event: 'DEPOSIT' }, select: { id: true, body: true } }))
    .map((e) => ({ eventId: e.id, ...Object.fromEntries(new URLSearchParams(e.body)) }) as Record<string, string>)
    .filter((e) => e.chainId === String(chainId) && byId.has(e.depositId ?? ''));
  const differences: Difference[] = depositEventProblems(
    deposits.filter((d) => d.status === 'CREDITED').map((d) => d.id.toString()),
    events.map((e) => e.depositId!),
  ).map((p) => ({ chainId, kind: p.problem, depositId: p.depositId }));
  for (const e of events) {
    const dep = byId.get(e.depositId!)!;
    const token = e.contractAddress === 'null' ? null : (e.contractAddress ?? null);
    const expected = { token, to: dep.depositAddress, gross: BigInt(e.grossAmount ?? '0'), logIndex: dep.logIndex };
    const recordedRight = e.transactionHash === dep.txHash && e.grossAmount === dep.grossAmount.toFixed(0) && token === dep.tokenAddress;
    if (!recordedRight || !depositTransferMatches(expected, await seenTransfers(e.transactionHash ?? ''))) {
      differences.push({ chainId, kind: 'DEPOSIT_EVENT_UNMATCHED', depositId: e.depositId!, eventId: e.eventId!, txHash: e.transactionHash ?? null, grossAmount: e.grossAmount ?? null });
    }
  }
  return { checked: events.length, differences };
}
