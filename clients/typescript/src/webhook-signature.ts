import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks a webhook's X-Signature (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`) against the webhook
 * secret. The same rules as the gateway's own src/domain/webhook-signature.ts (a unit test keeps them in step): any
 * v1 may match (secret rotation), malformed input is "not verified", never an exception. Pass the raw body, before
 * any form parsing. toleranceSeconds bounds |now - t|; t is the event's creation time, so it must exceed the retry window.
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
