import { allowsHeadless, HEADLESS_MOVES, isHeadlessSource, type HeadlessStatus } from './headless-machine';

/**
 * Mode C (headless) rules: which status allows which command, the safe reason codes, the outbox keys. Pure and
 * dependency-free (the workflow imports it): the routes, activities and the workflow all decide through these, and
 * these read the transition table (headless-machine.ts).
 */

export { isTerminal, type HeadlessStatus } from './headless-machine';

/** The stable, safe reason codes of FAILED and CANCELLED (spec 2.4: never raw RPC or internal text). */
export const REASON = {
  /** The intent passed its TTL un-executed (CONTRACT §6). */
  INTENT_EXPIRED: 'INTENT_EXPIRED',
  CANCELLED_BY_OPERATOR: 'CANCELLED_BY_OPERATOR',
  /** Retryable: the chain or the database did not answer before any transaction hash existed. */
  SETTLEMENT_UNAVAILABLE: 'SETTLEMENT_UNAVAILABLE',
  /** Terminal: the intent's chain or token is no longer supported when the payout is about to be signed. */
  ASSET_UNSUPPORTED: 'ASSET_UNSUPPORTED',
  /** Terminal: the signed payout was mined and reverted, so no tokens moved. */
  PAYOUT_REVERTED: 'PAYOUT_REVERTED',
  /** Terminal: the signed payout can never be mined (its nonce went elsewhere), so no tokens moved. */
  PAYOUT_NOT_MINED: 'PAYOUT_NOT_MINED',
} as const;
export type ReasonCode = (typeof REASON)[keyof typeof REASON];

export interface IntentFacts {
  status: HeadlessStatus;
  /** The FAILED flag; null while not failed. */
  retryable: boolean | null;
  /** A payout transaction has been signed and stored: the uncertainty boundary (spec 3.2). */
  hasTxHash: boolean;
}

/** Cancelled or expired: withdrawn before paying, never executable again (even if it was executed before). */
export const isWithdrawn = (status: HeadlessStatus): boolean => status === HEADLESS_MOVES.cancel.to || status === HEADLESS_MOVES.expire.to;

export type ExecuteDisposition = 'EXECUTE' | 'REPLAY' | 'NOT_EXECUTABLE';

/**
 * Spec 7.4 HEADLESS_INTENT_NOT_EXECUTABLE: after expiry or cancel, or on a non-CREATED intent without a reservation;
 * an intent whose reservation exists (held or consumed by its payout) replays its result instead.
 */
export function executeDisposition(
  w: { status: HeadlessStatus; expiresAt: Date | null; reservation: 'ACTIVE' | 'RELEASED' | 'CONSUMED' | null },
  now: Date,
): ExecuteDisposition {
  if (isWithdrawn(w.status)) return 'NOT_EXECUTABLE';
  if (w.reservation === 'ACTIVE' || w.reservation === 'CONSUMED') return 'REPLAY';
  if (!isHeadlessSource('execute', w.status)) return 'NOT_EXECUTABLE';
  return w.expiresAt !== null && w.expiresAt.getTime() <= now.getTime() ? 'NOT_EXECUTABLE' : 'EXECUTE';
}

/** Spec 4.12: cancel only while no transaction hash exists and the intent is not terminal. */
export function canCancel(s: IntentFacts): boolean {
  return allowsHeadless('cancel', s);
}

export type RetryDisposition = 'RETRY' | 'NOT_ALLOWED' | 'IN_PROGRESS';

/**
 * Spec 4.13 admin retry: only WAITING_FOR_GAS or FAILED(retryable) with no hash. A queued intent is what a settlement
 * worker holds (IN_PROGRESS); anything else, terminal or past the hash boundary, is NOT_ALLOWED.
 */
export function retryDisposition(s: IntentFacts): RetryDisposition {
  if (allowsHeadless('requeue', s)) return 'RETRY';
  return !s.hasTxHash && s.status === HEADLESS_MOVES.requeue.to ? 'IN_PROGRESS' : 'NOT_ALLOWED';
}

/** The workflow's live view: a pending retry or a gas re-check under way means the job is already held. */
export function liveRetryDisposition(live: { status: HeadlessStatus; retryable: boolean | null; retryPending: boolean; attemptInFlight: boolean; signing: boolean }): RetryDisposition {
  const stored = retryDisposition({ status: live.status, retryable: live.retryable, hasTxHash: live.signing });
  if (stored !== 'RETRY') return stored;
  return live.retryPending || live.attemptInFlight ? 'IN_PROGRESS' : 'RETRY';
}
