import { ApplicationFailure, WorkflowUpdateFailedError } from '@temporalio/client';

/**
 * The server's answer to an update its worker was handed and completed a workflow task without taking up: with SDK
 * 1.24 this happens to updates that reach a workflow while a local activity holds its workflow task (decision 0051).
 * The workflow never saw the update and its history holds nothing of it, so sending it again is safe.
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
