import { ApplicationFailure } from '@temporalio/activity';
import type { WaitType } from '../domain/failure-types';

/**
 * Thrown while a step waits (confirmations, receipts, a fresh price): a benign, retryable failure, so the activity's
 * retry policy is the poll loop and the workflow history gains nothing per poll. `retryAfterMs` overrides the
 * policy's interval for a wait that needs no fast poll.
 */
export const waiting = (type: WaitType, message: string, retryAfterMs?: number) =>
  ApplicationFailure.create({ type, message, category: 'BENIGN', ...(retryAfterMs ? { nextRetryDelay: retryAfterMs } : {}) });

/** A `waiting` failure's message and its own delay (milliseconds, as `waiting` sets it); null for any other error. */
export function waitOf(err: unknown): { message: string; delayMs: number | undefined } | null {
  if (!(err instanceof ApplicationFailure) || err.category !== 'BENIGN' || err.nonRetryable) return null;
  return { message: err.message, delayMs: typeof err.nextRetryDelay === 'number' ? err.nextRetryDelay : undefined };
}
