import { ApplicationFailure, heartbeat, sleep } from '@temporalio/activity';
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

/** Under the payout follow's heartbeat timeout (payout.ts), so only a step, never a long poll interval, outlasts it. */
const HEARTBEAT_EVERY_MS = 5000;

/** Sleeps `ms` inside an activity, heartbeating `details` at least every `everyMs` (the SDK sends them throttled). */
export async function heartbeatingSleep(ms: number, details: string, everyMs = HEARTBEAT_EVERY_MS): Promise<void> {
  for (let left = ms; left > 0; left -= everyMs) {
    heartbeat(details);
    await sleep(Math.min(left, everyMs));
  }
}
