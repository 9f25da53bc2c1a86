import type { Client } from '@temporalio/client';
import type { Config } from '../../config/env';
import { treasurySendWorkflowId } from '../../domain/keys';
import type { treasurySendWorkflow } from '../../workflows/treasury-send';

/**
 * Starts the workflow of a recorded treasury send (id `treasury-send-<transferId>`) on the worker's task queue; the
 * worker signs and sends it, so the caller (the CLI) needs no key. A second start of the same id is refused.
 */
export async function startTreasurySend(client: Client, config: Pick<Config, 'TEMPORAL_TASK_QUEUE' | 'CHAIN_POLL_MS' | 'TEST_PAUSE_BEFORE_BROADCAST_MS'>, transferId: string): Promise<string> {
  const workflowId = treasurySendWorkflowId(transferId);
  await client.workflow.start<typeof treasurySendWorkflow>('treasurySendWorkflow', {
    workflowId,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    args: [{ transferId, pollMs: config.CHAIN_POLL_MS, pauseBeforeBroadcastMs: config.TEST_PAUSE_BEFORE_BROADCAST_MS }],
  });
  return workflowId;
}
