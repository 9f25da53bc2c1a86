import type Decimal from 'decimal.js';
import type { HeadlessStatus } from '../domain/headless';
import { HEADLESS_MOVES } from '../domain/headless-machine';
import { Prisma, type ReservationStatus, type Withdrawal } from '../generated/prisma/client';
import { reservationInsert } from './liquidity';

// The statements of a headless execute under its owner's section (src/activities/headless-execute-section.ts).

/** What an execute queues: the payout's raw units and amounts at the price it was priced at. */
export interface QueuedPrice {
  raw: bigint;
  cryptoAmountSent: string;
  amountInUsd: string;
  priceRate: Decimal;
}

export type LockedIntentState = { id: string; status: HeadlessStatus; expiresAt: Date | null; reservation: ReservationStatus | null };

/** The intents' states and their reservations', read after the locks, in one statement (an include takes two). */
export const lockedIntentStates = (ids: string[]) => Prisma.sql`
  SELECT w.id, w.status::text AS status, w."expiresAt", r.status::text AS reservation
  FROM "Withdrawal" w LEFT JOIN "Reservation" r ON r."withdrawalId" = w.id WHERE w.id IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})`;

/**
 * Prices the intent, queues it and reserves its liquidity in one statement, answering the queued row; conditional on
 * CREATED, so a concurrent change wins (no row, and no reservation).
 */
export function queueAndReserve(w: Withdrawal, p: QueuedPrice, now: Date, cap: { capAmount: string | null; capCurrency: string | null }): Prisma.Sql {
  return Prisma.sql`
    WITH u AS (
      UPDATE "Withdrawal" SET status = ${HEADLESS_MOVES.execute.to}::"WithdrawStatus", "cryptoAmountRaw" = ${p.raw.toString()}::numeric,
        "cryptoAmountSent" = ${p.cryptoAmountSent}::numeric, "amountInUsd" = ${p.amountInUsd}::numeric, "priceRate" = ${p.priceRate.toFixed()}::numeric,
        "capAmount" = ${cap.capAmount}::numeric, "capCurrency" = ${cap.capCurrency}, "executedAt" = ${now}::timestamptz, "quotedAt" = ${now}::timestamptz, "updatedAt" = now()
      WHERE id = ${w.id}::uuid AND status::text IN (${Prisma.join([...HEADLESS_MOVES.execute.from])})
      RETURNING *
    ), r AS (${reservationInsert({ withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, raw: p.raw })})
    SELECT * FROM u`;
}

/** A withdrawal's row as it is (a replayed execute's answer). */
export const withdrawalRow = (id: string) => Prisma.sql`SELECT * FROM "Withdrawal" WHERE id = ${id}::uuid`;
