import { WEBHOOK_FIELDS } from './catalog';
import type { webhooks as WebhookDocs } from './schema';
import { verifyWebhookSignature } from './webhook-signature';

export type WebhookEventType = keyof typeof WEBHOOK_FIELDS;

/**
 * The fields the spec (section 6) types "string or null": the form body carries null as the text `null`, which
 * constructEvent turns into null. Every other field stays text as sent, numbers included (depositId, chainId).
 */
const NULLABLE = {
  DEPOSIT: ['sessionRef', 'sessionAmount', 'amountInDollar', 'amountInLocalCurrency', 'feeInDollar', 'contractAddress', 'transactionHash'],
  WITHDRAW_REQUEST: ['cryptoAmount', 'cryptoAmountSent', 'amountInUsd'],
  WITHDRAW_COMPLETE: ['cryptoAmount', 'cryptoAmountSent', 'amountInUsd'],
  WITHDRAW_FAILED: ['cryptoAmount', 'cryptoAmountSent', 'amountInUsd'],
  WITHDRAW_CANCELLED: ['cryptoAmount', 'cryptoAmountSent', 'amountInUsd'],
} as const satisfies { [E in WebhookEventType]: ReadonlyArray<(typeof WEBHOOK_FIELDS)[E][number]> };

type Form<E extends WebhookEventType> = NonNullable<WebhookDocs[E]['post']['requestBody']>['content']['application/x-www-form-urlencoded'];

/** One event as the document declares its fields, with the nullable ones as `string | null`; `test: 'true'` on test sends. */
export type WebhookEvent<E extends WebhookEventType = WebhookEventType> = E extends WebhookEventType
  ? { [K in keyof Form<E>]: K extends (typeof NULLABLE)[E][number] ? Form<E>[K] | null : Form<E>[K] } & { test?: 'true' }
  : never;

/** A webhook refused by constructEvent: the signature does not verify, or the body is not one of the gateway's events. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

function isEventType(value: string | null): value is WebhookEventType {
  return value !== null && Object.hasOwn(WEBHOOK_FIELDS, value);
}

/**
 * Verifies a webhook's X-Signature with the webhook secret, then reads its form body into a typed event (narrow on
 * `event`). Pass the raw body exactly as received. toleranceSeconds bounds |now - t|, where t is the event's creation
 * time that retries keep: leave it out, or make it longer than the delivery retry window (docs/webhooks.md).
 * Throws WebhookVerificationError.
 */
export function constructEvent(
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
  secret: string,
  options: { toleranceSeconds?: number } = {},
): WebhookEvent {
  if (!verifyWebhookSignature(secret, signatureHeader, rawBody, options)) throw new WebhookVerificationError('The webhook signature does not verify');
  const form = new URLSearchParams(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  const event = form.get('event');
  if (!isEventType(event)) throw new WebhookVerificationError('The webhook body names no known event');
  const nullable: ReadonlySet<string> = new Set(NULLABLE[event]);
  const out: Record<string, string | null> = {};
  for (const field of WEBHOOK_FIELDS[event]) {
    const value = form.get(field);
    if (value === null) throw new WebhookVerificationError(`The ${event} webhook has no ${field}`);
    out[field] = nullable.has(field) && value === 'null' ? null : value;
  }
  if (form.get('test') === 'true') out.test = 'true';
  return out as unknown as WebhookEvent;
}

export const webhooks = { constructEvent };
