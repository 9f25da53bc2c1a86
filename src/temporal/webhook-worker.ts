import type { WorkerOptions } from '@temporalio/worker';
import { webhookTaskQueue } from '../domain/keys';

/**
 * Delivery attempts at once: a local attempt holds its slot until the operator answers or the attempt times out; as
 * many as the SDK gives activities by default, so a few slow endpoints do not queue everyone else's deliveries.
 */
const WEBHOOK_ATTEMPT_SLOTS = 100;
/**
 * Workflow task slots of the webhook queue. A delivery started eagerly (workflowStarts in ./client/starts) takes one
 * in the start's answer, or is queued on the server when none is free; each poller holds one too. More than the
 * attempts, so a burst's deliveries wait for an attempt slot here rather than in the server's queue
 * (docs/performance.md).
 */
const WEBHOOK_TASK_SLOTS = 400;

/**
 * The webhook queue's worker (beside the gateway's, in the same process and on the same connection): deliveries wait on
 * operators' endpoints there, and hold none of the slots payouts and deposits need.
 */
export function webhookWorkerOptions(
  gatewayTaskQueue: string,
): Pick<WorkerOptions, 'taskQueue' | 'maxConcurrentWorkflowTaskExecutions' | 'maxConcurrentLocalActivityExecutions'> {
  return {
    taskQueue: webhookTaskQueue(gatewayTaskQueue),
    maxConcurrentWorkflowTaskExecutions: WEBHOOK_TASK_SLOTS,
    maxConcurrentLocalActivityExecutions: WEBHOOK_ATTEMPT_SLOTS,
  };
}
