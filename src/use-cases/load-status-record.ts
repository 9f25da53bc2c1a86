import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { HeadlessStatus } from '../domain/headless';
import { callbackState, statusRecord, txView, type ChainView, type StatusRecord } from '../domain/headless-record';
import type { Withdrawal } from '../generated/prisma/client';
import { headlessEventKey, payoutPurpose, withdrawCompleteKey } from '../domain/keys';
import { valueOrNull } from '../adapters/deadline';

/**
 * Gathers what GET /withdrawals/:sessionRef derives its record from: the stored payout transaction, the chain's
 * required confirmations, a short live read of the chain (only once a transaction is out), and the outbox events.
 */
export async function loadStatusRecord(db: Db, chains: ChainProviders, w: Withdrawal): Promise<StatusRecord> {
  const [tx, chain, events] = await Promise.all([
    db.outboundTx.findUnique({ where: { purpose: payoutPurpose(w.id) } }),
    db.chain.findUniqueOrThrow({ where: { chainId: w.chainId }, select: { withdrawConfirmations: true } }),
    db.webhookEvent.findMany({
      where: { OR: [{ uniqueKey: withdrawCompleteKey(w.id) }, { uniqueKey: { startsWith: headlessEventKey.prefix(w.id) } }] },
      select: { status: true, createdAt: true },
    }),
  ]);
  const view = tx && tx.status !== 'SIGNED' ? await chainView(chains, w.chainId, tx.txHash) : null;
  return statusRecord(
    { ...w, status: w.status as HeadlessStatus },
    txView(tx, view, chain.withdrawConfirmations),
    chain.withdrawConfirmations,
    callbackState(events),
  );
}

async function chainView(chains: ChainProviders, chainId: number, txHash: string): Promise<ChainView | null> {
  const provider = chains.get(chainId);
  if (!provider) return null;
  const read = Promise.all([provider.getBlockNumber(), provider.getTransactionReceipt(txHash)]).then(([head, receipt]) => ({
    head,
    includedIn: receipt?.blockNumber ?? null,
  }));
  return valueOrNull(read, chains.readTimeoutMs);
}
