import { continueAsNew, patched, proxyActivities, sleep, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { DeliveryStart, WebhookRelayActivities } from '../activities/webhooks';
import { searchAttributes } from './search-attributes';
import type { webhookDeliveryWorkflow } from './webhook-delivery';

export interface WebhookRelayInput {
  intervalSeconds: number;
}

/** Rounds per run before continue-as-new, which keeps the history small. */
const ROUNDS_PER_RUN = 200;

/**
 * The relay starts the deliveries its sweep finds as its children (its sweep activity started them through a client
 * before). Runs recorded before replay the old sweep.
 */
export const RELAY_STARTS_DELIVERIES = 'relay-starts-deliveries';

/**
 * The outbox relay: on a timer, starts delivery for every event whose workflow start was lost (a crash between
 * the commit that recorded it and the start). One per task queue, started by the worker.
 */
export async function webhookRelayWorkflow(input: WebhookRelayInput): Promise<never> {
  const { dispatchPendingWebhooks, pendingWebhookDeliveries, markWebhooksDispatched } = proxyActivities<WebhookRelayActivities>({
    startToCloseTimeout: '1 minute',
    retry: { maximumInterval: '30 seconds' },
  });
  for (let round = 0; round < ROUNDS_PER_RUN; round++) {
    if (patched(RELAY_STARTS_DELIVERIES)) {
      // Marked only once started: a round cut short anywhere before the mark finds the same events next time.
      const pending = await pendingWebhookDeliveries();
      if (pending.length > 0) {
        await Promise.all(pending.map(startDelivery));
        await markWebhooksDispatched(pending.map((p) => p.eventId));
      }
    } else {
      await dispatchPendingWebhooks();
    }
    await sleep(input.intervalSeconds * 1000);
  }
  return continueAsNew<typeof webhookRelayWorkflow>(input);
}

/**
 * One event's delivery, on the webhook task queue, abandoned on close (the relay continues as new; deliveries go on).
 * REJECT_DUPLICATE as the writers' own starts: an id already taken is a delivery already started, which is all the
 * relay owes the event.
 */
async function startDelivery(s: DeliveryStart): Promise<void> {
  try {
    await startChild<typeof webhookDeliveryWorkflow>('webhookDeliveryWorkflow', {
      workflowId: s.workflowId,
      taskQueue: s.taskQueue,
      args: [s.input],
      parentClosePolicy: 'ABANDON',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: searchAttributes({ operatorId: s.operatorId }),
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
