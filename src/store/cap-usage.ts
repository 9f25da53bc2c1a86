import Decimal from 'decimal.js';
import { CAP_WINDOW_MS, countedFromGroups, platformFiat, type CapAmount } from '../domain/caps';
import { Prisma, type Operator } from '../generated/prisma/client';
import type { RawTx } from './sql';

/** The owner's fields that its caps and the callers' flag checks read (not its key hash nor its webhook secret). */
export type CapsOwner = Pick<
  Operator,
  'id' | 'status' | 'autoRelease' | 'headlessEnabled' | 'platformFiatDefault' | 'openingBalanceCurrency' | 'withdrawApprovalMaxAmount' | 'withdrawApprovalDailyMaxAmount'
>;

export interface OwnerCaps {
  owner: CapsOwner;
  currency: string;
  singleLimit: Decimal | null;
  dailyLimit: Decimal | null;
  /** What the rolling window holds (spec 8): completed in the window, pending PROCESSING, active reservations. */
  counted: CapAmount[];
}

const toDecimal = (d: { toString(): string } | null) => (d === null ? null : new Decimal(d.toString()));

/**
 * Locks the owning operator's row (so concurrent decisions and executes of one owner are serialised and can never
 * overshoot a cap together) and reads what its caps already count. Call inside the transaction that then commits
 * the new withdrawal's counting state. `excludeId`: the candidate itself, so a replay never counts it twice.
 * FOR NO KEY UPDATE conflicts with itself but not with the FOR KEY SHARE that an insert referencing the operator
 * takes (a session, a deposit address): those must not wait for a decision or an execute.
 */
export async function lockOwnerCaps(tx: RawTx, ownerId: string, now: Date, excludeId?: string): Promise<OwnerCaps> {
  const [owner] = await tx.$queryRaw<CapsOwner[]>`
    SELECT id, status::text AS status, "autoRelease", "headlessEnabled", "platformFiatDefault", "openingBalanceCurrency",
      "withdrawApprovalMaxAmount", "withdrawApprovalDailyMaxAmount"
    FROM "Operator" WHERE id = ${ownerId}::uuid FOR NO KEY UPDATE`;
  if (!owner) throw new Error(`operator ${ownerId} not found`);
  const currency = platformFiat(owner);
  const counted = countedFromGroups(await countedGroups(tx, ownerId, now, excludeId), currency);
  return { owner, currency, singleLimit: toDecimal(owner.withdrawApprovalMaxAmount), dailyLimit: toDecimal(owner.withdrawApprovalDailyMaxAmount), counted };
}

/**
 * The owner's counted withdrawals, summed per cap currency. Its own statement after the lock's: a statement's snapshot
 * is taken when it starts, so in the lock's statement it would miss what the previous holder of the lock committed.
 */
async function countedGroups(tx: RawTx, ownerId: string, now: Date, excludeId?: string) {
  const since = new Date(now.getTime() - CAP_WINDOW_MS);
  const rows = await tx.$queryRaw<Array<{ capCurrency: string | null; total: string | null; anyWithoutAmount: boolean }>>`
    SELECT w."capCurrency", SUM(w."capAmount")::text AS total, bool_or(w."capAmount" IS NULL) AS "anyWithoutAmount"
    FROM "Withdrawal" w
    WHERE w."operatorId" = ${ownerId}::uuid ${excludeId ? Prisma.sql`AND w.id <> ${excludeId}::uuid` : Prisma.empty}
      AND (
        -- A completed withdrawal counts once: as completed, whatever its reservation says.
        (w.status = 'COMPLETED' AND w."completedAt" >= ${since}::timestamptz)
        OR w.status = 'PROCESSING'
        OR (w.status <> 'COMPLETED' AND EXISTS (SELECT 1 FROM "Reservation" r WHERE r."withdrawalId" = w.id AND r.status = 'ACTIVE'))
      )
    GROUP BY w."capCurrency"`;
  return rows.map((r) => ({ capCurrency: r.capCurrency, total: r.total === null ? null : new Decimal(r.total), anyWithoutAmount: r.anyWithoutAmount }));
}
