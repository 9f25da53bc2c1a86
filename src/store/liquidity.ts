import { randomUUID } from 'node:crypto';
import { advisoryLock, sqlRows, type RawTx, type Statement } from './sql';
import type { Db } from '../adapters/db';
import { liquidityLock } from '../domain/keys';
import { Prisma } from '../generated/prisma/client';

/** Reads the bankroll's balance of a token in raw units; null when it is unknown (fail closed). */
export type BalanceReader = () => Promise<bigint | null>;

/** The sum of a token's active reservations (text, or null for none): served by Reservation_active_token_idx. */
const activeSum = (chainId: number, tokenAddress: string) => Prisma.sql`
  SELECT SUM("rawAmount")::text FROM "Reservation" WHERE "chainId" = ${chainId} AND lower("tokenAddress") = ${tokenAddress.toLowerCase()} AND status = 'ACTIVE'`;

/** What active reservations of a token hold, in raw units. Without the lock (GET /withdraw/options) it is advisory. */
export async function reservedLiquidity(db: Pick<Prisma.TransactionClient, '$queryRaw'>, chainId: number, tokenAddress: string): Promise<bigint> {
  const [row] = await db.$queryRaw<Array<{ reserved: string | null }>>`SELECT (${activeSum(chainId, tokenAddress)}) AS reserved`;
  return BigInt(row?.reserved ?? '0');
}

/** The bankroll balance as read before the locks, and what liquidityVerdict needs to tell whether it may use it. */
export interface EarlyBalance {
  /** The token's consumption count (LiquidityConsumption), read before `balance`. */
  consumed: bigint;
  balance: bigint | null;
  /** Reads the balance again, under the locks, when `balance` may miss a consumed payout or is unknown. */
  read: BalanceReader;
}

const CONSUMED: Statement = {
  name: 'liquidity-consumed',
  text: `SELECT "consumed"::text AS consumed FROM "LiquidityConsumption" WHERE "chainId" = $1 AND "tokenKey" = lower($2::text)`,
};

/**
 * Reads the token's consumption count and THEN the bankroll balance, before any lock, for liquidityVerdict (see there
 * why in this order). The key is lower() in SQL, as the trigger that writes it computes it. A prepared statement on
 * the pool (src/store/sql.ts): every execute and approval reads it.
 */
export async function readEarlyBalance(db: Db, chainId: number, tokenAddress: string, read: BalanceReader): Promise<EarlyBalance> {
  const [row] = await sqlRows<{ consumed: string }>(db, CONSUMED, [chainId, tokenAddress]);
  return earlyBalanceAfter(row?.consumed ?? null, read);
}

/** The balance read after a consumption count the caller read itself (as text; null: the token has no count row yet). */
export async function earlyBalanceAfter(consumed: string | null, read: BalanceReader): Promise<EarlyBalance> {
  return { consumed: BigInt(consumed ?? '0'), balance: await read(), read };
}

/**
 * The token's liquidity lock, then what active reservations hold and the token's consumption count in ONE statement
 * so both come from one snapshot, for the opening of a locked section (or reserveLiquidity). The lock is its own
 * statement before the read: a statement's snapshot is taken when it starts, so a sum in the lock's statement would
 * miss reservations committed while it waited. Take the lock after the owner's cap lock, never before, so two
 * transactions always lock in the same order.
 */
export function liquidityReads(chainId: number, tokenAddress: string): Prisma.Sql[] {
  return [
    advisoryLock(liquidityLock(chainId, tokenAddress)),
    Prisma.sql`
      SELECT
        (${activeSum(chainId, tokenAddress)}) AS reserved,
        (SELECT "consumed"::text FROM "LiquidityConsumption" WHERE "chainId" = ${chainId} AND "tokenKey" = lower(${tokenAddress}::text)) AS consumed`,
  ];
}

/** What liquidityReads' second statement read under the lock. */
export interface LockedLiquidity {
  reserved: bigint;
  consumed: bigint;
}

export function lockedLiquidityFrom([row]: Array<{ reserved?: unknown; consumed?: unknown }>): LockedLiquidity {
  return { reserved: BigInt((row?.reserved as string | null) ?? '0'), consumed: BigInt((row?.consumed as string | null) ?? '0') };
}

export type LiquidityVerdict = 'FITS' | 'INSUFFICIENT_LIQUIDITY' | 'BALANCE_UNAVAILABLE';

/**
 * Under the token's liquidity lock: whether the bankroll can fund `raw` on top of every active reservation. The
 * caller's transaction then inserts the reservation (reservationInsert) and commits it with the withdrawal's new
 * state; a refusal rolls everything back.
 *
 * The balance read before the locks is used only while it cannot miss a payout that the sum no longer counts. Every
 * ACTIVE -> CONSUMED commits with a bump of the token's count (a trigger, so in the same transaction), and a
 * reservation is consumed only once its payout is mined (completePayout runs after the confirmations).
 * - Consumption committed before `early.consumed` was read: the payout was mined before that, so before the balance
 *   read that followed. The balance lacks its tokens and the sum (no longer ACTIVE) lacks its amount: right.
 * - Committed after: the count read with the sum differs, so the balance is read again here, after the sum, as it
 *   always was: a payout consumed from then on is still in the sum, so it can only be counted twice, never missed.
 * Hence the count before the balance: the other way round, a payout mined after the balance read and consumed before
 * the count read would be in the early count (no change seen), out of the sum and still in the balance: missed.
 * A token without a count row has had no consumption since the trigger exists and reads as 0; its first one creates
 * the row at 1, a change like any other. Rows are never lowered or deleted. A released reservation moved no tokens,
 * so dropping it from the sum is exact either way.
 */
export async function liquidityVerdict(locked: LockedLiquidity, raw: bigint, early: EarlyBalance): Promise<LiquidityVerdict> {
  const balance = await balanceUnderLock(locked, early);
  if (balance === null) return 'BALANCE_UNAVAILABLE';
  return locked.reserved + raw > balance ? 'INSUFFICIENT_LIQUIDITY' : 'FITS';
}

/** The bankroll balance to weigh against `locked.reserved` (liquidityVerdict says why): the early one, else read again. */
export async function balanceUnderLock(locked: LockedLiquidity, early: EarlyBalance): Promise<bigint | null> {
  return locked.consumed === early.consumed && early.balance !== null ? early.balance : early.read();
}

/**
 * One bankroll balance for a group of decisions of one token under its lock (Mode B approvals, headless executes): any
 * early read that the lock's consumption count still vouches for (liquidityVerdict), else one read now, so a group
 * never reads the node once per decision under the lock.
 */
export async function groupBalance(candidates: Array<{ early: EarlyBalance }>, locked: LockedLiquidity): Promise<EarlyBalance> {
  const vouched = candidates.map((c) => c.early).find((e) => e.consumed === locked.consumed && e.balance !== null);
  if (vouched) return vouched;
  const balance = await candidates[0]!.early.read();
  return { consumed: locked.consumed, balance, read: async () => balance };
}

export interface ReservationRequest {
  withdrawalId: string;
  chainId: number;
  tokenAddress: string;
  raw: bigint;
}

/**
 * The reservation's insert, for a data-modifying CTE: made only with the row that the CTE `u` before it answers (the
 * withdrawal moved to its counting state, still as it was checked), so a withdrawal that changed meanwhile gets none.
 */
export function reservationInsert(r: ReservationRequest): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "Reservation" (id, "withdrawalId", "chainId", "tokenAddress", "rawAmount", status, "createdAt")
    SELECT ${randomUUID()}::uuid, ${r.withdrawalId}::uuid, ${r.chainId}, ${r.tokenAddress}, ${r.raw.toString()}::numeric, 'ACTIVE', now() FROM u`;
}

export type ReserveOutcome = 'RESERVED' | Exclude<LiquidityVerdict, 'FITS'>;

/** The lock, liquidityVerdict and the insert as three statements of the caller's transaction (Mode A's reservation). */
export async function reserveLiquidity(tx: RawTx, r: ReservationRequest, early: EarlyBalance): Promise<ReserveOutcome> {
  const [lock, read] = liquidityReads(r.chainId, r.tokenAddress);
  await tx.$executeRaw(lock!);
  const verdict = await liquidityVerdict(lockedLiquidityFrom(await tx.$queryRaw(read!)), r.raw, early);
  if (verdict !== 'FITS') return verdict;
  await tx.$executeRaw`WITH u AS (SELECT 1) ${reservationInsert(r)}`;
  return 'RESERVED';
}

/**
 * The payout of this reservation is mined and confirmed: ACTIVE -> CONSUMED (no-op when already done or released).
 * The only place a reservation is consumed; the Reservation_consumed trigger counts it in the same transaction.
 */
export async function consumeReservation(tx: Pick<Prisma.TransactionClient, 'reservation'>, withdrawalId: string, at: Date): Promise<void> {
  await tx.reservation.updateMany({ where: { withdrawalId, status: 'ACTIVE' }, data: { status: 'CONSUMED', releasedAt: at } });
}
