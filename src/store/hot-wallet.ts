import type Decimal from 'decimal.js';
import type { Db } from '../adapters/db';
import { ceilingPlan, type CeilingPlan, type HeldAsset } from '../domain/hot-wallet';
import { hotWalletLock } from '../domain/keys';
import type { TreasuryTransfer } from '../generated/prisma/client';
import { lockKey } from './advisory-locks';
import { balanceUnderLock, liquidityReads, lockedLiquidityFrom, readEarlyBalance, type BalanceReader } from './liquidity';
import { insertTreasuryTransfer, lockColdAddress } from './treasury-sends';

/** A priced asset of the chain for a ceiling check: its USD price was read fresh, its balance is read under the lock. */
export interface PricedAsset {
  asset: string;
  symbol: string;
  decimals: number;
  usd: Decimal;
  /** What never moves besides the reservations (HeldAsset.keep). */
  keep: bigint;
  read: BalanceReader;
}

export interface CeilingCheck {
  chainId: number;
  /** The chain's policy as the check read it before pricing: it decides only if the policy is still this one. */
  maxUsd: Decimal;
  coldAddress: string;
  requestedBy: string;
  assets: PricedAsset[];
}

export type CeilingOutcome =
  | { outcome: 'CHECKED'; plan: CeilingPlan; transfers: TreasuryTransfer[] }
  | { outcome: 'POLICY_CHANGED' }
  | { outcome: 'COLD_NOT_REGISTERED' }
  | { outcome: 'BALANCE_UNAVAILABLE'; symbol: string };

/** A balance and a Decimal price read over RPC under the lock: longer than Prisma's 5 s default may pass. */
const CHECK_TIMEOUT_MS = 30_000;

/**
 * One ceiling check of a chain, in one transaction under the chain's hot-wallet lock, so two checks (two workers, a
 * timer and a deposit) decide one after the other and the second sees the first's sends as leaving:
 * the sends not yet confirmed are read FIRST, then the balances: a send confirmed in between is then subtracted
 * twice (less is sent), never missed (sent again). Each asset's liquidity lock is then taken, as a payout's
 * reservation takes it, so the plan moves only what no reservation holds; the transfer rows and their reservations are
 * written before the commit. Nothing is written when a balance is unknown, the cold address is no longer registered,
 * or the policy is no longer the one the check priced for: a ceiling turned off or changed while a check was pricing
 * (setHotWallet takes the same lock) is never acted on; the relay's next round checks against the new one.
 */
export async function recordCeilingSends(db: Db, c: CeilingCheck): Promise<CeilingOutcome> {
  return db.$transaction(async (tx) => {
    await lockKey(tx, hotWalletLock(c.chainId));
    const policy = await tx.chain.findUnique({ where: { chainId: c.chainId }, select: { hotMaxUsd: true, hotColdAddress: true } });
    if (!policy || policy.hotMaxUsd === null || !c.maxUsd.eq(policy.hotMaxUsd.toString()) || policy.hotColdAddress !== c.coldAddress) return { outcome: 'POLICY_CHANGED' } as const;
    if (!(await lockColdAddress(tx, c.chainId, c.coldAddress))) return { outcome: 'COLD_NOT_REGISTERED' } as const;
    const rows = await tx.treasuryTransfer.groupBy({ by: ['asset'], where: { chainId: c.chainId, status: { in: ['REQUESTED', 'SIGNED'] } }, _sum: { amountRaw: true } });
    const leaving = new Map(rows.map((r) => [r.asset, BigInt(r._sum.amountRaw?.toFixed(0) ?? '0')]));
    // A fixed order of the liquidity locks: two checks never wait on each other's.
    const assets = [...c.assets].sort((x, y) => (x.asset < y.asset ? -1 : 1));
    const early = await Promise.all(assets.map((a) => readEarlyBalance(db, c.chainId, a.asset, a.read)));
    const held: HeldAsset[] = [];
    for (const [i, a] of assets.entries()) {
      const [lock, read] = liquidityReads(c.chainId, a.asset);
      await tx.$executeRaw(lock!);
      const locked = lockedLiquidityFrom(await tx.$queryRaw(read!));
      const balance = await balanceUnderLock(locked, early[i]!);
      if (balance === null) return { outcome: 'BALANCE_UNAVAILABLE', symbol: a.symbol } as const;
      held.push({ asset: a.asset, symbol: a.symbol, decimals: a.decimals, balance, reserved: locked.reserved, keep: a.keep, leaving: leaving.get(a.asset) ?? 0n, usd: a.usd });
    }
    const plan = ceilingPlan(held, c.maxUsd);
    const transfers: TreasuryTransfer[] = [];
    for (const s of plan.sends) {
      transfers.push(await insertTreasuryTransfer(tx, { chainId: c.chainId, ...s, toAddress: c.coldAddress, requestedBy: c.requestedBy }));
    }
    return { outcome: 'CHECKED', plan, transfers } as const;
  }, { timeout: CHECK_TIMEOUT_MS });
}

/** The chains with a hot-wallet ceiling set (the relay checks them on its timer). */
export async function chainsWithCeiling(db: Db): Promise<number[]> {
  const chains = await db.chain.findMany({ where: { active: true, hotMaxUsd: { not: null } }, select: { chainId: true }, orderBy: { chainId: 'asc' } });
  return chains.map((c) => c.chainId);
}

/** Sends recorded before `before` that are still REQUESTED: their workflow's start may have been lost. */
export function requestedSendsBefore(db: Db, before: Date): Promise<TreasuryTransfer[]> {
  return db.treasuryTransfer.findMany({ where: { status: 'REQUESTED', createdAt: { lt: before } }, orderBy: { createdAt: 'asc' }, take: 100 });
}
