import { Router } from 'express';
import { AppError } from '../../domain/errors';
import { dispatchTarget, dispatchWebhook } from '../../temporal/client/webhooks';
import type { ApiDeps } from '../deps';
import { requireActingRole } from '../middleware/auth';
import { afterCursor, decodeCursor, encodeCursor } from '../pagination';
import { adminWebhookListQuery, webhookEventIdSchema } from '../schemas/webhooks';

/** GET /admin/webhooks (any admin) and POST /admin/webhooks/:eventId/redeliver (ADMIN, SUPERADMIN). */
export function adminWebhookRoutes({ db, temporal, config }: ApiDeps): Router {
  const router = Router();

  router.get('/admin/webhooks', async (req, res) => {
    const q = adminWebhookListQuery.parse(req.query);
    const rows = await db.webhookEvent.findMany({
      where: { status: q.status, operatorId: q.operatorId, event: q.event, ...afterCursor(q.cursor ? decodeCursor(q.cursor) : null) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: q.limit + 1,
      include: { attempts: { orderBy: { attempt: 'asc' } } },
    });
    const page = rows.slice(0, q.limit);
    if (rows.length > q.limit) res.setHeader('X-Next-Cursor', encodeCursor(page.at(-1)!));
    res.json(
      page.map((e) => ({
        eventId: e.id,
        operatorId: e.operatorId,
        event: e.event,
        status: e.status,
        attempts: e.attempts.map((a) => ({
          attempt: a.attempt,
          at: a.at.toISOString(),
          httpStatus: a.httpStatus,
          error: a.error,
          latencyMs: a.latencyMs,
          responseExcerpt: a.responseExcerpt,
        })),
        createdAt: e.createdAt.toISOString(),
        deliveredAt: e.deliveredAt?.toISOString() ?? null,
      })),
    );
  });

  router.post('/admin/webhooks/:eventId/redeliver', requireActingRole, async (req, res) => {
    const eventId = webhookEventIdSchema.safeParse(req.params.eventId);
    const event = eventId.success ? await db.webhookEvent.findUnique({ where: { id: eventId.data } }) : null;
    if (!event) throw new AppError('NOT_FOUND', 'No such webhook event');
    // Claimed before the run starts, so two redeliveries cannot both start one and the run's own outcome
    // (DELIVERED) is never overwritten afterwards.
    const claimed = await db.webhookEvent.updateMany({ where: { id: event.id, status: 'DEAD_LETTER' }, data: { status: 'RETRYING' } });
    if (claimed.count === 0) throw new AppError('INVALID_TRANSITION', `Only a dead-lettered event can be redelivered (this one is ${event.status})`);
    // A fresh run of 1 + 5 attempts; attempt numbers continue.
    const outcome = await dispatchWebhook(dispatchTarget(config, temporal.client, db), event.id, { redeliver: true });
    if (outcome === 'already-started') {
      await db.webhookEvent.update({ where: { id: event.id }, data: { status: 'DEAD_LETTER' } });
      throw new AppError('INVALID_TRANSITION', 'The previous delivery run is still closing; try again in a moment');
    }
    res.status(202).json({ eventId: event.id, status: 'RETRYING' });
  });

  return router;
}
