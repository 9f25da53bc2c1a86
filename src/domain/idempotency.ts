import { createHash } from 'node:crypto';
import { ERRORS, isErrorCode } from './errors';

/**
 * Idempotency-Key on operator POSTs (CONTRACT §9, decision 0034): the first answer under a key is kept per operator
 * and replayed; the rules here are pure, the claim and the stored answer live in src/store/idempotency-keys.ts.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 1-255 printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** How long an answer is replayed; an older row is ignored (a new claim takes its place) and cleaned. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/**
 * An IN_FLIGHT claim older than this belongs to a run that died without releasing it (process killed, database lost
 * at completion), and the next request with the key takes it over. Far above the slowest operator POST (a Temporal
 * update or a few statements, seconds), so a run still going is not run twice.
 */
export const STALE_CLAIM_SECONDS = 300;

/** Why a header value is not a key, or null when it is one. */
export function idempotencyKeyProblem(value: string): string | null {
  return IDEMPOTENCY_KEY_PATTERN.test(value) ? null : 'must be 1-255 printable ASCII characters';
}

/** Object keys in a fixed order, so a body sent again with its fields in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key is bound to: the method, the path (with its query) and the parsed body. Only its hash is stored. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()} ${path}\n${body === undefined ? '' : canonicalJson(body)}`).digest('hex');
}

/**
 * Whether an answer is kept for replay. A 5xx, or a refusal the catalog calls retryable (429, 409
 * INSUFFICIENT_LIQUIDITY, ...), says the same request may succeed later: replaying it would hold the caller to a
 * failure forever, so the claim is released instead and a retry with the same key runs again.
 */
export function keepsAnswer(status: number, errorCode: unknown): boolean {
  if (status >= 500) return false;
  return !(isErrorCode(errorCode) && ERRORS[errorCode].retryable);
}

/**
 * Headers that belong to the exchange, not to the answer: a replay gets its own. Everything else the route set
 * (Content-Type, ETag, Location, Retry-After, ...) is replayed as it was.
 */
const EXCHANGE_HEADERS = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export function answerHeaders(headers: Record<string, number | string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || EXCHANGE_HEADERS.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = typeof value === 'number' ? String(value) : value;
  }
  return out;
}

export type KeyVerdict = 'replay' | 'reused' | 'in-use';

/** What a request meets when its key is already claimed: the stored answer, or one of the two refusals. */
export function judgeExistingKey(existing: { fingerprint: string; state: 'IN_FLIGHT' | 'DONE' }, fingerprint: string): KeyVerdict {
  if (existing.fingerprint !== fingerprint) return 'reused';
  return existing.state === 'DONE' ? 'replay' : 'in-use';
}
