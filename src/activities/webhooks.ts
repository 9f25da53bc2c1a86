import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import { postWebhook } from '../adapters/webhook-http';
import type { Cidr } from '../domain/webhook-destination';
import { numberNextAttempt, recordAttempt } from '../store/deliveries';
import type { WorkflowStarts } from './deps';

export interface WebhookActivityDeps {
  db: Db;
  logger: Logger;
  allowedCidrs: Cidr[];
  workflows: Pick<WorkflowStarts, 'dispatchWebhook'>;
}

/** Events newer than this may still be being dispatched by the code that recorded them. */
const RELAY_GRACE_MS = 1000;
const RELAY_BATCH = 100;

/** The webhook activities: one delivery attempt, dead-lettering, and the relay's sweep. */
export function createWebhookActivities(d: WebhookActivityDeps) {
  return {
    /** One signed POST of the event; records the attempt. Never re-sends an event already delivered. */
    async deliverWebhook(eventId: string, timeoutMs: number): Promise<{ delivered: boolean }> {
      const next = await numberNextAttempt(d.db, eventId);
      if (!next) {
        const { status } = await d.db.webhookEvent.findUniqueOrThrow({ where: { id: eventId }, select: { status: true } });
        if (status === 'DELIVERED') return { delivered: true };
        throw new Error(`webhook event ${eventId} is not deliverable (${status})`);
      }
      const { attempt, webhookUrl: url } = next;
      const at = new Date();
      const res = url
        ? await postWebhook({
            url,
            body: next.body,
            timeoutMs,
            allowed: d.allowedCidrs,
            headers: { 'X-Signature': next.signature, 'X-Event-Id': eventId, 'X-Delivery-Attempt': String(attempt) },
          })
        : { httpStatus: null, networkError: 'operator has no webhook URL', latencyMs: 0, excerpt: null, ack: null };
      const delivered = res.ack?.acknowledged === true;
      const error = res.networkError ?? (res.ack && !res.ack.acknowledged ? res.ack.reason : null);
      await recordAttempt(d.db, eventId, { attempt, at, httpStatus: res.httpStatus, error, latencyMs: res.latencyMs, responseExcerpt: res.excerpt, delivered });
      d.logger.info('webhook attempt', { eventId, attempt, delivered, httpStatus: res.httpStatus, error, latencyMs: res.latencyMs });
      return { delivered };
    },

    /** After the last retry: the event waits for an admin's redelivery. */
    async deadLetterWebhook(eventId: string): Promise<void> {
      await d.db.webhookEvent.updateMany({ where: { id: eventId, status: { not: 'DELIVERED' } }, data: { status: 'DEAD_LETTER' } });
      d.logger.warn('webhook dead-lettered', { eventId });
    },

    /** The relay's sweep: starts delivery for committed events that no workflow was started for. */
    async dispatchPendingWebhooks(): Promise<number> {
      const pending = await d.db.webhookEvent.findMany({
        where: { dispatchedAt: null, createdAt: { lt: new Date(Date.now() - RELAY_GRACE_MS) } },
        orderBy: { createdAt: 'asc' },
        take: RELAY_BATCH,
        select: { id: true, operatorId: true },
      });
      for (const event of pending) {
        const outcome = await d.workflows.dispatchWebhook(event);
        d.logger.info('relay dispatched webhook', { eventId: event.id, outcome });
      }
      return pending.length;
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
