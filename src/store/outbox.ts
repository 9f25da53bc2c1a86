import { randomUUID } from 'node:crypto';
import { decryptSecret } from '../domain/credentials';
import type { WebhookEventType } from '../domain/webhook-events';
import { signatureHeader } from '../domain/webhook-signature';
import type { Prisma } from '../generated/prisma/client';

export interface NewWebhookEvent {
  operatorId: string;
  event: WebhookEventType;
  /** The encoded form body (src/domain/webhook-events.ts). */
  body: string;
  /** For events whose body carries an eventId (WITHDRAW_FAILED/CANCELLED): the same id. */
  eventId?: string;
  /** For events that may exist once only, e.g. `WITHDRAW_COMPLETE:<withdrawRequestId>`. */
  uniqueKey?: string;
  now?: Date;
}

/** A recorded event, as its delivery workflow is started with (searchable by its operator). */
export interface OutboxEvent {
  id: string;
  operatorId: string;
}

/**
 * Writes an outbox event inside the caller's transaction, signed once with the operator's current secret so every
 * delivery is byte-identical. A second event with the same uniqueKey makes the transaction fail (P2002):
 * that is what keeps WITHDRAW_COMPLETE at most once.
 */
export async function recordWebhookEvent(tx: Prisma.TransactionClient, secretsKey: string, e: NewWebhookEvent): Promise<OutboxEvent> {
  const operator = await tx.operator.findUniqueOrThrow({ where: { id: e.operatorId }, select: { webhookSecretEnc: true } });
  if (!operator.webhookSecretEnc) throw new Error(`operator ${e.operatorId} has no webhook secret`);
  const id = e.eventId ?? randomUUID();
  const t = Math.floor((e.now ?? new Date()).getTime() / 1000);
  await tx.webhookEvent.create({
    data: {
      id,
      operatorId: e.operatorId,
      event: e.event,
      uniqueKey: e.uniqueKey ?? null,
      body: e.body,
      signature: signatureHeader(decryptSecret(operator.webhookSecretEnc, secretsKey), t, e.body),
      createdAt: new Date(t * 1000),
    },
  });
  return { id, operatorId: e.operatorId };
}
