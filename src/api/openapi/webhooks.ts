import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { WEBHOOK_FIELDS, type WebhookEventType } from '../../domain/webhook-events';
import { WEBHOOK_EXAMPLES } from './webhook-examples';
import { WEBHOOK_SIGNATURE_HEADER } from './operation';
import { z } from './zod';

const HEADERS = z.object({
  [WEBHOOK_SIGNATURE_HEADER]: z.string().describe('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>'),
  'X-Event-Id': z.string().describe('Stable across retries: deduplicate on it'),
  'X-Delivery-Attempt': z.string().describe('1 for the first delivery'),
});

const ack = z.object({
  error: z.union([z.number().int(), z.string()]).describe('0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST'),
  description: z.string().optional(),
});

/** What each event is sent for (spec 6.1-6.5). */
const SENT_WHEN: Record<WebhookEventType, string> = {
  DEPOSIT: 'Sent when a deposit is confirmed on chain and swept to the bankroll (async, retried). Credit amountInDollar; deduplicate on idempotencyKey.',
  WITHDRAW_REQUEST:
    'Sent to obtain approval of a withdrawal. Mode A: synchronous, error 0 approves and any other code denies (1-9 map to errorCodes, spec 6.2). ' +
    'Mode B: async and retried; acknowledge with error 0, and decide with POST /withdraw/{id}/decision. Mode C sends none.',
  WITHDRAW_COMPLETE: 'Sent once after the funds are paid out on chain (async, retried). Deduplicate on withdrawRequestId.',
  WITHDRAW_FAILED:
    'Headless only (async, retried): retryable true keeps the user\'s reserve, false is terminal and releases it. May come more than once per withdrawal; deduplicate on eventId.',
  WITHDRAW_CANCELLED: 'Headless only (async, retried): cancelled before any broadcast; terminal, releases the reserve. Deduplicate on eventId.',
};

/** `WITHDRAW_COMPLETE` → `withdrawCompleteEvent`. */
const operationId = (event: string) => `${event.toLowerCase().replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}Event`;

/** Every event's form fields (application/x-www-form-urlencoded, in this order; null is sent as the text `null`). */
export function registerWebhooks(r: OpenAPIRegistry): void {
  for (const [event, fields] of Object.entries(WEBHOOK_FIELDS) as Array<[WebhookEventType, readonly string[]]>) {
    const shape = Object.fromEntries(fields.map((f) => [f, f === 'event' ? z.literal(event) : z.string()]));
    const given = WEBHOOK_EXAMPLES[event];
    if (Object.keys(given).sort().join() !== [...fields].sort().join()) throw new Error(`webhook example of ${event} does not name its fields`);
    r.registerWebhook({
      method: 'post',
      path: event,
      operationId: operationId(event),
      tags: ['Webhooks'],
      summary: `${event} (sent to the operator's webhookUrl)`,
      description: `${SENT_WHEN[event]} Signed with the operator's webhook secret (security scheme webhookSignature); see docs/webhooks.md for verification and retries.`,
      security: [{ webhookSignature: [] }],
      request: {
        headers: HEADERS,
        body: {
          content: {
            'application/x-www-form-urlencoded': { schema: z.object(shape), example: Object.fromEntries(fields.map((f) => [f, given[f]])) },
          },
        },
      },
      responses: {
        200: {
          description: 'Acknowledged when the body is JSON with error 0',
          content: { 'application/json': { schema: ack, example: { error: 0, description: 'ok' } } },
        },
      },
    });
  }
}
