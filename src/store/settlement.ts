import type { Db } from '../adapters/db';
import { SETTLING_SOURCES, WIDGET_MOVES } from '../domain/withdrawal-machine';
import { Prisma } from '../generated/prisma/client';
import { lockedSection, sqlBatch } from './sql';

export interface AdminNote {
  adminNote?: string;
  adminNoteBy?: string;
}

/**
 * The payout is signed: the widget withdrawal is COMPLETED from here on (its WITHDRAW_COMPLETE follows confirmations)
 * with the payout's hash (null: already recorded), and its session is COMPLETED in the same transaction, so it takes
 * no second request for the same locked amount while this one confirms. The session row is locked first, as a
 * submission locks it. Guarded by status, so a retry changes nothing. One round trip on the pool (sqlBatch in
 * src/store/sql.ts): every Mode B decision runs it while the decisions behind it wait for the same worker.
 */
export async function recordSettled(db: Db, id: string, txHash: string | null, note?: AdminNote): Promise<void> {
  const at = new Date();
  const noted = note?.adminNote !== undefined;
  await sqlBatch(db, [
    Prisma.sql`
      UPDATE "Session" SET status = 'COMPLETED', "updatedAt" = ${at}
      WHERE id = (SELECT "sessionId" FROM "Withdrawal" WHERE id = ${id}::uuid) AND status = 'OPEN'`,
    Prisma.sql`
      UPDATE "Withdrawal" SET status = ${WIDGET_MOVES.complete.to}::"WithdrawStatus", "completedAt" = ${at}, held = false, "heldReason" = NULL,
        "settlementTxHash" = COALESCE(${txHash}, "settlementTxHash"), "updatedAt" = ${at},
        "adminNote" = CASE WHEN ${noted}::boolean THEN ${note?.adminNote ?? null} ELSE "adminNote" END,
        "adminNoteBy" = CASE WHEN ${noted}::boolean THEN ${note?.adminNoteBy ?? null} ELSE "adminNoteBy" END,
        "adminNoteAt" = CASE WHEN ${noted}::boolean THEN ${at} ELSE "adminNoteAt" END
      WHERE id = ${id}::uuid AND status::text IN (${Prisma.join([...SETTLING_SOURCES])})`,
  ]);
}

/**
 * The check that holds before a widget payout is signed: under the session's row lock (the lock the operator's cancel
 * takes, src/store/sessions.ts), a withdrawal whose session or itself was cancelled is refused and its reserved
 * liquidity released; otherwise the session is completed here, so a cancel arriving later finds it settling and
 * leaves it to finish. COMPLETED already is this settlement's earlier attempt. True when the payout may be signed.
 * A locked section of two round trips (src/store/sql.ts): every Mode B decision runs it, where a Prisma transaction
 * took four and its engine's CPU.
 */
export async function claimSettlement(db: Db, id: string): Promise<boolean> {
  let claimed = true;
  const lockSession = Prisma.sql`
    SELECT s.status::text AS session, w.status::text AS withdrawal
    FROM "Withdrawal" w JOIN "Session" s ON s.id = w."sessionId"
    WHERE w.id = ${id}::uuid
    FOR UPDATE OF s`;
  await lockedSection(db, [lockSession], async ([rows]) => {
    const row = rows?.[0] as { session: string; withdrawal: string } | undefined;
    // Every widget withdrawal has its session; one without has no session to be cancelled with.
    if (!row) return null;
    if (row.session !== 'CANCELLED' && row.withdrawal !== WIDGET_MOVES.supersede.to) {
      return Prisma.sql`
        UPDATE "Session" SET status = 'COMPLETED', "updatedAt" = now()
        WHERE id = (SELECT "sessionId" FROM "Withdrawal" WHERE id = ${id}::uuid) AND status = 'OPEN'`;
    }
    claimed = false;
    return Prisma.sql`UPDATE "Reservation" SET status = 'RELEASED', "releasedAt" = now() WHERE "withdrawalId" = ${id}::uuid AND status = 'ACTIVE'`;
  });
  return claimed;
}
