import Decimal from 'decimal.js';
import { CAP_WINDOW_MS, countedFromGroups, platformFiat, type CapAmount } from '../domain/caps';
import type { Operator } from '../generated/prisma/client';
import type { RawTx } from './sql';

/** The owner's fields that its caps and the callers' flag checks read (not its key hash nor its webhook secret). */
export type CapsOwner = Pick<
  Operator,
  'id' | 'status' | 'autoRelease' | 'headlessEnabled' | 'platformFiatDefault' | 'openingBalanceCurrency' | 'withdrawApprovalMaxAmount' | 'withdrawApprovalDailyMaxAmount'
>;

/** The candidate withdrawal as it stands under the owner's lock, with its reservation's status. */
export interface CandidateState {
  status: string;
  expiresAt: Date | null;
  reservation: 'ACTIVE' | 'RELEASED' | 'CONSUMED' | null;
}

export interface OwnerCaps {
  owner: CapsOwner;
  /** Null when no withdrawal has the candidate's id. */
  candidate: CandidateState | null;
  currency: string;
  singleLimit: Decimal | null;
  dailyLimit: Decimal | null;
  /** What the rolling window holds (spec 8): completed in the window, pending PROCESSING, active reservations. */
  counted: CapAmount[];
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

const toDecimal = (d: { toString(): string } | null) => (d === null ? null : new Decimal(d.toString()));

/**
 * Locks the owning operator's row (so concurrent decisions and executes of one owner are serialised and can never
 * overshoot a cap together) and reads what its caps already count, and the candidate's state. Call inside the
 * transaction that then commits the candidate's counting state. The candidate itself is not counted, so a replay
 * never counts it twice.
 * FOR NO KEY UPDATE conflicts with itself but not with the FOR KEY SHARE that an insert referencing the operator
 * takes (a session, a deposit address): those must not wait for a decision or an execute.
 */
export async function lockOwnerCaps(tx: RawTx, ownerId: string, now: Date, candidateId: string): Promise<OwnerCaps> {
  const [owner] = await tx.$queryRaw<CapsOwner[]>`
    SELECT id, status::text AS status, "autoRelease", "headlessEnabled", "platformFiatDefault", "openingBalanceCurrency",
      "withdrawApprovalMaxAmount", "withdrawApprovalDailyMaxAmount"
    FROM "Operator" WHERE id = ${ownerId}::uuid FOR NO KEY UPDATE`;
  if (!owner) throw new Error(`operator ${ownerId} not found`);
  const currency = platformFiat(owner);
  const { candidate, groups } = await windowAndCandidate(tx, ownerId, now, candidateId);
  const counted = countedFromGroups(groups, currency);
  return { owner, candidate, currency, singleLimit: toDecimal(owner.withdrawApprovalMaxAmount), dailyLimit: toDecimal(owner.withdrawApprovalDailyMaxAmount), counted };
}

/**
 * The owner's counted withdrawals, summed per cap currency, and the candidate's state: one row per currency (one
 * row of nulls when nothing counts), each carrying the candidate's columns (nulls when there is no such candidate). Its own statement after the lock's: a
 * statement's snapshot is taken when it starts, so in the lock's statement it would miss what the previous holder of
 * the lock committed.
 */
async function windowAndCandidate(tx: RawTx, ownerId: string, now: Date, candidateId: string) {
  const since = new Date(now.getTime() - CAP_WINDOW_MS);
  const rows = await tx.$queryRaw<Array<Nullable<CandidateState> & { capCurrency: string | null; total: string | null; anyWithoutAmount: boolean | null }>>`
    SELECT c.status, c."expiresAt", c.reservation, g."capCurrency", g.total, g."anyWithoutAmount"
    FROM (SELECT 1) one
    LEFT JOIN (
      SELECT w.status::text AS status, w."expiresAt", r.status::text AS reservation
      FROM "Withdrawal" w LEFT JOIN "Reservation" r ON r."withdrawalId" = w.id WHERE w.id = ${candidateId}::uuid
    ) c ON true
    LEFT JOIN (
      SELECT w."capCurrency", SUM(w."capAmount")::text AS total, bool_or(w."capAmount" IS NULL) AS "anyWithoutAmount"
      FROM "Withdrawal" w
      WHERE w."operatorId" = ${ownerId}::uuid AND w.id <> ${candidateId}::uuid
        AND (
          -- A completed withdrawal counts once: as completed, whatever its reservation says.
          (w.status = 'COMPLETED' AND w."completedAt" >= ${since}::timestamptz)
          OR w.status = 'PROCESSING'
          OR (w.status <> 'COMPLETED' AND EXISTS (SELECT 1 FROM "Reservation" r WHERE r."withdrawalId" = w.id AND r.status = 'ACTIVE'))
        )
      GROUP BY w."capCurrency"
    ) g ON true`;
  const first = rows[0]!;
  const groups = rows
    .filter((r) => r.anyWithoutAmount !== null)
    .map((r) => ({ capCurrency: r.capCurrency, total: r.total === null ? null : new Decimal(r.total), anyWithoutAmount: r.anyWithoutAmount! }));
  const candidate = first.status === null ? null : { status: first.status, expiresAt: first.expiresAt, reservation: first.reservation };
  return { candidate, groups };
}
