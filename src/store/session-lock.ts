import { assertSessionUsable, type StoredSessionStatus } from '../domain/sessions';
import type { Prisma } from '../generated/prisma/client';

/**
 * Locks a widget session's row and checks, under the lock, that it still takes requests (spec 7.2). Call inside the
 * transaction that adds a request: a cancel or a settlement of the session (which update the row) is then either
 * seen here, or waits until this transaction has committed.
 */
export async function lockUsableSession(tx: Prisma.TransactionClient, sessionId: string, now: Date): Promise<void> {
  const rows = await tx.$queryRaw<{ status: StoredSessionStatus; expiresAt: Date }[]>`
    SELECT status::text AS status, "expiresAt" FROM "Session" WHERE id = ${sessionId}::uuid FOR UPDATE`;
  const session = rows[0];
  if (!session) throw new Error(`session ${sessionId} vanished`);
  assertSessionUsable(session.status, session.expiresAt, now);
}
