import type { Db } from '../adapters/db';
import type { WebhookEvent } from '../generated/prisma/client';

/** An outbox event; with a scope, only one of those operators' (any other reads as missing). */
export function webhookEventById(db: Db, id: string, scope?: string[]): Promise<WebhookEvent | null> {
  return db.webhookEvent.findFirst({ where: { id, ...(scope ? { operatorId: { in: scope } } : {}) } });
}
