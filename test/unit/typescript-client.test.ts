import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { retryDelayMs } from '../../clients/typescript/src/retry';
import { verifyWebhookSignature as clientVerify } from '../../clients/typescript/src/webhook-signature';
import { signatureHeader, verifyWebhookSignature as gatewayVerify } from '../../src/domain/webhook-signature';

/** openapi-typescript loads ES modules, which jest's CommonJS runtime cannot: the generator runs in its own process. */
async function clientFiles(): Promise<Record<string, string>> {
  const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['scripts/generate-client.ts', '--print'], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, string>;
}

describe('clients/typescript', () => {
  it('When the committed document and types are compared with the current document, Then they match (else run npm run client:generate)', async () => {
    for (const [file, text] of Object.entries(await clientFiles())) {
      expect([file, readFileSync(file, 'utf8')]).toEqual([file, text]);
    }
    // A guard against a hung generator, not a speed check: in CI the unit project runs beside three integration
    // shards on two cores, where the generator's own process took over a minute.
  }, 300_000);

  it("When the client's webhook check sees the gateway's signatures and tampered ones, Then it answers as the gateway's own check", () => {
    const secret = 'whsec_tëst-sécret';
    const body = 'event=DEPOSIT&depositId=42&sessionRef=null&externalUserId=a+b%26c';
    const t = 1714564800;
    const good = signatureHeader(secret, t, body);
    const rotated = `${signatureHeader('old-secret', t, body)},v1=${good.split('v1=')[1]}`;
    const cases: Array<[string, string | undefined, string | Buffer, { toleranceSeconds?: number; now?: number }?]> = [
      [secret, good, body],
      [secret, good, Buffer.from(body, 'utf8')],
      [secret, rotated, body],
      ['other', good, body],
      [secret, good, `${body}&x=1`],
      [secret, undefined, body],
      [secret, 'v1=abc', body],
      [secret, `t=${t},t=${t},${good.split(',')[1]}`, body],
      [secret, good, body, { toleranceSeconds: 300, now: t + 299 }],
      [secret, good, body, { toleranceSeconds: 300, now: t + 301 }],
    ];
    const answers = cases.map(([s, h, b, o]) => [clientVerify(s, h, b, o), gatewayVerify(s, h, b, o)]);
    expect(answers.map(([c]) => c)).toEqual([true, true, true, false, false, false, false, false, true, false]);
    for (const [c, g] of answers) expect(c).toBe(g);
  });
});

describe("the client's retry delay", () => {
  const o = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8000, maxTotalWaitMs: 30_000 };

  it('When an answer has Retry-After in seconds or as an HTTP date, Then the client waits that long; a past date is no wait', () => {
    const now = Date.parse('2026-11-26T08:00:00Z');
    expect(retryDelayMs('3', 1, o, now)).toBe(3000);
    expect(retryDelayMs(' 0 ', 1, o, now)).toBe(0);
    expect(retryDelayMs('Thu, 26 Nov 2026 08:00:05 GMT', 1, o, now)).toBe(5000);
    expect(retryDelayMs('Thu, 26 Nov 2026 07:59:00 GMT', 1, o, now)).toBe(0);
  });

  it('When an answer has no usable Retry-After, Then the wait doubles per attempt, between half and all of it, up to maxDelayMs', () => {
    for (const [attempt, ceiling] of [[1, 500], [2, 1000], [3, 2000], [5, 8000], [9, 8000]] as const) {
      for (const header of [null, 'soon']) {
        const d = retryDelayMs(header, attempt, o);
        expect(d).toBeGreaterThanOrEqual(ceiling / 2);
        expect(d).toBeLessThanOrEqual(ceiling);
      }
    }
  });
});
