import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { DispatchOutcome } from '../../activities/deps';
import type { Db } from '../../adapters/db';
import type { Config } from '../../config/env';
import { markDispatched } from '../../store/deliveries';
import type { OutboxEvent } from '../../store/outbox';
import { searchAttributes } from '../../workflows/search-attributes';
import { webhookTaskQueue, webhookWorkflowId } from '../../domain/keys';
import type { webhookDeliveryWorkflow } from '../../workflows/webhook-delivery';

export interface DispatchTarget {
  client: Client;
  db: Db;
  taskQueue: string;
  retryDelaysSeconds: number[];
  timeoutMs: number;
  /** Ask for an eager start: only on a client over a worker's NativeConnection that polls the webhook queue. */
  eager: boolean;
}

/**
 * Starts the delivery workflow of a committed event and marks it dispatched. Safe to call twice: a second start
 * for the same event is refused by Temporal (REJECT_DUPLICATE), and that too counts as dispatched.
 * `redeliver` allows a new run after a closed one (a dead letter's redelivery); it is refused while one runs.
 */
export async function dispatchWebhook(t: DispatchTarget, event: OutboxEvent, opts: { redeliver?: boolean } = {}): Promise<DispatchOutcome> {
  const { id: eventId, operatorId } = event;
  let outcome: DispatchOutcome;
  try {
    const handle = await t.client.workflow.start<typeof webhookDeliveryWorkflow>('webhookDeliveryWorkflow', {
      workflowId: webhookWorkflowId(eventId),
      taskQueue: t.taskQueue,
      args: [{ eventId, retryDelaysSeconds: t.retryDelaysSeconds, timeoutMs: t.timeoutMs }],
      workflowIdReusePolicy: opts.redeliver ? 'ALLOW_DUPLICATE' : 'REJECT_DUPLICATE',
      typedSearchAttributes: searchAttributes({ operatorId }),
      requestEagerStart: t.eager,
    });
    outcome = handle.eagerlyStarted ? 'started-eagerly' : 'started';
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    outcome = 'already-started';
  }
  await markDispatched(t.db, eventId);
  return outcome;
}

export function dispatchTarget(config: Config, client: Client, db: Db, opts: { eager?: boolean } = {}): DispatchTarget {
  return {
    client,
    db,
    eager: opts.eager ?? false,
    taskQueue: webhookTaskQueue(config.TEMPORAL_TASK_QUEUE),
    retryDelaysSeconds: config.WEBHOOK_RETRY_DELAYS_SECONDS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  };
}
