import type { JsonRpcProvider, TransactionResponse } from 'ethers';
import type { Db } from '../adapters/db';
import { NATIVE, scanRange, type Opening } from '../domain/reconcile';
import { inBatches } from './batches';
import type { BankrollBooks } from './openings';
import type { SeenTransfer } from './seen-transfers';

/**
 * Blocks read at most, newest first, to name a native difference's transactions: a node has no index of an
 * address's plain value transfers, so each block is read whole. Past this the balance difference stands alone.
 */
export const NATIVE_SCAN_MAX_BLOCKS = 2_000;

/** Whether our records hold a transaction with this hash (any outbound row or fee-bump candidate of the instance). */
export async function isOurs(db: Db, key: BankrollBooks, txHash: string): Promise<boolean> {
  const hashes = [txHash, txHash.toLowerCase()];
  const row = await db.outboundTx.findFirst({
    where: { chainId: key.chainId, genesisHash: key.genesisHash, OR: [{ txHash: { in: hashes } }, { candidates: { some: { txHash: { in: hashes } } } }] },
    select: { id: true },
  });
  return row !== null;
}

/**
 * Plain value transfers into and out of the bankroll that nothing in our records explains (asset `native`): the caller
 * books those from a treasury source as top-ups and names the rest UNBOOKED_TRANSFER_IN / _OUT, like the token ones.
 * Read only when the native balance differs from the books: a balance that agrees has nothing to name, and reading
 * whole blocks costs what getLogs does not. Value moved by a contract (an internal transfer) is in no block's
 * transaction list: its difference stays a balance difference.
 */
export async function nativeTransfers(
  db: Db,
  provider: JsonRpcProvider,
  key: BankrollBooks,
  opening: Opening,
  difference: bigint,
  asOf: number,
  explained: { out: Set<string>; in: Set<string> },
): Promise<SeenTransfer[]> {
  const range = difference === 0n ? null : scanRange(opening.blockNumber, asOf, NATIVE_SCAN_MAX_BLOCKS);
  if (!range || opening.asset !== NATIVE) return [];
  const me = key.bankroll.toLowerCase();
  const numbers = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.to - i);
  const blocks = await inBatches(numbers, (n) => provider.getBlock(n, true));
  const touching: TransactionResponse[] = blocks.flatMap((b) =>
    (b?.prefetchedTransactions ?? []).filter((tx) => tx.value > 0n && (tx.from.toLowerCase() === me || tx.to?.toLowerCase() === me)),
  );
  const seen: SeenTransfer[] = [];
  for (const tx of touching) {
    const hash = tx.hash.toLowerCase();
    if (explained.in.has(hash) || explained.out.has(hash) || (await isOurs(db, key, tx.hash))) continue;
    // A reverted transaction moved no value (its gas is in the balance difference).
    if ((await provider.getTransactionReceipt(tx.hash))?.status !== 1) continue;
    const kind = tx.to?.toLowerCase() === me ? 'UNBOOKED_TRANSFER_IN' : 'UNBOOKED_TRANSFER_OUT';
    seen.push({ kind, asset: NATIVE, txHash: tx.hash, logIndex: -1, blockNumber: tx.blockNumber!, from: tx.from, to: tx.to, value: tx.value });
  }
  return seen;
}
