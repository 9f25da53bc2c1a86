import type { Db } from '../adapters/db';
import type { WatchedTransfer } from '../domain/deposit-confirmation';
import { Prisma, type Deposit } from '../generated/prisma/client';

/**
 * The deposits recorded for a transaction's transfers with the same token, recipient and amount, in log order, so
 * the one at position `ordinal` is that transfer wherever a reorg has moved it. Each was recorded with the log index
 * it had when first seen; those indices keep the transaction's own order, which a re-inclusion does not change.
 */
export function equalTransfers(db: Db, chainId: number, t: Omit<WatchedTransfer, 'ordinal'>): Promise<Deposit[]> {
  return db.deposit.findMany({
    where: { chainId, txHash: t.txHash, tokenAddress: t.tokenAddress, depositAddress: t.to, grossAmount: new Prisma.Decimal(t.raw.toString()) },
    orderBy: { logIndex: 'asc' },
  });
}

/** A deposit row as the transfer the confirmation check looks for on chain. */
export async function watchedTransfer(db: Db, dep: Deposit): Promise<WatchedTransfer> {
  const t = { txHash: dep.txHash, tokenAddress: dep.tokenAddress, to: dep.depositAddress, raw: BigInt(dep.grossAmount.toFixed(0)) };
  const ordinal = (await equalTransfers(db, dep.chainId, t)).findIndex((e) => e.id === dep.id);
  return { ...t, ordinal: Math.max(0, ordinal) };
}
