import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import type { Config } from '../../config/env';
import { headlessWorkflowId } from '../../domain/keys';
import type { Withdrawal } from '../../generated/prisma/client';
import type { headlessWorkflow } from '../../workflows/headless';
import type { HeadlessWorkflowInput } from '../../workflows/headless-messages';
import { searchAttributes } from '../../workflows/search-attributes';
import { resendingUnprocessed } from './unprocessed-updates';

/** The API's side of the headless workflow: starting it, and reaching it for execute, cancel and retry. */

export type HeadlessHandle = WorkflowHandle<typeof headlessWorkflow>;

/** The intent's workflow (id `headless-<sessionRef>`), for a query, a signal or an update. */
export const headlessHandle = (client: Client, sessionRef: string): HeadlessHandle => client.workflow.getHandle(headlessWorkflowId(sessionRef));

export function headlessWorkflowInput(config: Config, w: Withdrawal): HeadlessWorkflowInput {
  return {
    withdrawalId: w.id,
    sessionRef: w.sessionRef,
    chainId: w.chainId,
    expiresAtMs: w.expiresAt!.getTime(),
    gasRecheckSeconds: config.GAS_RECHECK_SECONDS,
    settleAttempts: config.HEADLESS_SETTLE_ATTEMPTS,
    pollMs: config.CHAIN_POLL_MS,
    pauseBeforeBroadcastMs: config.TEST_PAUSE_BEFORE_BROADCAST_MS,
    rereadSeconds: config.HEADLESS_REREAD_SECONDS,
  };
}

/**
 * Starts the intent's workflow (id `headless-<sessionRef>`, CONTRACT §1) unless one ever ran: an idempotent re-create,
 * or the repair of a create whose start failed after its row committed. A closed run is never started again.
 */
export async function startHeadlessWorkflow(client: Client, config: Config, w: Withdrawal): Promise<void> {
  try {
    await client.workflow.start<typeof headlessWorkflow>('headlessWorkflow', {
      workflowId: headlessWorkflowId(w.sessionRef),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [headlessWorkflowInput(config, w)],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: searchAttributes({ operatorId: w.operatorId, externalUserId: w.externalUserId, sessionRef: w.sessionRef, withdrawStatus: w.status }),
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * Runs `call` on the intent's workflow. A CREATED intent whose workflow is missing gets it started and the call made
 * once more; a closed workflow answers null, and the caller answers from the row (which is then final). An update the
 * server rejected as unprocessed is sent again (resendingUnprocessed).
 */
export async function onHeadlessWorkflow<T>(client: Client, config: Config, w: Withdrawal, call: (h: HeadlessHandle) => Promise<T>): Promise<T | null> {
  const send = () => resendingUnprocessed(() => call(headlessHandle(client, w.sessionRef)));
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
    if (w.status !== 'CREATED') return null;
    await startHeadlessWorkflow(client, config, w);
    try {
      return await send();
    } catch (again) {
      if (again instanceof WorkflowNotFoundError) return null;
      throw again;
    }
  }
}
