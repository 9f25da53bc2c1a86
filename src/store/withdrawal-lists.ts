import type { Db } from '../adapters/db';
import { payoutPurpose } from '../domain/keys';
import type { Prisma, Withdrawal } from '../generated/prisma/client';
import { afterCursor, type Cursor } from '../domain/cursor';

export function withdrawalById(db: Db, id: string): Promise<Withdrawal | null> {
  return db.withdrawal.findUnique({ where: { id } });
}

/** Up to `take` withdrawals after the cursor, newest first. */
export function withdrawalsPage(db: Db, filter: Prisma.WithdrawalWhereInput, after: Cursor | null, take: number): Promise<Withdrawal[]> {
  return db.withdrawal.findMany({ where: { ...filter, ...afterCursor(after) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take });
}

/** Whether a payout transaction was ever signed for the withdrawal (its hash may not have reached the row yet). */
export async function payoutSigned(db: Db, withdrawalId: string): Promise<boolean> {
  return (await db.outboundTx.count({ where: { purpose: payoutPurpose(withdrawalId) } })) > 0;
}

/** How many withdrawals are in each status (the panel's queue heading). */
export async function withdrawalStatusCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db.withdrawal.groupBy({ by: ['status'], _count: { _all: true } });
  return new Map(rows.map((r) => [r.status, r._count._all]));
}
