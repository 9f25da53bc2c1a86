import { AppError } from '../../domain/errors';
import { webhookEventById } from '../../store/webhook-event-reads';
import { listOutboxEvents, redeliverDeadLetter } from '../../use-cases/webhook-events';
import { operatorKey } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { json } from '../openapi/operation';
import { z } from '../openapi/zod';
import * as out from '../schemas/responses';
import { operatorScope } from '../../store/operator-reads';
import { operatorWebhookListQuery, webhookEventIdSchema } from '../schemas/webhooks';

const events = { tag: 'Webhook events', auth: operatorKey() } as const;

const list = endpoint({
  ...events,
  operationId: 'listWebhookEvents',
  method: 'get',
  path: '/webhooks/events',
  summary: "The operator's (and its sub-operators') webhook events with their attempts, newest first",
  description:
    "The caller's and its sub-operators' webhook events with their delivery attempts, newest first; filters `event`, `status`, `since`, `until`; paged by `limit` and `cursor` (next page in X-Next-Cursor).",
  query: operatorWebhookListQuery,
  responses: {
    200: {
      ...json('A page of events', out.envelope(z.array(out.outboxItem))),
      headers: { 'X-Next-Cursor': { description: 'The next page, absent on the last', schema: { type: 'string' } } },
    },
  },
  handler: async ({ deps: { db }, query: q, res }) => {
    const scope = await operatorScope(db, currentOperator(res));
    const page = await listOutboxEvents(
      db,
      { operatorId: { in: scope }, event: q.event, status: q.status, createdAt: { gte: q.since, lt: q.until } },
      q,
    );
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    sendEnvelope(res, 200, 'Webhook events', page.items);
  },
});

const redeliver = endpoint({
  ...events,
  operationId: 'redeliverWebhookEvent',
  method: 'post',
  path: '/webhooks/events/:eventId/redeliver',
  summary: 'Redeliver one of its dead-lettered events',
  description:
    "Queues one of the caller's DEAD_LETTER events for delivery again (same event id and body). Another status answers 409 INVALID_TRANSITION; another operator's event 404 NOT_FOUND.",
  params: z.object({ eventId: webhookEventIdSchema }),
  responses: { 202: json('A fresh delivery run started', out.envelope(out.redeliveryStarted)) },
  errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  handler: async ({ deps: { db, temporal, config }, params, res }) => {
    const scope = await operatorScope(db, currentOperator(res));
    const event = params ? await webhookEventById(db, params.eventId, scope) : null;
    if (!event) throw new AppError('NOT_FOUND', 'No such webhook event');
    await redeliverDeadLetter({ db, config, temporal: temporal.client }, event);
    sendEnvelope(res, 202, 'Redelivery started', { eventId: event.id, status: 'RETRYING' });
  },
});

/**
 * The operator's own event log (CONTRACT §8) over its and its sub-operators' events, and redelivery of their dead
 * letters. Another operator's event answers like a missing one.
 */
export const operatorWebhookEndpoints = [list, redeliver];
