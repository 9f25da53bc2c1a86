import { randomUUID } from 'node:crypto';
import type { Db } from '../adapters/db';
import { Prisma, type OutboundTx, type TreasuryTransfer } from '../generated/prisma/client';
import { treasuryPurpose } from '../domain/keys';
import { liquidityReads, liquidityVerdict, lockedLiquidityFrom, type EarlyBalance, type LiquidityVerdict } from './liquidity';

/** Registers a cold address on a chain (again, after a removal: the removal is cleared). */
export function addColdAddress(db: Db, c: { chainId: number; address: string; by: string }) {
  return db.coldAddress.upsert({
    where: { chainId_address: { chainId: c.chainId, address: c.address } },
    create: { chainId: c.chainId, address: c.address, addedBy: c.by },
    update: { addedBy: c.by, removedBy: null, removedAt: null },
  });
}

/** Marks a registered cold address removed; null when none is registered (the caller refuses). */
export async function removeColdAddress(db: Db, c: { chainId: number; address: string; by: string }) {
  const where = { chainId: c.chainId, address: c.address, removedAt: null };
  const { count } = await db.coldAddress.updateMany({ where, data: { removedBy: c.by, removedAt: new Date() } });
  return count === 0 ? null : db.coldAddress.findUniqueOrThrow({ where: { chainId_address: { chainId: c.chainId, address: c.address } } });
}

/** The registered cold addresses (of one chain, or all), oldest first. */
export function activeColdAddresses(db: Db, chainId?: number) {
  return db.coldAddress.findMany({ where: { removedAt: null, ...(chainId === undefined ? {} : { chainId }) }, orderBy: [{ chainId: 'asc' }, { createdAt: 'asc' }] });
}

export interface TreasurySendRequest {
  chainId: number;
  /** The token contract (EIP-55) or `native`: also the reservation's and the liquidity lock's key. */
  asset: string;
  symbol: string;
  decimals: number;
  raw: bigint;
  toAddress: string;
  requestedBy: string;
}

export type TreasuryReserveOutcome = { outcome: 'RESERVED'; transfer: TreasuryTransfer } | { outcome: 'NOT_REGISTERED' } | { outcome: Exclude<LiquidityVerdict, 'FITS'> };

/**
 * In one transaction: the cold address is registered (its row locked FOR SHARE, so a removal waits for this commit),
 * then under the asset's liquidity lock the send fits on top of every active reservation (liquidityVerdict, as a
 * payout's reservation is checked), then the transfer row and its ACTIVE reservation. Any refusal writes nothing.
 */
export async function reserveTreasurySend(db: Db, r: TreasurySendRequest, early: EarlyBalance): Promise<TreasuryReserveOutcome> {
  return db.$transaction(async (tx) => {
    if (!(await lockColdAddress(tx, r.chainId, r.toAddress))) return { outcome: 'NOT_REGISTERED' } as const;
    const [lock, read] = liquidityReads(r.chainId, r.asset);
    await tx.$executeRaw(lock!);
    const verdict = await liquidityVerdict(lockedLiquidityFrom(await tx.$queryRaw(read!)), r.raw, early);
    if (verdict !== 'FITS') return { outcome: verdict };
    return { outcome: 'RESERVED', transfer: await insertTreasuryTransfer(tx, r) } as const;
  });
}

/** Whether the cold address is registered, its row locked FOR SHARE until the caller's commit (a removal waits). */
export async function lockColdAddress(tx: Prisma.TransactionClient, chainId: number, address: string): Promise<boolean> {
  const cold = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM "ColdAddress" WHERE "chainId" = ${chainId} AND address = ${address} AND "removedAt" IS NULL FOR SHARE`;
  return cold.length > 0;
}

/** The transfer row and its ACTIVE reservation, in the caller's transaction, which holds the asset's liquidity lock. */
export async function insertTreasuryTransfer(tx: Prisma.TransactionClient, r: TreasurySendRequest): Promise<TreasuryTransfer> {
  const transfer = await tx.treasuryTransfer.create({
    data: {
      id: randomUUID(), chainId: r.chainId, asset: r.asset, symbol: r.symbol, decimals: r.decimals,
      amountRaw: new Prisma.Decimal(r.raw.toString()), toAddress: r.toAddress, requestedBy: r.requestedBy,
    },
  });
  await tx.reservation.create({ data: { treasuryTransferId: transfer.id, chainId: r.chainId, tokenAddress: r.asset, rawAmount: transfer.amountRaw } });
  return transfer;
}

/** A send with its chain's withdrawConfirmations (how deep it must be to be final, as a payout). */
export async function treasuryTransferToConfirm(db: Db, id: string): Promise<TreasuryTransfer & { withdrawConfirmations: number }> {
  const t = await db.treasuryTransfer.findUniqueOrThrow({ where: { id } });
  const chain = await db.chain.findUniqueOrThrow({ where: { chainId: t.chainId }, select: { withdrawConfirmations: true } });
  return { ...t, withdrawConfirmations: chain.withdrawConfirmations };
}

/** REQUESTED -> SIGNED with the stored transaction's hash (a retry after the move changes nothing). */
export async function markTreasurySigned(db: Db, id: string, txHash: string): Promise<void> {
  await db.treasuryTransfer.updateMany({ where: { id, status: 'REQUESTED' }, data: { status: 'SIGNED', txHash } });
}

/**
 * Confirmed: CONFIRMED with the mined hash, and its reservation consumed (the Reservation_consumed trigger counts it
 * for the asset, as a payout's), in one transaction; a second call changes nothing.
 */
export async function completeTreasuryTransfer(db: Db, id: string, txHash: string, at: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.treasuryTransfer.updateMany({ where: { id, status: { in: ['REQUESTED', 'SIGNED'] } }, data: { status: 'CONFIRMED', txHash, completedAt: at } });
    await tx.reservation.updateMany({ where: { treasuryTransferId: id, status: 'ACTIVE' }, data: { status: 'CONSUMED', releasedAt: at } });
    return count === 1;
  });
}

/** Nothing moved (unsigned, reverted, never mined): FAILED with the reason, and its reservation released. */
export async function failTreasuryTransfer(db: Db, id: string, reason: string): Promise<void> {
  const at = new Date();
  await db.$transaction(async (tx) => {
    await tx.treasuryTransfer.updateMany({ where: { id, status: { in: ['REQUESTED', 'SIGNED'] } }, data: { status: 'FAILED', failureReason: reason, completedAt: at } });
    await tx.reservation.updateMany({ where: { treasuryTransferId: id, status: 'ACTIVE' }, data: { status: 'RELEASED', releasedAt: at } });
  });
}

/** The newest treasury sends (of one chain, or all), each with its stored transaction (`treasury:<id>`) once signed. */
export async function recentTreasurySends(db: Db, chainId: number | undefined, take: number): Promise<Array<{ transfer: TreasuryTransfer; outbound: OutboundTx | null }>> {
  const transfers = await db.treasuryTransfer.findMany({
    where: chainId === undefined ? {} : { chainId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  });
  const outbound = await db.outboundTx.findMany({ where: { purpose: { in: transfers.map((t) => treasuryPurpose(t.id)) } } });
  const byPurpose = new Map(outbound.map((o) => [o.purpose, o]));
  return transfers.map((transfer) => ({ transfer, outbound: byPurpose.get(treasuryPurpose(transfer.id)) ?? null }));
}
