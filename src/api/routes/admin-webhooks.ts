import { Router } from 'express';
import { AppError } from '../../domain/errors';
import { listOutboxEvents, redeliverDeadLetter } from '../../use-cases/webhook-events';
import type { ApiDeps } from '../deps';
import { requireActingRole } from '../middleware/auth';
import { adminWebhookListQuery, webhookEventIdSchema } from '../schemas/webhooks';

/** GET /admin/webhooks (any admin) and POST /admin/webhooks/:eventId/redeliver (ADMIN, SUPERADMIN). */
export function adminWebhookRoutes({ db, temporal, config }: ApiDeps): Router {
  const router = Router();

  router.get('/admin/webhooks', async (req, res) => {
    const q = adminWebhookListQuery.parse(req.query);
    const page = await listOutboxEvents(db, { status: q.status, operatorId: q.operatorId, event: q.event }, q);
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    res.json(page.items);
  });

  router.post('/admin/webhooks/:eventId/redeliver', requireActingRole, async (req, res) => {
    const eventId = webhookEventIdSchema.safeParse(req.params.eventId);
    const event = eventId.success ? await db.webhookEvent.findUnique({ where: { id: eventId.data } }) : null;
    if (!event) throw new AppError('NOT_FOUND', 'No such webhook event');
    await redeliverDeadLetter({ db, config, temporal: temporal.client }, event);
    res.status(202).json({ eventId: event.id, status: 'RETRYING' });
  });

  return router;
}
