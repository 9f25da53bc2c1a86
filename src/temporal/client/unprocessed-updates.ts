import { ApplicationFailure, WorkflowUpdateFailedError } from '@temporalio/client';

/**
 * The server's answer to an update its worker was handed and completed a workflow task without taking up: the
 * server's own words are "old SDK or SDK bug"; seen here with SDK 1.24 when an update reaches a workflow while a
 * local activity holds its workflow task, as the headless execute does (decision 0052). The workflow never saw it and
 * its history holds nothing of it, so sending it again is safe.
 */
const UNPROCESSED = 'UnprocessedUpdate';

/** How many times one call is made before its rejection is the caller's: a few workflow tasks' worth. */
const SENDS = 5;

export function rejectedUnprocessed(err: unknown): boolean {
  return err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === UNPROCESSED;
}

/** Runs `send` (an update to one workflow) again while the server rejects it as unprocessed, up to SENDS times. */
export async function resendingUnprocessed<T>(send: () => Promise<T>): Promise<T> {
  for (let sent = 1; ; sent++) {
    try {
      return await send();
    } catch (err) {
      if (sent >= SENDS || !rejectedUnprocessed(err)) throw err;
    }
  }
}
