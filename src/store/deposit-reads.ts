import type { Db } from '../adapters/db';
import type { Deposit, DepositAddress, DepositStatus } from '../generated/prisma/client';
import type { Cursor } from '../domain/cursor';

/**
 * The depositor a caller sees under this externalUserId. Spec 5 rule 1 lets a parent act for its sub-operators,
 * but the same externalUserId may exist under several of them: one answer names one depositor, so the caller's
 * own (scope[0]) comes first, then the sub-operator that created it earliest.
 */
export async function depositorInScope(db: Db, scope: string[], externalUserId: string): Promise<DepositAddress | null> {
  const rows = await db.depositAddress.findMany({
    where: { externalUserId, operatorId: { in: scope } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.find((r) => r.operatorId === scope[0]) ?? rows[0] ?? null;
}

/** A user's latest deposits, newest first. */
export function latestDepositsOfUser(db: Db, operatorId: string, externalUserId: string, take: number): Promise<Deposit[]> {
  return db.deposit.findMany({ where: { operatorId, externalUserId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take });
}

export interface DepositFilter {
  status?: DepositStatus;
  operatorId?: string;
  externalUserId?: string;
  chainId?: number;
  depositAddress?: string;
}

/** Deposit ids are integers (decodeCursor 'integer' has checked it). */
function afterDepositCursor(c: Cursor | null) {
  if (!c) return {};
  const id = BigInt(c.id);
  return { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: id } }] };
}

/** Up to `take` deposits after the cursor, newest first (the admin list asks one more than a page to know of a next one). */
export function depositsPage(db: Db, filter: DepositFilter, after: Cursor | null, take: number): Promise<Deposit[]> {
  return db.deposit.findMany({ where: { ...filter, ...afterDepositCursor(after) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take });
}
