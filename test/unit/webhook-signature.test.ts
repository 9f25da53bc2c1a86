import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signatureHeader, verifyWebhookSignature } from '../../src/domain/webhook-signature';

const secret = 'whsec_tëst-sécret'; // non-ASCII on purpose: the key is the secret's UTF-8 bytes
const t = 1714564800;
const body = 'event=DEPOSIT&depositId=42&sessionRef=null&externalUserId=a+b%26c';

describe('signatureHeader', () => {
  it('matches an independently computed HMAC-SHA256 over "<t>.<raw body>"', () => {
    const hex = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.${body}`).digest('hex');
    expect(signatureHeader(secret, t, body)).toBe(`t=${t},v1=${hex}`);
  });

  it('is byte-identical for the same event (retries)', () => {
    expect(signatureHeader(secret, t, body)).toBe(signatureHeader(secret, t, body));
  });

  it('refuses a non-integer timestamp', () => {
    expect(() => signatureHeader(secret, 1714564800.5, body)).toThrow(/t must be whole unix seconds/);
  });
});

describe('verifyWebhookSignature', () => {
  const header = signatureHeader(secret, t, body);

  it('accepts the right secret and body, as a string or a Buffer', () => {
    expect(verifyWebhookSignature(secret, header, body)).toBe(true);
    expect(verifyWebhookSignature(secret, header, Buffer.from(body, 'utf8'))).toBe(true);
  });

  it('rejects a tampered body or a wrong secret', () => {
    expect(verifyWebhookSignature(secret, header, body.replace('42', '43'))).toBe(false);
    expect(verifyWebhookSignature(secret + 'x', header, body)).toBe(false);
  });

  it('rejects a signature moved to another timestamp', () => {
    expect(verifyWebhookSignature(secret, header.replace(`t=${t}`, `t=${t + 1}`), body)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['missing header', undefined],
    ['no t', header.replace(/^t=\d+,/, '')],
    ['no v1', `t=${t}`],
    ['non-numeric t', header.replace(`t=${t}`, 't=abc')],
    ['two t values', `t=${t},${header}`],
    ['short v1', `t=${t},v1=abcd`],
    ['garbage', 'not a signature'],
  ])('returns false on a malformed header (%s)', (_name, bad) => {
    expect(verifyWebhookSignature(secret, bad, body)).toBe(false);
  });

  it('accepts any one of several v1 values (secret rotation)', () => {
    const oldSig = signatureHeader('old-secret', t, body).split(',')[1];
    expect(verifyWebhookSignature(secret, `${header},${oldSig}`, body)).toBe(true);
    expect(verifyWebhookSignature('old-secret', `${header},${oldSig}`, body)).toBe(true);
    expect(verifyWebhookSignature('other', `${header},${oldSig}`, body)).toBe(false);
  });

  it('applies toleranceSeconds against now only when given', () => {
    expect(verifyWebhookSignature(secret, header, body, { toleranceSeconds: 300, now: t + 300 })).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, { toleranceSeconds: 300, now: t + 301 })).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, { toleranceSeconds: 300, now: t - 301 })).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, { toleranceSeconds: 300 })).toBe(false); // t is in 2024
    expect(verifyWebhookSignature(secret, header, body, { now: t + 10 ** 6 })).toBe(true);
  });
});

describe('docs/webhooks.md', () => {
  it('carries the exact source of verifyWebhookSignature for operators to copy', () => {
    const root = join(__dirname, '..', '..');
    const source = readFileSync(join(root, 'src/domain/webhook-signature.ts'), 'utf8');
    const fn = /^export function verifyWebhookSignature\([\s\S]*?^\}$/m.exec(source)?.[0];
    expect(fn).toBeDefined();
    expect(readFileSync(join(root, 'docs/webhooks.md'), 'utf8')).toContain(fn);
  });
});
