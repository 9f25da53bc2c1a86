import type { Db } from '../adapters/db';
import { sqlRows, type Statement } from './sql';

/**
 * Idempotency-Key claims and kept answers (decision 0034). One row per (operator, key): IN_FLIGHT while its first
 * run goes, DONE with the answer. Every claim also deletes a few expired rows of any operator, so the table stays
 * about one day of keys without a job of its own; SKIP LOCKED keeps concurrent claims from waiting on each other.
 */
const CLAIM: Statement = {
  name: 'idempotency-key-claim',
  text: `WITH expired AS (
      DELETE FROM "IdempotencyKey" WHERE ("operatorId", "key") IN (
        SELECT "operatorId", "key" FROM "IdempotencyKey"
        WHERE "createdAt" < now() - make_interval(secs => $5) AND NOT ("operatorId" = $1 AND "key" = $2)
        ORDER BY "createdAt" LIMIT 20 FOR UPDATE SKIP LOCKED))
    INSERT INTO "IdempotencyKey" ("operatorId", "key", "fingerprint", "state", "claimToken", "createdAt")
    VALUES ($1, $2, $3, 'IN_FLIGHT', $4, now())
    ON CONFLICT ("operatorId", "key") DO UPDATE
      SET "fingerprint" = EXCLUDED."fingerprint", "state" = 'IN_FLIGHT', "claimToken" = EXCLUDED."claimToken",
          "status" = NULL, "headers" = NULL, "body" = NULL, "createdAt" = now()
      WHERE "IdempotencyKey"."createdAt" < now() - make_interval(secs => $5)
         OR ("IdempotencyKey"."state" = 'IN_FLIGHT' AND "IdempotencyKey"."createdAt" < now() - make_interval(secs => $6))
    RETURNING "claimToken"`,
};

const FIND: Statement = {
  name: 'idempotency-key-find',
  text: `SELECT "fingerprint", "state", "status", "headers", "body" FROM "IdempotencyKey"
    WHERE "operatorId" = $1 AND "key" = $2 AND "createdAt" >= now() - make_interval(secs => $3)`,
};

const COMPLETE: Statement = {
  name: 'idempotency-key-complete',
  text: `UPDATE "IdempotencyKey" SET "state" = 'DONE', "status" = $4, "headers" = $5, "body" = $6
    WHERE "operatorId" = $1 AND "key" = $2 AND "claimToken" = $3 AND "state" = 'IN_FLIGHT'`,
};

const RELEASE: Statement = {
  name: 'idempotency-key-release',
  text: `DELETE FROM "IdempotencyKey" WHERE "operatorId" = $1 AND "key" = $2 AND "claimToken" = $3 AND "state" = 'IN_FLIGHT'`,
};

export interface KeyClaim {
  operatorId: string;
  key: string;
  /** A fresh uuid per run: completing and releasing touch only the claim this run holds. */
  token: string;
}

export interface StoredKey {
  fingerprint: string;
  state: 'IN_FLIGHT' | 'DONE';
  status: number | null;
  headers: Record<string, string | string[]> | null;
  body: Buffer | null;
}

/** Claims the key for this run: true when it was free, expired, or held by a stale run; false when another holds it. */
export async function claimIdempotencyKey(
  db: Db,
  c: KeyClaim & { fingerprint: string },
  limits: { ttlSeconds: number; staleSeconds: number },
): Promise<boolean> {
  const rows = await sqlRows(db, CLAIM, [c.operatorId, c.key, c.fingerprint, c.token, limits.ttlSeconds, limits.staleSeconds]);
  return rows.length === 1;
}

/** The key's live row (expired rows are not returned), or null. */
export async function idempotencyKeyRow(db: Db, operatorId: string, key: string, ttlSeconds: number): Promise<StoredKey | null> {
  return (await sqlRows<StoredKey>(db, FIND, [operatorId, key, ttlSeconds]))[0] ?? null;
}

/** Keeps the first answer under the claim. */
export async function completeIdempotencyKey(db: Db, c: KeyClaim, answer: { status: number; headers: Record<string, string | string[]>; body: Buffer }): Promise<void> {
  await sqlRows(db, COMPLETE, [c.operatorId, c.key, c.token, answer.status, JSON.stringify(answer.headers), answer.body]);
}

/** Gives the key back (an answer not kept): the next request with it runs again. */
export async function releaseIdempotencyKey(db: Db, c: KeyClaim): Promise<void> {
  await sqlRows(db, RELEASE, [c.operatorId, c.key, c.token]);
}
