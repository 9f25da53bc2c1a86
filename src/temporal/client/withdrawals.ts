import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import type { Db } from '../../adapters/db';
import type { Config } from '../../config/env';
import { withdrawalWorkflowId } from '../../domain/keys';
import { TERMINAL } from '../../domain/withdrawals';
import type { Withdrawal } from '../../generated/prisma/client';
import type { withdrawalWorkflow } from '../../workflows/withdrawal';
import { searchAttributes } from '../../workflows/search-attributes';
import { supersedeUpdate } from '../../workflows/withdrawal-messages';
import { resendingUnprocessed } from './unprocessed-updates';

/** The request's workflow (id `withdrawal-<withdrawRequestId>`), for an update. */
const withdrawalHandle = (client: Client, w: Parameters<typeof withdrawalWorkflowId>[0]): WorkflowHandle<typeof withdrawalWorkflow> =>
  client.workflow.getHandle(withdrawalWorkflowId(w));

export interface WithdrawalStarter {
  client: Client;
  config: Config;
  db: Db;
}

/**
 * Starts the workflow of a committed Mode A/B request (id `withdrawal-<withdrawRequestId>`) and marks the row
 * started. Safe to call again: a second start is refused as a duplicate and only marks the row. The TTL runs to the
 * row's expiresAt, so a workflow started late by the relay still expires the request on time.
 */
export async function startWithdrawalWorkflow(s: WithdrawalStarter, w: Withdrawal): Promise<void> {
  const ttlMs = w.expiresAt ? w.expiresAt.getTime() - Date.now() : s.config.WITHDRAW_REQUEST_TTL_SECONDS * 1000;
  try {
    await s.client.workflow.start<typeof withdrawalWorkflow>('withdrawalWorkflow', {
      workflowId: withdrawalWorkflowId(w),
      taskQueue: s.config.TEMPORAL_TASK_QUEUE,
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [{
        withdrawRequestId: w.id, mode: w.mode as 'A' | 'B', ttlSeconds: Math.max(0, Math.ceil(ttlMs / 1000)), heldRetrySeconds: s.config.HELD_APPROVAL_RETRY_SECONDS,
        pollMs: s.config.CHAIN_POLL_MS, pauseBeforeBroadcastMs: s.config.TEST_PAUSE_BEFORE_BROADCAST_MS,
      }],
      typedSearchAttributes: searchAttributes({ operatorId: w.operatorId, externalUserId: w.externalUserId, sessionRef: w.sessionRef, withdrawStatus: w.status }),
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
  await s.db.withdrawal.updateMany({ where: { id: w.id, workflowStartedAt: null }, data: { workflowStartedAt: new Date() } });
}

/**
 * Runs `call` on the request's workflow. When the workflow is missing (its start after the commit was lost and the
 * relay has not caught up yet), it is started and the call made once more, so a decision or a cancel never waits
 * for the relay. An update the server rejected as unprocessed is sent again (resendingUnprocessed).
 */
export async function onWithdrawalWorkflow<T>(s: WithdrawalStarter, w: Withdrawal, call: (h: WorkflowHandle<typeof withdrawalWorkflow>) => Promise<T>): Promise<T> {
  const send = () => resendingUnprocessed(() => call(withdrawalHandle(s.client, w)));
  try {
    return await send();
  } catch (err) {
    // A request that can no longer change had its workflow; it is never started again.
    if (!(err instanceof WorkflowNotFoundError) || TERMINAL.has(w.status)) throw err;
    await startWithdrawalWorkflow(s, w);
    return send();
  }
}

/**
 * Tells the workflows of withdrawals cancelled with their session (cancelSessionWithWithdrawal) so they end now rather
 * than at their next step: the supersede update finds the row CANCELLED already and takes that status. A workflow
 * that is gone has nothing to catch up on.
 */
export async function tellCancelledWithdrawals(s: Pick<WithdrawalStarter, 'client'>, withdrawals: Array<{ id: string; mode: string; sessionRef: string }>): Promise<void> {
  for (const w of withdrawals) {
    await resendingUnprocessed(() => withdrawalHandle(s.client, w).executeUpdate(supersedeUpdate))
      .catch((err: unknown) => {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      });
  }
}
