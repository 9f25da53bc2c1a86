import type { Db } from '../adapters/db';
import type { Operator } from '../generated/prisma/client';

/**
 * The operators whose resources a caller may act on (spec 5 rule 1): itself and its sub-operators.
 * Every resource query filters by these ids, so another operator's resource answers like a missing one.
 */
export async function operatorScope(db: Db, operator: Operator): Promise<string[]> {
  const children = await db.operator.findMany({ where: { parentId: operator.id }, select: { id: true } });
  return [operator.id, ...children.map((c) => c.id)];
}

/** Every operator, oldest first (the admin panel's list). */
export function allOperators(db: Db): Promise<Operator[]> {
  return db.operator.findMany({ orderBy: { createdAt: 'asc' } });
}
