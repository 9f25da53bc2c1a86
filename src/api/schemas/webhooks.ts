import { z } from 'zod';
import { chainIdSchema } from './fields';
import { FIAT_AMOUNT_RE, FIAT_CODE_RE } from '../../domain/money';

/** An outbox event's id in a path (POST /admin/webhooks/:eventId/redeliver); anything else reads as missing. */
export const webhookEventIdSchema = z.uuid();

const outboxStatus = z.enum(['PENDING', 'RETRYING', 'DELIVERED', 'DEAD_LETTER']);
const webhookEventType = z.enum(['DEPOSIT', 'WITHDRAW_REQUEST', 'WITHDRAW_COMPLETE', 'WITHDRAW_FAILED', 'WITHDRAW_CANCELLED']);
const pageQuery = { limit: z.coerce.number().int().min(1).max(200).default(50), cursor: z.string().optional() };

/** GET /admin/webhooks. */
export const adminWebhookListQuery = z.object({
  status: outboxStatus.optional(),
  operatorId: z.uuid().optional(),
  event: webhookEventType.optional(),
  ...pageQuery,
});

/** GET /webhooks/events (the operator's event log): `since` inclusive, `until` exclusive, both ISO 8601. */
export const operatorWebhookListQuery = z.object({
  event: webhookEventType.optional(),
  status: outboxStatus.optional(),
  since: z.iso.datetime({ offset: true }).transform((s) => new Date(s)).optional(),
  until: z.iso.datetime({ offset: true }).transform((s) => new Date(s)).optional(),
  ...pageQuery,
});

/** POST /session/:uuid/test-webhook (spec 4.3): optional overrides of the synthetic event's values. */
export const testWebhookSchema = z.object({
  amount: z.string().regex(FIAT_AMOUNT_RE, 'expected a positive decimal string with at most 2 decimals').optional(),
  currency: z.string().regex(FIAT_CODE_RE, 'expected a 3-letter fiat code').optional(),
  chainId: chainIdSchema.optional(),
  address: z.string().optional(),
});
export type TestWebhookBody = z.infer<typeof testWebhookSchema>;
