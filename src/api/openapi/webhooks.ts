import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { WEBHOOK_FIELDS, type WebhookEventType } from '../../domain/webhook-events';
import { z } from './zod';

const HEADERS = z.object({
  'X-Signature': z.string().describe('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>'),
  'X-Event-Id': z.string().describe('Stable across retries: deduplicate on it'),
  'X-Delivery-Attempt': z.string().describe('1 for the first delivery'),
});

const ack = z.object({
  error: z.union([z.number().int(), z.string()]).describe('0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST'),
  description: z.string().optional(),
});

/** Every event's form fields (application/x-www-form-urlencoded, in this order; null is sent as the text `null`). */
export function registerWebhooks(r: OpenAPIRegistry): void {
  for (const [event, fields] of Object.entries(WEBHOOK_FIELDS) as Array<[WebhookEventType, readonly string[]]>) {
    const shape = Object.fromEntries(fields.map((f) => [f, f === 'event' ? z.literal(event) : z.string()]));
    r.registerWebhook({
      method: 'post',
      path: event,
      tags: ['Webhooks'],
      summary: `${event} (sent to the operator's webhookUrl)`,
      description: 'Signed with the operator\'s webhook secret; see docs/webhooks.md for verification and retries.',
      request: { headers: HEADERS, body: { content: { 'application/x-www-form-urlencoded': { schema: z.object(shape) } } } },
      responses: { 200: { description: 'Acknowledged when the body is JSON with error 0', content: { 'application/json': { schema: ack } } } },
    });
  }
}
