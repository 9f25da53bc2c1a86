import { randomUUID } from 'node:crypto';
import type { Db } from '../adapters/db';
import { WIDGET_MOVES } from '../domain/withdrawal-machine';
import type { Prisma, Session, SessionType } from '../generated/prisma/client';
import { sqlRows, txRows, type Statement } from './sql';

/** A widget session as the operator asked for it (POST /session/deposit and /session/withdraw). */
export interface NewSession {
  sessionRef: string;
  operatorId: string;
  type: SessionType;
  externalUserId: string;
  lang: string;
  platformFiatCurrency: string;
  userBalance: string;
  amount: string;
  email: string | null;
  operatorReference: string | null;
  redirectUrl: string | null;
  expiresAt: Date;
}

/** Session creation is the operators' busiest write: one statement, off Prisma's engine (src/store/sql.ts). */
const INSERT: Statement = {
  name: 'session-insert',
  text: `INSERT INTO "Session" (id, "sessionRef", "operatorId", type, status, "externalUserId", lang, "platformFiatCurrency",
      "userBalance", amount, email, "operatorReference", "redirectUrl", "expiresAt", "createdAt", "updatedAt")
    VALUES ($1::uuid, $2, $3::uuid, $4::"SessionType", 'OPEN', $5, $6, $7, $8::numeric, $9::numeric, $10, $11, $12, $13::timestamptz, now(), now())`,
};

/** What the caller is answered with; every value is ours, so nothing needs reading back. */
export type CreatedSession = Pick<Session, 'id' | 'sessionRef' | 'type' | 'expiresAt'>;

const values = (id: string, s: NewSession) => [
  id, s.sessionRef, s.operatorId, s.type, s.externalUserId, s.lang, s.platformFiatCurrency,
  s.userBalance, s.amount, s.email, s.operatorReference, s.redirectUrl, s.expiresAt,
];

/** Inserts a session; status and timestamps take the model's defaults. */
export async function insertSession(db: Db, s: NewSession): Promise<CreatedSession> {
  const id = randomUUID();
  await sqlRows(db, INSERT, values(id, s));
  return { id, sessionRef: s.sessionRef, type: s.type, expiresAt: s.expiresAt };
}

/** The same insert inside a transaction (a deposit session with an operatorReference, see routes/sessions.ts). */
export async function insertSessionInTx(tx: Prisma.TransactionClient, s: NewSession): Promise<CreatedSession> {
  const id = randomUUID();
  await txRows(tx, INSERT, values(id, s));
  return { id, sessionRef: s.sessionRef, type: s.type, expiresAt: s.expiresAt };
}

/**
 * The operator's cancel: the session and its unactioned widget withdrawal (spec 3.1) in one transaction, with the
 * withdrawal's reserved liquidity released, so no later step (a held APPROVE re-tried, a workflow told late) finds a
 * payable request under a cancelled session. Conditional on the session still open: the update takes its row lock,
 * which a submission holds until its request is committed and a settlement takes before it signs (claimSettlement in
 * src/store/settlement.ts). Answers the withdrawals it cancelled, null when the session was no longer open. A withdrawal already settling is left to finish.
 */
export async function cancelSessionWithWithdrawal(db: Db, id: string, now: Date): Promise<Array<{ id: string; mode: string; sessionRef: string }> | null> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.session.updateMany({ where: { id, status: 'OPEN', expiresAt: { gt: now } }, data: { status: 'CANCELLED' } });
    if (count === 0) return null;
    const live = await tx.withdrawal.findMany({ where: { sessionId: id, status: { in: [...WIDGET_MOVES.supersede.from] } }, select: { id: true, mode: true, sessionRef: true } });
    const ids = live.map((w) => w.id);
    await tx.withdrawal.updateMany({ where: { id: { in: ids } }, data: { status: WIDGET_MOVES.supersede.to, held: false, heldReason: null } });
    await tx.reservation.updateMany({ where: { withdrawalId: { in: ids }, status: 'ACTIVE' }, data: { status: 'RELEASED', releasedAt: now } });
    return live;
  });
}
