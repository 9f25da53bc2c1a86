import type { Db } from '../adapters/db';
import { sqlRows, type Statement } from './sql';

/**
 * A webhook delivery attempt's two statements, off Prisma's engine (src/store/sql.ts): a burst of events is delivered
 * by one worker, and Prisma's engine cost more CPU per attempt than the POST itself (docs/performance.md).
 */

/** An event about to be sent, numbered for this attempt. */
export interface NumberedAttempt {
  body: string;
  signature: string;
  attempt: number;
  webhookUrl: string | null;
}

const NUMBER: Statement = {
  name: 'webhook-attempt-number',
  text: `UPDATE "WebhookEvent" e SET "attemptCount" = e."attemptCount" + 1, "updatedAt" = now()
    FROM "Operator" o WHERE e.id = $1::uuid AND o.id = e."operatorId" AND e.status <> 'DELIVERED'
    RETURNING e.body, e.signature, e."attemptCount" AS attempt, o."webhookUrl"`,
};

/**
 * Numbers the next attempt of an event not yet delivered, before it is sent, so a crash mid-request never reuses a
 * number (numbers continue across redeliveries). null: the event is delivered already, or there is no such event.
 */
export async function numberNextAttempt(db: Db, eventId: string): Promise<NumberedAttempt | null> {
  const [row] = await sqlRows<NumberedAttempt>(db, NUMBER, [eventId]);
  return row ?? null;
}

export interface AttemptOutcome {
  attempt: number;
  at: Date;
  httpStatus: number | null;
  error: string | null;
  latencyMs: number;
  responseExcerpt: string | null;
  delivered: boolean;
}

const RECORD: Statement = {
  name: 'webhook-attempt-record',
  text: `WITH attempt AS (
      INSERT INTO "WebhookAttempt" ("eventId", attempt, at, "httpStatus", error, "latencyMs", "responseExcerpt")
      VALUES ($1::uuid, $2, $3, $4, $5, $6, $7)
    )
    UPDATE "WebhookEvent" SET status = CASE WHEN $8::boolean THEN 'DELIVERED' ELSE 'RETRYING' END::"WebhookStatus",
      "deliveredAt" = CASE WHEN $8::boolean THEN now() ELSE "deliveredAt" END, "updatedAt" = now()
    WHERE id = $1::uuid`,
};

/** Records the attempt and the event's status after it, in one statement. */
export async function recordAttempt(db: Db, eventId: string, o: AttemptOutcome): Promise<void> {
  await sqlRows(db, RECORD, [eventId, o.attempt, o.at, o.httpStatus, o.error, o.latencyMs, o.responseExcerpt, o.delivered]);
}

const DISPATCHED: Statement = { name: 'webhook-event-dispatched', text: `UPDATE "WebhookEvent" SET "dispatchedAt" = now(), "updatedAt" = now() WHERE id = $1::uuid` };

/** Its delivery workflow was started: the relay leaves it alone from here on. */
export async function markDispatched(db: Db, eventId: string): Promise<void> {
  await sqlRows(db, DISPATCHED, [eventId]);
}
