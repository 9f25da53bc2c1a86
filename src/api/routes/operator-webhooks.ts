import { Router } from 'express';
import { AppError } from '../../domain/errors';
import { listOutboxEvents, redeliverDeadLetter } from '../../use-cases/webhook-events';
import type { ApiDeps } from '../deps';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { operatorScope } from '../operator-scope';
import { operatorWebhookListQuery, webhookEventIdSchema } from '../schemas/webhooks';

/**
 * The operator's own event log (CONTRACT §8): GET /webhooks/events over its and its sub-operators' events, and
 * POST /webhooks/events/:eventId/redeliver for their dead letters. Another operator's event answers like a missing one.
 */
export function operatorWebhookRoutes({ db, temporal, config }: ApiDeps): Router {
  const router = Router();

  router.get('/webhooks/events', async (req, res) => {
    const q = operatorWebhookListQuery.parse(req.query);
    const scope = await operatorScope(db, currentOperator(res));
    const page = await listOutboxEvents(
      db,
      { operatorId: { in: scope }, event: q.event, status: q.status, createdAt: { gte: q.since, lt: q.until } },
      q,
    );
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    sendEnvelope(res, 200, 'Webhook events', page.items);
  });

  router.post('/webhooks/events/:eventId/redeliver', async (req, res) => {
    const eventId = webhookEventIdSchema.safeParse(req.params.eventId);
    const scope = await operatorScope(db, currentOperator(res));
    const event = eventId.success ? await db.webhookEvent.findFirst({ where: { id: eventId.data, operatorId: { in: scope } } }) : null;
    if (!event) throw new AppError('NOT_FOUND', 'No such webhook event');
    await redeliverDeadLetter({ db, config, temporal: temporal.client }, event);
    sendEnvelope(res, 202, 'Redelivery started', { eventId: event.id, status: 'RETRYING' });
  });

  return router;
}
