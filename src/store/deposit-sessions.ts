import type { Db } from '../adapters/db';
import { depositReferenceLock } from '../domain/keys';
import { insertSession, insertSessionInTx, type CreatedSession, type NewSession } from './sessions';

/**
 * A deposit session. Spec 4.1 rule 5: a reused operatorReference keeps the first deposit session's stored
 * redirectUrl, null included. The advisory lock serialises creations with one reference, so two concurrent "first"
 * sessions cannot disagree. Without a reference there is nothing to serialise: one insert, no transaction.
 */
export async function insertDepositSession(db: Db, session: NewSession): Promise<CreatedSession> {
  const ref = session.operatorReference;
  if (!ref) return insertSession(db, session);
  const operatorId = session.operatorId;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${depositReferenceLock(operatorId, ref)}, 0))`;
    const first = await tx.session.findFirst({
      where: { operatorId, type: 'DEPOSIT', operatorReference: ref },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { redirectUrl: true },
    });
    return insertSessionInTx(tx, first ? { ...session, redirectUrl: first.redirectUrl } : session);
  });
}
