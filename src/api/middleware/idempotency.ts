import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Db } from '../../adapters/db';
import type { Logger } from '../../adapters/logger';
import { AppError, fieldError } from '../../domain/errors';
import {
  answerHeaders,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_TTL_SECONDS,
  idempotencyKeyProblem,
  judgeExistingKey,
  keepsAnswer,
  requestFingerprint,
  STALE_CLAIM_SECONDS,
} from '../../domain/idempotency';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  idempotencyKeyRow,
  releaseIdempotencyKey,
  type KeyClaim,
  type StoredKey,
} from '../../store/idempotency-keys';
import { currentOperator } from './auth';

const LIMITS = { ttlSeconds: IDEMPOTENCY_TTL_SECONDS, staleSeconds: STALE_CLAIM_SECONDS };

/** A claim found gone between the claim and the read (released, or expired) is claimed again, a few times at most. */
const CLAIM_ATTEMPTS = 3;

function errorCodeOf(body: Buffer): unknown {
  try {
    return (JSON.parse(body.toString('utf8')) as { errorCode?: unknown } | null)?.errorCode;
  } catch {
    return undefined;
  }
}

const toBuffer = (chunk: unknown, encoding: unknown): Buffer | null =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : null;

/**
 * Holds the answer's last write until the claim is settled: kept (DONE with status, headers and body) or released
 * (a 5xx or a retryable refusal). So a caller who has the answer and sends the key again meets a settled key, never
 * its own first run still IN_FLIGHT. If settling fails the answer still goes out; the claim then goes stale and is
 * taken over (STALE_CLAIM_SECONDS).
 */
function settleOnAnswer(res: Response, db: Db, logger: Logger, claim: KeyClaim): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((...args: unknown[]) => {
    const b = toBuffer(args[0], args[1]);
    if (b) chunks.push(b);
    return write(...args);
  }) as Response['write'];
  res.end = ((...args: unknown[]) => {
    const b = toBuffer(args[0], args[1]);
    if (b) chunks.push(b);
    const body = Buffer.concat(chunks);
    const status = res.statusCode;
    const settle = keepsAnswer(status, status >= 400 ? errorCodeOf(body) : undefined)
      ? completeIdempotencyKey(db, claim, { status, headers: answerHeaders(res.getHeaders()), body })
      : releaseIdempotencyKey(db, claim);
    void settle
      .catch((err: unknown) => logger.warn('idempotency key not settled', { requestId: res.locals.requestId, err }))
      .finally(() => end(...args));
    return res;
  }) as Response['end'];
}

/** The kept answer, byte for byte: its status, its own headers, its body. */
function replay(res: Response, stored: StoredKey): void {
  res.status(stored.status ?? 200);
  for (const [name, value] of Object.entries(stored.headers ?? {})) res.setHeader(name, value);
  res.end(stored.body ?? Buffer.alloc(0));
}

/**
 * Idempotency-Key on an operator POST (CONTRACT §9): without the header the request goes on untouched; with it the
 * first run claims (operator, key), later requests with the same key get its kept answer, or 409
 * IDEMPOTENCY_KEY_REUSED (another method, path or body) or IDEMPOTENCY_KEY_IN_USE (the first run has not answered).
 */
export function idempotency(db: Db, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    const problem = idempotencyKeyProblem(key);
    if (problem) throw fieldError(IDEMPOTENCY_HEADER, problem);
    const operatorId = currentOperator(res).id;
    const fingerprint = requestFingerprint(req.method, req.originalUrl, req.body);
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const claim: KeyClaim = { operatorId, key, token: randomUUID() };
      if (await claimIdempotencyKey(db, { ...claim, fingerprint }, LIMITS)) {
        settleOnAnswer(res, db, logger, claim);
        return next();
      }
      const stored = await idempotencyKeyRow(db, operatorId, key, LIMITS.ttlSeconds);
      if (!stored) continue;
      const verdict = judgeExistingKey(stored, fingerprint);
      if (verdict === 'replay') return replay(res, stored);
      if (verdict === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request');
      break;
    }
    throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry shortly');
  };
}
