import type { Client } from '@temporalio/client';
import type { Config } from '../config/env';
import { withdrawalWorkflowId } from '../domain/withdrawals';
import type { withdrawalWorkflow } from '../workflows/withdrawal';
import { searchAttributes } from '../workflows/search-attributes';

/** Starts the withdrawal workflow of a just-created Mode A/B request (id `withdrawal-<withdrawRequestId>`). */
export async function startWithdrawalWorkflow(
  client: Client,
  config: Config,
  w: { id: string; mode: 'A' | 'B'; sessionRef: string; operatorId: string; externalUserId: string; status: string },
): Promise<void> {
  await client.workflow.start<typeof withdrawalWorkflow>('withdrawalWorkflow', {
    workflowId: withdrawalWorkflowId(w),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ withdrawRequestId: w.id, mode: w.mode, ttlSeconds: config.WITHDRAW_REQUEST_TTL_SECONDS, heldRetrySeconds: config.HELD_APPROVAL_RETRY_SECONDS, pollMs: config.CHAIN_POLL_MS, pauseBeforeBroadcastMs: config.TEST_PAUSE_BEFORE_BROADCAST_MS }],
    typedSearchAttributes: searchAttributes({ operatorId: w.operatorId, externalUserId: w.externalUserId, sessionRef: w.sessionRef, withdrawStatus: w.status }),
  });
}
