import { randomUUID } from 'node:crypto';
import type { Db } from '../adapters/db';
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
