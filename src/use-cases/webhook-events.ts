import type { Db } from '../adapters/db';
import type { Config } from '../config/env';
import { AppError } from '../domain/errors';
import type { Prisma, WebhookAttempt, WebhookEvent } from '../generated/prisma/client';
import { afterCursor, decodeCursor, encodeCursor } from '../domain/cursor';
import { dispatchTarget, dispatchWebhook } from '../temporal/client/webhooks';
import { recordAdminAction, type AuditEntry } from '../store/admin-audit';
import type { Client } from '@temporalio/client';

/** One outbox event as admins and operators see it (CONTRACT §6): its delivery state and every attempt. */
export function outboxItem(e: WebhookEvent & { attempts: WebhookAttempt[] }) {
  return {
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
  };
}

/** A page of outbox events, newest first, and the cursor of the next page (null on the last). */
export async function listOutboxEvents(
  db: Db,
  where: Prisma.WebhookEventWhereInput,
  page: { limit: number; cursor?: string },
): Promise<{ items: ReturnType<typeof outboxItem>[]; nextCursor: string | null }> {
  const rows = await db.webhookEvent.findMany({
    where: { AND: [where, afterCursor(page.cursor ? decodeCursor(page.cursor) : null)] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit + 1,
    include: { attempts: { orderBy: { attempt: 'asc' } } },
  });
  const items = rows.slice(0, page.limit);
  return { items: items.map(outboxItem), nextCursor: rows.length > page.limit ? encodeCursor(items.at(-1)!) : null };
}

/**
 * Starts a fresh delivery run (1 + 5 attempts, numbers continue) of a dead-lettered event. The event is claimed
 * (DEAD_LETTER → RETRYING) before the run starts, so two redeliveries cannot both start one and the run's own
 * outcome is never overwritten afterwards. An admin's audit row is written with the claim, and undone with it.
 */
export async function redeliverDeadLetter(deps: { db: Db; config: Config; temporal: Client }, event: WebhookEvent, audit?: AuditEntry): Promise<void> {
  const auditId = await deps.db.$transaction(async (tx) => {
    const claimed = await tx.webhookEvent.updateMany({ where: { id: event.id, status: 'DEAD_LETTER' }, data: { status: 'RETRYING' } });
    if (claimed.count === 0) throw new AppError('INVALID_TRANSITION', `Only a dead-lettered event can be redelivered (this one is ${event.status})`);
    return audit ? recordAdminAction(tx, audit) : null;
  });
  const outcome = await dispatchWebhook(dispatchTarget(deps.config, deps.temporal, deps.db), event, { redeliver: true });
  if (outcome === 'already-started') {
    await deps.db.$transaction(async (tx) => {
      await tx.webhookEvent.update({ where: { id: event.id }, data: { status: 'DEAD_LETTER' } });
      if (auditId) await tx.adminAudit.delete({ where: { id: auditId } });
    });
    throw new AppError('INVALID_TRANSITION', 'The previous delivery run is still closing; try again in a moment');
  }
}
