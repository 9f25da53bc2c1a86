import { AppError } from '../../domain/errors';
import { webhookEventById } from '../../store/webhook-event-reads';
import { listOutboxEvents, redeliverDeadLetter } from '../../use-cases/webhook-events';
import { adminToken } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { adminAudit } from '../middleware/auth';
import { json, nextCursorHeader } from '../openapi/operation';
import { z } from '../openapi/zod';

import { outboxItem, redeliveryStarted } from '../schemas/responses';
import { adminWebhookListQuery, webhookEventIdSchema } from '../schemas/webhooks';

const list = endpoint({
  operationId: 'adminListWebhookEvents',
  method: 'get',
  path: '/admin/webhooks',
  tag: 'Admin',
  auth: adminToken(),
  summary: 'The webhook outbox, newest first',
  description:
    'The webhook outbox across operators, newest first, each event with its delivery attempts; filters by event, status and operator.',
  query: adminWebhookListQuery,
  responses: { 200: { ...json('A page of events', z.array(outboxItem)), headers: nextCursorHeader } },
  handler: async ({ deps: { db }, query: q, res }) => {
    const page = await listOutboxEvents(db, { status: q.status, operatorId: q.operatorId, event: q.event }, q);
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    res.json(page.items);
  },
});

const redeliver = endpoint({
  operationId: 'adminRedeliverWebhookEvent',
  method: 'post',
  path: '/admin/webhooks/:eventId/redeliver',
  tag: 'Admin',
  auth: adminToken({ acting: true }),
  summary: 'Redeliver a dead-lettered event',
  description:
    'Queues a dead-lettered event for delivery again (the same event id and body); any other status answers 409 INVALID_TRANSITION. Recorded in the admin audit.',
  params: z.object({ eventId: webhookEventIdSchema }),
  responses: { 202: json('A fresh delivery run started', redeliveryStarted) },
  errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  handler: async ({ deps: { db, temporal, config }, params, req, res }) => {
    const event = params ? await webhookEventById(db, params.eventId) : null;
    if (!event) throw new AppError('NOT_FOUND', 'No such webhook event');
    await redeliverDeadLetter({ db, config, temporal: temporal.client }, event, adminAudit(req, res, 'WEBHOOK_REDELIVER', event.id));
    res.status(202).json({ eventId: event.id, status: 'RETRYING' });
  },
});

/** GET /admin/webhooks (any admin) and POST /admin/webhooks/:eventId/redeliver (ADMIN, SUPERADMIN). */
export const adminWebhookEndpoints = [list, redeliver];
