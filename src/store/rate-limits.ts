import type { Db } from '../adapters/db';
import { AppError } from '../domain/errors';
import { rateLimitLock } from '../domain/keys';

/**
 * A sliding-window limit counted in PostgreSQL, so it holds across API processes. A transaction-scoped advisory
 * lock per (subject, bucket) serialises concurrent callers; rows older than the window are pruned as we go.
 * The subject is whoever is counted: an operator id, a client address, a hashed email.
 */
export async function takeRateLimitSlot(db: Db, subject: string, bucket: string, limit: number, windowMs: number): Promise<void> {
  const retryAfterSeconds = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${rateLimitLock(subject, bucket)}))`;
    const now = Date.now();
    const since = new Date(now - windowMs);
    await tx.rateLimitHit.deleteMany({ where: { subject, bucket, at: { lte: since } } });
    const hits = await tx.rateLimitHit.findMany({ where: { subject, bucket }, orderBy: { at: 'asc' }, select: { at: true } });
    if (hits.length >= limit) return Math.max(1, Math.ceil((hits[0]!.at.getTime() + windowMs - now) / 1000));
    await tx.rateLimitHit.create({ data: { subject, bucket, at: new Date(now) } });
    return null;
  });
  if (retryAfterSeconds !== null) throw new AppError('RATE_LIMITED', 'Too many requests; retry later', { retryAfterSeconds });
}

/** Hits of (subject, bucket) within the window: a count that limits nothing by itself (the login's email failures). */
export async function recentHits(db: Db, subject: string, bucket: string, windowMs: number): Promise<number> {
  return db.rateLimitHit.count({ where: { subject, bucket, at: { gt: new Date(Date.now() - windowMs) } } });
}

/** Counts one hit of (subject, bucket), pruning the ones past the window. */
export async function recordHit(db: Db, subject: string, bucket: string, windowMs: number): Promise<void> {
  await db.$transaction([
    db.rateLimitHit.deleteMany({ where: { subject, bucket, at: { lte: new Date(Date.now() - windowMs) } } }),
    db.rateLimitHit.create({ data: { subject, bucket } }),
  ]);
}
