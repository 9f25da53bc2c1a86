import { z } from 'zod';
import { FIAT_AMOUNT_RE, FIAT_CODE_RE } from '../../domain/money';

/** An outbox event's id in a path (POST /admin/webhooks/:eventId/redeliver); anything else reads as missing. */
export const webhookEventIdSchema = z.uuid();

/** GET /admin/webhooks. */
export const adminWebhookListQuery = z.object({
  status: z.enum(['PENDING', 'RETRYING', 'DELIVERED', 'DEAD_LETTER']).optional(),
  operatorId: z.uuid().optional(),
  event: z.enum(['DEPOSIT', 'WITHDRAW_REQUEST', 'WITHDRAW_COMPLETE', 'WITHDRAW_FAILED', 'WITHDRAW_CANCELLED']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});
export type AdminWebhookListQuery = z.infer<typeof adminWebhookListQuery>;

/** POST /session/:uuid/test-webhook (spec 4.3): optional overrides of the synthetic event's values. */
export const testWebhookSchema = z.object({
  amount: z.string().regex(FIAT_AMOUNT_RE, 'expected a positive decimal string with at most 2 decimals').optional(),
  currency: z.string().regex(FIAT_CODE_RE, 'expected a 3-letter fiat code').optional(),
  chainId: z.number().int().positive().optional(),
  address: z.string().optional(),
});
export type TestWebhookBody = z.infer<typeof testWebhookSchema>;
