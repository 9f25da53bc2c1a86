import { randomUUID } from 'node:crypto';
import { createOperator } from '../../src/provisioning/operators';
import { verifyWebhookSignature } from '../../src/domain/webhook-signature';
import { WEBHOOK_FIELDS } from '../../src/domain/webhook-events';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { ACK, FAIL, WebhookReceiver } from '../support/webhook-receiver';

let ctx: TestContext;
let receiver: WebhookReceiver;
type Op = { id: string; apiKey: string; webhookSecret: string };
let parent: Op;
let child: Op;
let stranger: Op;

beforeAll(async () => {
  ctx = await createTestContext({ env: { WEBHOOK_TIMEOUT_MS: '700' } });
  receiver = await new WebhookReceiver().start();
  parent = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Parent', webhookUrl: receiver.url, platformFiatDefault: 'EUR' });
  child = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Child', parentId: parent.id, webhookUrl: receiver.url });
  stranger = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Stranger', webhookUrl: receiver.url });
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});
beforeEach(async () => {
  receiver.reset();
  receiver.answer(() => ACK);
  // Each test starts with a fresh rate-limit window.
  await ctx.db.rateLimitHit.deleteMany();
});

async function session(operatorId: string, type: 'DEPOSIT' | 'WITHDRAW', over: { externalUserId?: string; amount?: string } = {}) {
  return ctx.db.session.create({
    data: {
      sessionRef: `sr_${randomUUID().replace(/-/g, '')}`, operatorId, type, externalUserId: over.externalUserId ?? 'user-42', lang: 'en',
      platformFiatCurrency: 'EUR', userBalance: '250.00', amount: over.amount ?? '40.50', expiresAt: new Date(Date.now() + 3600_000),
    },
  });
}

const send = (sid: string, op: Op, json: unknown = {}) => http(ctx.apiUrl, 'POST', `/session/${sid}/test-webhook`, { token: op.apiKey, json });
const fields = (body: string) => [...new URLSearchParams(body).keys()];
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('POST /session/:uuid/test-webhook', () => {
  it('When a deposit session is tested, Then a signed DEPOSIT with test=true and synthetic values arrives and delivered is true', async () => {
    const s = await session(parent.id, 'DEPOSIT');
    const r = await send(s.id, parent);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', data: { delivered: true, status: 200, event: 'DEPOSIT' } });
    const [got] = receiver.received;
    expect(fields(got!.body)).toEqual([...WEBHOOK_FIELDS.DEPOSIT, 'test']);
    const f = form(got!.body);
    expect(f).toMatchObject({
      event: 'DEPOSIT', test: 'true', idempotencyKey: `test-${s.id}`, externalUserId: 'user-42', sessionRef: s.sessionRef,
      sessionAmount: '40.50', currentRate: '1', pair: 'USD/EUR', localCurrencyCode: 'EUR', feeAmount: '0', type: 'NATIVE',
      contractAddress: 'null', chainId: '8453', amountInDollar: '40.500000', amountInLocalCurrency: '40.500000',
    });
    expect(f.grossAmount).toBe(f.amount);
    expect(BigInt(f.depositId!)).toBeLessThan(0n);
    expect(f.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(got!.headers['x-event-id']).toBe(`test-${s.id}`);
    expect(verifyWebhookSignature(parent.webhookSecret, got!.headers['x-signature'] as string, got!.body)).toBe(true);
  });

  it('When a session is tested twice, Then depositId, idempotencyKey and transactionHash are the same both times', async () => {
    const s = await session(parent.id, 'DEPOSIT');
    await send(s.id, parent, { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', chainId: 31337, amount: '10', currency: 'USD' });
    await send(s.id, parent, { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', chainId: 31337, amount: '10', currency: 'USD' });
    const [a, b] = receiver.received.map((r) => form(r.body));
    for (const k of ['depositId', 'idempotencyKey', 'transactionHash', 'amount']) expect(a![k]).toBe(b![k]);
    expect(a).toMatchObject({ type: 'ERC20', contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3', chainId: '31337', amount: '10000000', localCurrencyCode: 'USD', pair: 'USD/USD' });
  });

  it('When a withdraw session is tested, Then WITHDRAW_COMPLETE arrives with the spec fields and null as text', async () => {
    const s = await session(parent.id, 'WITHDRAW');
    const r = await send(s.id, parent, { amount: '12.3' });
    expect(r.body.data).toEqual({ delivered: true, status: 200, event: 'WITHDRAW_COMPLETE' });
    const body = receiver.received[0]!.body;
    expect(fields(body)).toEqual([...WEBHOOK_FIELDS.WITHDRAW_COMPLETE, 'test']);
    expect(body).toContain('cryptoAmount=null');
    expect(form(body)).toMatchObject({ status: 'COMPLETED', fiatAmount: '12.30', cryptoAmountSent: '12.30000000', amountInUsd: '12.300000', test: 'true' });
    await send(s.id, parent, { amount: '12.3' });
    expect(form(receiver.received[1]!.body).withdrawRequestId).toBe(form(body).withdrawRequestId);
  });

  it('When the endpoint rejects the event, Then 200 with delivered false, its status and a reason', async () => {
    receiver.answer(() => FAIL);
    const s = await session(parent.id, 'DEPOSIT');
    const r = await send(s.id, parent);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ delivered: false, status: 500, event: 'DEPOSIT', reason: 'HTTP 500' });
    expect(receiver.received).toHaveLength(1); // an HTTP answer is not retried
  });

  it('When the endpoint times out, Then status is null after exactly 2 network-level attempts', async () => {
    receiver.answer(() => ({ ...ACK, delayMs: 1500 }));
    const s = await session(parent.id, 'DEPOSIT');
    const r = await send(s.id, parent);
    expect(r.body.data).toEqual({ delivered: false, status: null, event: 'DEPOSIT', reason: 'timeout' });
    expect(receiver.received.map((x) => x.headers['x-delivery-attempt'])).toEqual(['1', '2']);
  });

  it('When the endpoint is unreachable, Then delivered false with status null', async () => {
    const dead = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Dead', webhookUrl: 'http://127.0.0.1:1/hook' });
    const s = await session(dead.id, 'DEPOSIT');
    const r = await send(s.id, dead);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ delivered: false, status: null, event: 'DEPOSIT' });
    expect(r.body.data.reason).toMatch(/network error/);
  });

  it('When a parent tests its sub-operator session, Then it is sent; another operator gets 404 SESSION_NOT_FOUND', async () => {
    const s = await session(child.id, 'DEPOSIT');
    expect((await send(s.id, parent)).body.data.delivered).toBe(true);
    const r = await send(s.id, stranger);
    expect(r.status).toBe(404);
    expect(r.body.errorCode).toBe('SESSION_NOT_FOUND');
    const c = await send(s.id, child);
    expect(c.status).toBe(200);
    expect((await send((await session(parent.id, 'DEPOSIT')).id, child)).status).toBe(404);
  });

  it('When the sid is unknown or not a UUID, Then 404 SESSION_NOT_FOUND', async () => {
    for (const sid of [randomUUID(), 'not-a-uuid']) {
      const r = await send(sid, parent);
      expect(r.status).toBe(404);
      expect(r.body.errorCode).toBe('SESSION_NOT_FOUND');
    }
  });

  it('When the operator has no webhookUrl, Then 400 WEBHOOK_NOT_CONFIGURED and nothing is sent', async () => {
    const bare = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bare' });
    const s = await session(bare.id, 'DEPOSIT');
    const r = await send(s.id, bare);
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('WEBHOOK_NOT_CONFIGURED');
    expect(receiver.received).toHaveLength(0);
  });

  it('When the session has no externalUserId, Then 400 EXTERNAL_USER_MISSING', async () => {
    const s = await session(parent.id, 'DEPOSIT', { externalUserId: '' });
    const r = await send(s.id, parent);
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('EXTERNAL_USER_MISSING');
  });

  it('When the body is invalid, Then 400 (VALIDATION_ERROR, or no errorCode for a malformed address)', async () => {
    const s = await session(parent.id, 'DEPOSIT');
    const bad = await send(s.id, parent, { amount: '1.234' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION_ERROR');
    const addr = await send(s.id, parent, { address: '0x1234' });
    expect(addr.status).toBe(400);
    expect(addr.body.errorCode).toBeUndefined();
    expect(addr.body.message).toMatch(/address/);
  });

  it('When a sixth test is sent within a minute, Then 429 RATE_LIMITED with Retry-After', async () => {
    const s = await session(parent.id, 'DEPOSIT');
    for (let i = 0; i < 5; i++) expect((await send(s.id, parent)).status).toBe(200);
    const sixth = await send(s.id, parent);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ errorCode: 'RATE_LIMITED', error: 'Too Many Requests' });
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(receiver.received).toHaveLength(5);
  });

  it('When 8 tests race, Then exactly 5 are let through (the count holds under concurrency)', async () => {
    const s = await session(parent.id, 'DEPOSIT');
    const results = await Promise.all(Array.from({ length: 8 }, () => send(s.id, parent)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
  });
});
