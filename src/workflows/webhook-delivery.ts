import { patched, proxyActivities, proxyLocalActivities, sleep } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks';

export interface WebhookDeliveryInput {
  eventId: string;
  /** The five retry delays (CONTRACT §3); the first attempt is immediate. */
  retryDelaysSeconds: number[];
  /** Per-attempt HTTP deadline. */
  timeoutMs: number;
}

/**
 * Attempts run as local activities on the webhook task queue's worker: no activity task goes through the server, which
 * halved its work per delivery (docs/performance.md). A local activity holds its workflow task slot until the
 * operator answers, which is why deliveries have a queue and worker slots of their own (webhookTaskQueue).
 */
const LOCAL_ATTEMPTS = 'local-delivery-attempts';

/**
 * Delivers one outbox event: an attempt at once, then one after each retry delay, then DEAD_LETTER.
 * An attempt's HTTP failure is an answer (delivered: false), not an activity failure; the activity itself is
 * retried by Temporal only when our side fails (database, crash), and it never re-sends a delivered event.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<'DELIVERED' | 'DEAD_LETTER'> {
  const options = {
    startToCloseTimeout: input.timeoutMs + 15_000,
    retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
  };
  const { deliverWebhook } = patched(LOCAL_ATTEMPTS) ? proxyLocalActivities<WebhookActivities>(options) : proxyActivities<WebhookActivities>(options);
  const { deadLetterWebhook } = proxyActivities<WebhookActivities>(options);
  for (let attempt = 0; attempt <= input.retryDelaysSeconds.length; attempt++) {
    if (attempt > 0) await sleep(input.retryDelaysSeconds[attempt - 1]! * 1000);
    const { delivered } = await deliverWebhook(input.eventId, input.timeoutMs);
    if (delivered) return 'DELIVERED';
  }
  await deadLetterWebhook(input.eventId);
  return 'DEAD_LETTER';
}
