import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks';

export interface WebhookRelayInput {
  intervalSeconds: number;
}

/** Rounds per run before continue-as-new, which keeps the history small. */
const ROUNDS_PER_RUN = 200;

/**
 * The outbox relay: on a timer, starts delivery for every event whose workflow start was lost (a crash between
 * the commit that recorded it and the start). One per task queue, started by the worker.
 */
export async function webhookRelayWorkflow(input: WebhookRelayInput): Promise<never> {
  const { dispatchPendingWebhooks } = proxyActivities<WebhookActivities>({
    startToCloseTimeout: '1 minute',
    retry: { maximumInterval: '30 seconds' },
  });
  for (let round = 0; round < ROUNDS_PER_RUN; round++) {
    await dispatchPendingWebhooks();
    await sleep(input.intervalSeconds * 1000);
  }
  return continueAsNew<typeof webhookRelayWorkflow>(input);
}
