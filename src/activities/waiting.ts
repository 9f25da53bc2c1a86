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

/** Under the follows' heartbeat timeouts (workflows/follow.ts), so only a step, never a long poll interval, outlasts them. */
const HEARTBEAT_EVERY_MS = 5000;

/** Sleeps `ms` inside an activity, heartbeating `details` at least every `everyMs` (the SDK sends them throttled). */
export async function heartbeatingSleep(ms: number, details: string, everyMs = HEARTBEAT_EVERY_MS): Promise<void> {
  for (let left = ms; left > 0; left -= everyMs) {
    heartbeat(details);
    await sleep(Math.min(left, everyMs));
  }
}

/**
 * Runs `step` until it stops waiting, inside one activity attempt: each `waiting` failure heartbeats its message and
 * sleeps `pollMs` (or the wait's own delay) here, instead of failing the attempt for the server to retry. A transaction
 * waited on for minutes costs one activity task and a heartbeat every few seconds, not a task and its retry every poll.
 * Any other failure, and the worker's shutdown, ends the attempt; the activity's retry policy takes it from there.
 * `progress` is what an engineer sees of it in the pending activity (Temporal UI) until the first wait says more.
 */
export async function follow<T>(step: () => Promise<T>, pollMs: number, progress: string): Promise<T> {
  for (;;) {
    heartbeat(progress);
    try {
      return await step();
    } catch (err) {
      const wait = waitOf(err);
      if (!wait) throw err;
      progress = wait.message;
      await heartbeatingSleep(wait.delayMs ?? pollMs, progress);
    }
  }
}
