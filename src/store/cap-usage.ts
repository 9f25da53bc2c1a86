import Decimal from 'decimal.js';
import { CAP_WINDOW_MS, countedFromGroups, platformFiat, type CapAmount } from '../domain/caps';
import { Prisma, type Operator } from '../generated/prisma/client';

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
 * The owning operator's row lock (so concurrent decisions and executes of one owner are serialised and can never
 * overshoot a cap together) and then what its caps already count, as two statements for the opening of the owner's
 * section (owner-section.ts), whose transaction then commits the new withdrawals' counting state. `excludeIds`: the
 * candidates themselves, so a replay never counts one twice.
 * FOR NO KEY UPDATE conflicts with itself but not with the FOR KEY SHARE that an insert referencing the operator
 * takes (a session, a deposit address): those must not wait for a decision or an execute.
 * The window is its own statement after the lock's: a statement's snapshot is taken when it starts, so in the lock's
 * statement it would miss what the previous holder of the lock committed.
 */
export function ownerCapsReads(ownerId: string, now: Date, excludeIds: string[]): Prisma.Sql[] {
  const since = new Date(now.getTime() - CAP_WINDOW_MS);
  const notCandidate = excludeIds.length > 0 ? Prisma.sql`AND w.id NOT IN (${Prisma.join(excludeIds.map((id) => Prisma.sql`${id}::uuid`))})` : Prisma.empty;
  return [
    Prisma.sql`
      SELECT id, status::text AS status, "autoRelease", "headlessEnabled", "platformFiatDefault", "openingBalanceCurrency",
        "withdrawApprovalMaxAmount", "withdrawApprovalDailyMaxAmount"
      FROM "Operator" WHERE id = ${ownerId}::uuid FOR NO KEY UPDATE`,
    // Three disjoint parts, each reached through an index, so the read is as long as what counts and not as long as
    // the owner's history: completed in the window ("Withdrawal"(operatorId, status, completedAt)), PROCESSING, and
    // any other uncompleted one holding an ACTIVE reservation (found from the reservations, a partial index). By status
    // each withdrawal falls in one part at most: a completed one counts as completed, whatever its reservation says.
    Prisma.sql`
      SELECT c."capCurrency", SUM(c."capAmount")::text AS total, bool_or(c."capAmount" IS NULL) AS "anyWithoutAmount"
      FROM (
        SELECT w."capCurrency", w."capAmount" FROM "Withdrawal" w
        WHERE w."operatorId" = ${ownerId}::uuid AND w.status = 'COMPLETED' AND w."completedAt" >= ${since}::timestamptz ${notCandidate}
        UNION ALL
        SELECT w."capCurrency", w."capAmount" FROM "Withdrawal" w
        WHERE w."operatorId" = ${ownerId}::uuid AND w.status = 'PROCESSING' ${notCandidate}
        UNION ALL
        SELECT w."capCurrency", w."capAmount" FROM "Reservation" r JOIN "Withdrawal" w ON w.id = r."withdrawalId"
        WHERE r.status = 'ACTIVE' AND w."operatorId" = ${ownerId}::uuid AND w.status NOT IN ('COMPLETED', 'PROCESSING') ${notCandidate}
      ) c
      GROUP BY c."capCurrency"`,
  ];
}

type GroupRow = { capCurrency: string | null; total: string | null; anyWithoutAmount: boolean };

/** OwnerCaps from the rows of ownerCapsReads' two statements. */
export function ownerCapsFrom(ownerId: string, [owner]: CapsOwner[], groups: GroupRow[]): OwnerCaps {
  if (!owner) throw new Error(`operator ${ownerId} not found`);
  const currency = platformFiat(owner);
  const counted = countedFromGroups(
    groups.map((r) => ({ capCurrency: r.capCurrency, total: r.total === null ? null : new Decimal(r.total), anyWithoutAmount: r.anyWithoutAmount })),
    currency,
  );
  return { owner, currency, singleLimit: toDecimal(owner.withdrawApprovalMaxAmount), dailyLimit: toDecimal(owner.withdrawApprovalDailyMaxAmount), counted };
}
