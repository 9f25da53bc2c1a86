import { randomUUID } from 'node:crypto';
import { createWebhookActivities } from '../../src/activities/webhooks';
import { MAX_ANSWER_BYTES, postWebhook } from '../../src/adapters/webhook-http';
import { parseCidrList } from '../../src/domain/webhook-destination';
import { AppError } from '../../src/domain/errors';
import { createOperator } from '../../src/provisioning/operators';
import { askOperatorToApprove } from '../../src/use-cases/withdraw-request';
import { createTestContext, type TestContext } from '../support/harness';
import { HostileEndpoint } from '../support/hostile-endpoint';
import { http } from '../support/http';

const MiB = 1024 * 1024;
const HUGE = 400 * MiB;
const TOO_LARGE = `response larger than ${MAX_ANSWER_BYTES} bytes`;

let ctx: TestContext;
const endpoints: HostileEndpoint[] = [];
const endpoint = async (e: HostileEndpoint) => {
  endpoints.push(e);
  return e.start();
};

beforeAll(async () => {
  ctx = await createTestContext({ env: { WEBHOOK_TIMEOUT_MS: '3000' } });
});
afterAll(async () => {
  await Promise.all(endpoints.map((e) => e.stop()));
  await ctx.close();
});

/** Runs fn while sampling the process's memory: the peak growth over the start, in bytes. */
async function peakGrowth<T>(fn: () => Promise<T>): Promise<{ result: T; rss: number; arrayBuffers: number }> {
  const start = process.memoryUsage();
  let peak = { rss: start.rss, arrayBuffers: start.arrayBuffers };
  const sample = () => {
    const m = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, m.rss), arrayBuffers: Math.max(peak.arrayBuffers, m.arrayBuffers) };
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await fn();
    sample();
    return { result, rss: peak.rss - start.rss, arrayBuffers: peak.arrayBuffers - start.arrayBuffers };
  } finally {
    clearInterval(timer);
  }
}

const post = (url: string, timeoutMs = 10_000) => postWebhook({ url, body: 'a=1', headers: {}, timeoutMs, allowed: parseCidrList('127.0.0.0/8') });

describe('operator endpoints that answer too much, forever or slowly', () => {
  it('When the answer is 400 MiB, Then it is cut off past the cap: a failed answer, promptly, without buffering it', async () => {
    const e = await endpoint(new HostileEndpoint({ kind: 'huge', bytes: HUGE }));
    const { result: res, rss, arrayBuffers } = await peakGrowth(() => post(e.url));
    expect(res.httpStatus).toBe(200);
    expect(res.networkError).toBeNull();
    expect(res.ack).toMatchObject({ acknowledged: false, reason: TOO_LARGE });
    expect(res.excerpt!.length).toBeLessThanOrEqual(500);
    expect(res.latencyMs).toBeLessThan(2000);
    expect(arrayBuffers).toBeLessThan(32 * MiB);
    expect(rss).toBeLessThan(64 * MiB);
    // The connection was closed early: the server never got to write most of the answer.
    await new Promise((r) => setTimeout(r, 200));
    expect(e.sent[0]!).toBeLessThan(HUGE / 8);
  });

  it('When the answer never ends, Then it is cut off past the cap long before the deadline', async () => {
    const e = await endpoint(new HostileEndpoint({ kind: 'endless' }));
    const { result: res, arrayBuffers } = await peakGrowth(() => post(e.url, 10_000));
    expect(res.ack).toMatchObject({ acknowledged: false, reason: TOO_LARGE });
    expect(res.latencyMs).toBeLessThan(2000);
    expect(arrayBuffers).toBeLessThan(32 * MiB);
  });

  it('When the answer drips a byte at a time and never ends, Then the deadline ends it as a timeout', async () => {
    const e = await endpoint(new HostileEndpoint({ kind: 'drip', everyMs: 50 }));
    const started = Date.now();
    const res = await post(e.url, 1000);
    expect(res).toMatchObject({ httpStatus: null, networkError: 'timeout', ack: null });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('When a test webhook gets a 400 MiB answer, Then delivered is false with a safe reason, promptly', async () => {
    const e = await endpoint(new HostileEndpoint({ kind: 'huge', bytes: HUGE }));
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Hostile', webhookUrl: e.url });
    const s = await ctx.db.session.create({
      data: {
        sessionRef: `sr_${randomUUID().replace(/-/g, '')}`, operatorId: op.id, type: 'DEPOSIT', externalUserId: 'u1', lang: 'en',
        platformFiatCurrency: 'EUR', userBalance: '10.00', amount: '5.00', expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    const started = Date.now();
    const { result: r, arrayBuffers } = await peakGrowth(() => http(ctx.apiUrl, 'POST', `/session/${s.id}/test-webhook`, { token: op.apiKey, json: {} }));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ delivered: false, status: 200, event: 'DEPOSIT', reason: TOO_LARGE });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(arrayBuffers).toBeLessThan(32 * MiB);
  });

  it('When a webhook delivery gets an endless answer, Then the attempt is recorded as failed with the reason', async () => {
    const e = await endpoint(new HostileEndpoint({ kind: 'endless' }));
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Endless', webhookUrl: e.url });
    const event = await ctx.db.webhookEvent.create({ data: { id: randomUUID(), operatorId: op.id, event: 'DEPOSIT', body: 'a=1', signature: 't=1,v1=00' } });
    const activities = createWebhookActivities({ db: ctx.db, logger: ctx.logger, allowedCidrs: ctx.config.WEBHOOK_ALLOWED_PRIVATE_CIDRS });
    const started = Date.now();
    await expect(activities.deliverWebhook(event.id, 10_000)).resolves.toEqual({ delivered: false });
    expect(Date.now() - started).toBeLessThan(2500);
    const [attempt] = await ctx.db.webhookAttempt.findMany({ where: { eventId: event.id } });
    expect(attempt).toMatchObject({ attempt: 1, httpStatus: 200, error: TOO_LARGE });
  });

  it('When a Mode A WITHDRAW_REQUEST gets a 400 MiB answer, Then it fails closed as WITHDRAW_UNAVAILABLE, promptly', async () => {
    const e = await endpoint(new HostileEndpoint({ kind: 'huge', bytes: HUGE }));
    const op = await ctx.db.operator.findUniqueOrThrow({ where: { id: (await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'ModeA', webhookUrl: e.url })).id } });
    const fields = {
      withdrawRequestId: randomUUID(), sessionRef: 'sr_x', externalUserId: 'u1', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      symbol: 'USDC', fiatCurrency: 'USD', fiatAmount: '25.00', cryptoAmountSent: '25.00000000', amountInUsd: '25.000000',
    };
    const started = Date.now();
    const err = await askOperatorToApprove(op, ctx.config.SECRETS_KEY, 10_000, ctx.config.WEBHOOK_ALLOWED_PRIVATE_CIDRS, fields).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('WITHDRAW_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(e.sent[0]!).toBeLessThan(HUGE / 8);
  });
});
