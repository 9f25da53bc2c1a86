import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import { postWebhook } from '../adapters/webhook-http';
import type { Cidr } from '../domain/webhook-destination';
import { webhookWorkflowId } from '../domain/keys';
import { numberNextAttempt, recordAttempt } from '../store/deliveries';

/** Where and how deliveries run: the webhook task queue, the retry delays and each attempt's timeout. */
export interface DeliverySettings {
  taskQueue: string;
  retryDelaysSeconds: number[];
  timeoutMs: number;
}

export interface WebhookActivityDeps {
  db: Db;
  logger: Logger;
  allowedCidrs: Cidr[];
}

export interface WebhookRelayDeps {
  db: Db;
  logger: Logger;
  deliveries: DeliverySettings;
}

/** An event's delivery workflow for the relay workflow to start as its child: its id (src/domain/keys.ts) and input. */
export interface DeliveryStart {
  eventId: string;
  operatorId: string;
  workflowId: string;
  taskQueue: string;
  input: { eventId: string; retryDelaysSeconds: number[]; timeoutMs: number };
}

/** Events newer than this may still be being dispatched by the code that recorded them. */
const RELAY_GRACE_MS = 1000;
const RELAY_BATCH = 100;

/** The webhook activities: one delivery attempt, and dead-lettering. */
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
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;

/** The outbox relay's activities: its sweep, and the mark after the starts. */
export function createWebhookRelayActivities(d: WebhookRelayDeps) {
  return {
    /**
     * The relay's sweep: the committed events no delivery workflow is marked started for, for the relay workflow to
     * start. Writes nothing: an event stays found until markWebhooksDispatched, after its start.
     */
    async pendingWebhookDeliveries(): Promise<DeliveryStart[]> {
      const pending = await d.db.webhookEvent.findMany({
        where: { dispatchedAt: null, createdAt: { lt: new Date(Date.now() - RELAY_GRACE_MS) } },
        orderBy: { createdAt: 'asc' },
        take: RELAY_BATCH,
        select: { id: true, operatorId: true },
      });
      const { taskQueue, retryDelaysSeconds, timeoutMs } = d.deliveries;
      return pending.map(({ id: eventId, operatorId }) => ({
        eventId, operatorId, workflowId: webhookWorkflowId(eventId), taskQueue, input: { eventId, retryDelaysSeconds, timeoutMs },
      }));
    },

    /** Their delivery workflows are started (or were already): the relay leaves these events alone from here on. */
    async markWebhooksDispatched(eventIds: string[]): Promise<void> {
      await d.db.webhookEvent.updateMany({ where: { id: { in: eventIds } }, data: { dispatchedAt: new Date() } });
      d.logger.info('relay dispatched webhooks', { eventIds });
    },

    /**
     * The sweep of relay runs begun before the relay started deliveries as its children (patch relay-starts-deliveries),
     * for an activity task such a run scheduled before the upgrade. It starts nothing now: the run's next round takes
     * the new path, whose sweep finds the same events.
     */
    async dispatchPendingWebhooks(): Promise<number> {
      return 0;
    },
  };
}

export type WebhookRelayActivities = ReturnType<typeof createWebhookRelayActivities>;
