import type { Db } from '../adapters/db';
import type { Operator, Session, Withdrawal } from '../generated/prisma/client';

export type SessionWithOperator = Session & { operator: Operator };

/** A session by its sid, with its operator (the widget's credential). */
export function sessionWithOperator(db: Db, id: string): Promise<SessionWithOperator | null> {
  return db.session.findUnique({ where: { id }, include: { operator: true } });
}

/** A session of one of these operators (the caller and its sub-operators); any other reads as missing. */
export function sessionInScope(db: Db, id: string, scope: string[]): Promise<SessionWithOperator | null> {
  return db.session.findFirst({ where: { id, operatorId: { in: scope } }, include: { operator: true } });
}

/** The session's latest withdrawal request (a Mode B resubmission supersedes the earlier one). */
export function latestWithdrawalOfSession(db: Db, sessionId: string): Promise<Pick<Withdrawal, 'id' | 'status'> | null> {
  return db.withdrawal.findFirst({ where: { sessionId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true, status: true } });
}
