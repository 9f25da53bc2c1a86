import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (CONTRACT §3): `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over `<t>.<raw body>`,
 * keyed with the webhook secret's UTF-8 bytes.
 */

/**
 * `t` is the event's creation time, not the send time, so every delivery of one event (retries and
 * redeliveries included) carries a byte-identical header.
 */
export function signatureHeader(secret: string, t: number, rawBody: string): string {
  if (!Number.isSafeInteger(t) || t < 0) throw new Error('signatureHeader: t must be whole unix seconds');
  const v1 = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.${rawBody}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * Operators copy this function verbatim (docs/webhooks.md), so it uses nothing but node:crypto and never
 * throws: any malformed input is simply "not verified".
 * Several v1 values are accepted (any one matching suffices) so a secret can be rotated without downtime.
 * toleranceSeconds bounds |now - t|; since t is the event's creation time, it must exceed the whole retry
 * window or late retries and redeliveries will be rejected.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string | Buffer,
  opts: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  if (typeof secret !== 'string' || typeof header !== 'string') return false;
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) return false;
  let t: string | undefined;
  const candidates: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== undefined) return false; // two timestamps: ambiguous, refuse
      t = value;
    } else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) {
      candidates.push(Buffer.from(value, 'hex'));
    }
  }
  if (t === undefined || !/^\d{1,15}$/.test(t) || candidates.length === 0) return false;
  if (opts.toleranceSeconds !== undefined) {
    const now = opts.now ?? Math.floor(Date.now() / 1000);
    if (!(Math.abs(now - Number(t)) <= opts.toleranceSeconds)) return false; // written so NaN fails too
  }
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.`, 'utf8').update(rawBody).digest();
  return candidates.some((candidate) => timingSafeEqual(candidate, expected));
}
