import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import { fromRawUnits } from '../domain/money';
import { sessionStatus } from '../domain/sessions';
import type { Session } from '../store/rows';

export interface DepositView {
  depositId: string;
  chainId: number;
  symbol: string;
  /** Token units (human decimals): gross while confirming, the credited net amount once credited. */
  amount: string;
  status: 'CONFIRMING' | 'CONFIRMED' | 'CREDITED';
  confirmations: number;
  requiredConfirmations: number;
  txHash: string;
}

/** The chain's head, or null when its RPC does not answer: the page then simply shows no count this time. */
async function heads(chains: ChainProviders, chainIds: number[]): Promise<Map<number, number | null>> {
  const entries = await Promise.all(
    chainIds.map(async (id) => [id, await (chains.tron(id)?.headNumber() ?? chains.get(id)?.getBlockNumber())?.catch(() => null) ?? null] as const),
  );
  return new Map(entries);
}

/**
 * What the deposit page shows live: the session's status and every deposit seen in it (latest first). Sweeping and
 * pricing are internal steps; the player sees them as "confirmed, crediting". Dropped deposits are not listed.
 */
export async function depositSessionStatus(db: Db, chains: ChainProviders, session: Session, now: Date) {
  const rows = await db.deposit.findMany({
    where: { sessionId: session.id, status: { not: 'DROPPED' } },
    orderBy: { id: 'desc' },
    take: 20,
  });
  const chainRows = await db.chain.findMany({ where: { chainId: { in: [...new Set(rows.map((r) => r.chainId))] } } });
  const required = new Map(chainRows.map((c) => [c.chainId, c.depositConfirmations]));
  const head = await heads(chains, [...required.keys()]);
  const deposits: DepositView[] = rows.map((r) => {
    const need = required.get(r.chainId) ?? 0;
    const tip = head.get(r.chainId);
    const seen = tip === null || tip === undefined ? 0 : Math.max(0, tip - r.blockNumber + 1);
    const credited = r.status === 'CREDITED' && r.amount !== null;
    return {
      depositId: r.id.toString(),
      chainId: r.chainId,
      symbol: r.symbol,
      amount: fromRawUnits(BigInt((credited ? r.amount! : r.grossAmount).toFixed()), r.decimals),
      status: credited ? 'CREDITED' : r.status === 'CONFIRMING' ? 'CONFIRMING' : 'CONFIRMED',
      confirmations: r.status === 'CONFIRMING' ? Math.min(seen, need) : need,
      requiredConfirmations: need,
      txHash: r.txHash,
    };
  });
  return { status: sessionStatus(session.status, session.expiresAt, now), expiresAt: session.expiresAt.toISOString(), deposits };
}

/** What the withdraw page follows live: the session's status and its latest request (CONTRACT §4 `withdrawal`). */
export async function withdrawSessionStatus(db: Db, session: Session, now: Date) {
  const latest = await db.withdrawal.findFirst({ where: { sessionId: session.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return {
    status: sessionStatus(session.status, session.expiresAt, now),
    expiresAt: session.expiresAt.toISOString(),
    withdrawal: latest && {
      withdrawRequestId: latest.id,
      withdrawStatus: latest.status,
      symbol: latest.symbol,
      amount: latest.cryptoAmountSent?.toString() ?? null,
      txHash: latest.settlementTxHash,
    },
  };
}
