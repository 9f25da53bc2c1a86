import type { RequestHandler } from 'express';
import { AppError } from '../../domain/errors';
import { take, type Bucket } from '../../domain/token-bucket';

/** Per sid: a page load's burst of calls passes, a script hammering the sid does not (5 a second sustained). */
export const SID_BURST = 20;
export const SID_PER_SECOND = 5;
/** Beyond this many tracked sids the least recently used is forgotten (it starts again with a full bucket). */
const MAX_TRACKED = 10_000;

/**
 * Refuses more than a few requests a second per sid with 429 RATE_LIMITED (CONTRACT §5) and Retry-After. It runs
 * before the sid is looked up, so a flood with one sid never reaches the database. In memory: the limit is per API
 * process, which is enough to keep one player's page (or a script with its sid) from hammering the gateway.
 */
export function sidRateLimit(): RequestHandler {
  const buckets = new Map<string, Bucket>();
  return (req, _res, next) => {
    const sid: unknown = (req.body as { sid?: unknown } | undefined)?.sid ?? req.query.sid;
    if (typeof sid !== 'string' || sid.length > 64) return next();
    const { bucket, allowed, retryAfterMs } = take(buckets.get(sid), Date.now(), SID_BURST, SID_PER_SECOND);
    buckets.delete(sid); // re-insert: the Map's order is then least recently used first
    buckets.set(sid, bucket);
    if (buckets.size > MAX_TRACKED) buckets.delete(buckets.keys().next().value!);
    if (!allowed) {
      throw new AppError('RATE_LIMITED', 'Too many requests for this session; slow down', { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
    }
    next();
  };
}
