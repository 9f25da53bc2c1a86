/**
 * Mode C (headless) rules: which status allows which command, the safe reason codes, the outbox keys. Pure and
 * dependency-free (the workflow imports it): the routes, activities and the workflow all decide through these.
 */

export type HeadlessStatus = 'CREATED' | 'EXECUTION_QUEUED' | 'WAITING_FOR_GAS' | 'RECONCILING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** CONTRACT §1: the workflow id names the intent (defined with every other key in ./keys). */
export { headlessWorkflowId } from './keys';

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

/** Nothing changes any more: completed, cancelled, expired, or failed for good. */
export function isTerminal(s: { status: HeadlessStatus; retryable: boolean | null }): boolean {
  if (s.status === 'FAILED') return s.retryable !== true;
  return s.status === 'COMPLETED' || s.status === 'CANCELLED' || s.status === 'EXPIRED';
}

export type ExecuteDisposition = 'EXECUTE' | 'REPLAY' | 'NOT_EXECUTABLE';

/**
 * Spec 7.4 HEADLESS_INTENT_NOT_EXECUTABLE: after expiry or cancel, or on a non-CREATED intent without a reservation;
 * an intent whose reservation exists (held or consumed by its payout) replays its result instead.
 */
export function executeDisposition(
  w: { status: HeadlessStatus; expiresAt: Date | null; reservation: 'ACTIVE' | 'RELEASED' | 'CONSUMED' | null },
  now: Date,
): ExecuteDisposition {
  if (w.status === 'CANCELLED' || w.status === 'EXPIRED') return 'NOT_EXECUTABLE';
  if (w.reservation === 'ACTIVE' || w.reservation === 'CONSUMED') return 'REPLAY';
  if (w.status !== 'CREATED') return 'NOT_EXECUTABLE';
  return w.expiresAt !== null && w.expiresAt.getTime() <= now.getTime() ? 'NOT_EXECUTABLE' : 'EXECUTE';
}

/** Spec 4.12: cancel only while no transaction hash exists and the intent is not terminal. */
export function canCancel(s: IntentFacts): boolean {
  if (s.hasTxHash) return false;
  if (s.status === 'FAILED') return s.retryable === true;
  return s.status === 'CREATED' || s.status === 'EXECUTION_QUEUED' || s.status === 'WAITING_FOR_GAS';
}

export type RetryDisposition = 'RETRY' | 'NOT_ALLOWED' | 'IN_PROGRESS';

/**
 * Spec 4.13 admin retry: only WAITING_FOR_GAS or FAILED(retryable) with no hash. A queued intent is what a settlement
 * worker holds (IN_PROGRESS); anything else, terminal or past the hash boundary, is NOT_ALLOWED.
 */
export function retryDisposition(s: IntentFacts): RetryDisposition {
  if (s.hasTxHash) return 'NOT_ALLOWED';
  if (s.status === 'WAITING_FOR_GAS' || (s.status === 'FAILED' && s.retryable === true)) return 'RETRY';
  return s.status === 'EXECUTION_QUEUED' ? 'IN_PROGRESS' : 'NOT_ALLOWED';
}

/** The workflow's live view: a pending retry or a gas re-check under way means the job is already held. */
export function liveRetryDisposition(live: { status: HeadlessStatus; retryable: boolean | null; retryPending: boolean; attemptInFlight: boolean; signing: boolean }): RetryDisposition {
  const stored = retryDisposition({ status: live.status, retryable: live.retryable, hasTxHash: live.signing });
  if (stored !== 'RETRY') return stored;
  return live.retryPending || live.attemptInFlight ? 'IN_PROGRESS' : 'RETRY';
}

/** Outbox uniqueKeys of an intent's FAILED and CANCELLED events (defined with every other key in ./keys). */
export { headlessEventKey } from './keys';
