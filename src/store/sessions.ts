import { randomUUID } from 'node:crypto';
import type { Db } from '../adapters/db';
import type { Prisma, Session, SessionType } from '../generated/prisma/client';

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

/**
 * Inserts a session in one statement. Raw SQL on purpose: session creation is the operators' busiest write, and
 * Prisma's query compiler spent three times the CPU of the insert itself on `session.create` (docs/performance.md).
 * The columns are the Session model's; status and timestamps take the model's defaults.
 */
export async function insertSession(db: Db | Prisma.TransactionClient, s: NewSession): Promise<Session> {
  const rows = await db.$queryRaw<Session[]>`
    INSERT INTO "Session" (id, "sessionRef", "operatorId", type, status, "externalUserId", lang, "platformFiatCurrency",
      "userBalance", amount, email, "operatorReference", "redirectUrl", "expiresAt", "createdAt", "updatedAt")
    VALUES (${randomUUID()}::uuid, ${s.sessionRef}, ${s.operatorId}::uuid, ${s.type}::"SessionType", 'OPEN', ${s.externalUserId},
      ${s.lang}, ${s.platformFiatCurrency}, ${s.userBalance}::numeric, ${s.amount}::numeric, ${s.email}, ${s.operatorReference},
      ${s.redirectUrl}, ${s.expiresAt}, now(), now())
    RETURNING *`;
  return rows[0]!;
}
