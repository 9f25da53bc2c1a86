import type { Db } from '../adapters/db';
import { SETTLING_SOURCES, WIDGET_MOVES } from '../domain/withdrawal-machine';
import { Prisma } from '../generated/prisma/client';
import { sqlBatch } from './sql';

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
