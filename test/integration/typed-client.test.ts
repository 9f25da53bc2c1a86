import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayClient, GatewayError, verifyWebhookSignature, webhooks, WebhookVerificationError, type WebhookEvent } from '../../clients/typescript/src';
import { headlessSuite } from '../support/headless-fixtures';
import { assertMatchesDocument } from '../support/openapi-check';

// The operator's view: only the published client package (clients/typescript), its types, errors and webhook check.
const { ctx, receiver, f, op } = headlessSuite({});

function client(apiKey = op.apiKey) {
  const c = createGatewayClient(ctx.apiUrl, apiKey);
  // The client's answers are checked against the document too, as test/support/http.ts does for raw calls.
  c.use({
    async onResponse({ request, response }) {
      const url = new URL(request.url);
      if (response.headers.get('content-type')?.startsWith('application/json')) {
        assertMatchesDocument(request.method, url.pathname, response.status, await response.clone().json());
      }
    },
  });
  return c;
}

/** The awaited call's rejection, which these tests expect to be a GatewayError. */
async function refusal(call: Promise<unknown>): Promise<GatewayError> {
  const err = await call.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

/** A real HTTP server on 127.0.0.1 that answers from a script and records each request's method and headers. */
async function scriptedServer(answers: Array<{ status: number; headers?: Record<string, string>; body: unknown }>) {
  const seen: Array<{ method: string; key: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method!, key: req.headers['idempotency-key'] as string | undefined });
      const a = answers[Math.min(seen.length, answers.length) - 1]!;
      res.writeHead(a.status, { 'content-type': 'application/json', 'x-request-id': `req-${seen.length}`, ...a.headers }).end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const user = { externalUserId: 'client-user-1', lang: 'en', platformFiatCurrency: 'USD', userBalance: '100', amount: '5.00' };
const delivered = (event: string, key: string, value: string) =>
  receiver.received.find((r) => {
    const fields = new URLSearchParams(r.body);
    return fields.get(key) === value && fields.get('event') === event;
  })!;

describe('the typed client', () => {
  it('When an operator runs a deposit session and a headless withdrawal through it, Then each call answers typed data and the webhook verifies and parses', async () => {
    const api = client();

    const deposit = await api.POST('/session/deposit', { body: user });
    expect(deposit.response.status).toBe(201);
    expect(deposit.data?.data).toMatchObject({ sid: expect.any(String), url: expect.stringContaining('/widget/deposit?sid=') });

    const intent = await api.POST('/session/withdraw', {
      body: { ...user, amount: '3.21', executionMode: 'HEADLESS', operatorReference: 'client-ref-1', address: f.body().address as string, chainId: 31337, tokenAddress: f.token('USDT').address },
    });
    expect(intent.response.status).toBe(201);
    const sessionRef = intent.data!.data.sessionRef;

    const executed = await api.POST('/withdrawals/{sessionRef}/execute', { params: { path: { sessionRef } } });
    expect(executed.response.status).toBe(202);
    expect(executed.data?.data).toMatchObject({ sessionRef, withdrawalStatus: 'EXECUTION_QUEUED', cryptoAmountSent: '3.21000000' });
    const id = executed.data!.data.withdrawRequestId;

    await f.waitStatus(id, 'COMPLETED', { mine: true });
    const status = await api.GET('/withdrawals/{sessionRef}', { params: { path: { sessionRef } } });
    expect(status.data?.data).toMatchObject({ sessionRef, withdrawRequestId: id, status: 'COMPLETED', txState: 'CONFIRMED' });

    await f.waitEvents(id, 1, 'WITHDRAW_COMPLETE');
    const delivery = delivered('WITHDRAW_COMPLETE', 'withdrawRequestId', id);
    const signature = delivery.headers['x-signature'] as string;
    expect(verifyWebhookSignature(op.webhookSecret, signature, delivery.body)).toBe(true);
    expect(verifyWebhookSignature('not-the-secret', signature, delivery.body)).toBe(false);

    const event = webhooks.constructEvent(delivery.body, signature, op.webhookSecret, { toleranceSeconds: 600 });
    if (event.event !== 'WITHDRAW_COMPLETE') throw new Error(`parsed ${event.event}`);
    const complete: WebhookEvent<'WITHDRAW_COMPLETE'> = event; // narrowed by `event`
    expect(complete).toMatchObject({ withdrawRequestId: id, sessionRef, status: 'COMPLETED', cryptoAmountSent: '3.21000000', cryptoAmount: null, fiatAmount: '3.21' });
    expect(complete.test).toBeUndefined();
    expect(() => webhooks.constructEvent(delivery.body.replace('3.21000000', '32.10000000'), signature, op.webhookSecret)).toThrow(WebhookVerificationError);
    expect(() => webhooks.constructEvent(delivery.body, signature, 'not-the-secret')).toThrow(WebhookVerificationError);

    const events = await api.GET('/webhooks/events', { params: { query: { event: 'WITHDRAW_COMPLETE', limit: 10 } } });
    expect(events.response.status).toBe(200);
    expect(events.data?.data.map((e) => e.eventId)).toContain(delivery.headers['x-event-id']);

    const refused = await refusal(createGatewayClient(ctx.apiUrl, 'not-a-key').GET('/withdrawals/{sessionRef}', { params: { path: { sessionRef } } }));
    expect(refused).toMatchObject({ status: 401, errorCode: 'UNAUTHORIZED', retryable: false, requestId: expect.any(String) });
  });

  it('When a headless intent is cancelled, Then the WITHDRAW_CANCELLED webhook parses with its nulls as null, and the iterator walks the event log page by page', async () => {
    const api = client();
    const intent = await api.POST('/session/withdraw', {
      body: { ...user, amount: '1.00', executionMode: 'HEADLESS', operatorReference: 'client-ref-2', address: f.body().address as string, chainId: 31337, tokenAddress: f.token('USDT').address },
    });
    const sessionRef = intent.data!.data.sessionRef;
    await api.POST('/withdrawals/{sessionRef}/cancel', { params: { path: { sessionRef } } });
    const row = await ctx.db.withdrawal.findFirstOrThrow({ where: { sessionRef, mode: 'C' } });
    await f.waitEvents(row.id, 1, 'WITHDRAW_CANCELLED');
    const delivery = delivered('WITHDRAW_CANCELLED', 'withdrawRequestId', row.id);
    const event = webhooks.constructEvent(delivery.body, delivery.headers['x-signature'] as string, op.webhookSecret);
    expect(event).toMatchObject({ event: 'WITHDRAW_CANCELLED', sessionRef, status: 'CANCELLED', cryptoAmountSent: null, amountInUsd: null, eventId: expect.any(String) });

    // Two events so far (the first test's COMPLETE, this CANCELLED): pages of one take three requests, the last empty-handed or short.
    const pages: string[] = [];
    const paged = client();
    paged.use({ onRequest: ({ request }) => void pages.push(new URL(request.url).searchParams.get('cursor') ?? 'first') });
    const walked: string[] = [];
    for await (const e of paged.paginate('/webhooks/events', { limit: 1 })) walked.push(e.eventId);
    const all = await api.GET('/webhooks/events', { params: { query: { limit: 200 } } });
    expect(walked).toEqual(all.data!.data.map((e) => e.eventId));
    expect(walked.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("When the gateway's test-webhook limit is spent, Then the next call throws a retryable RATE_LIMITED GatewayError, and the test send before it parses as a test DEPOSIT", async () => {
    // Waits longer than the total wait bound are not made: the 429 comes back at once.
    const api = createGatewayClient(ctx.apiUrl, op.apiKey, { retry: { maxTotalWaitMs: 0 } });
    const session = await api.POST('/session/deposit', { body: { ...user, externalUserId: 'client-user-3' } });
    const uuid = session.data!.data.sid;
    for (let i = 0; i < 5; i += 1) await api.POST('/session/{uuid}/test-webhook', { params: { path: { uuid } }, body: {} });
    const refused = await refusal(api.POST('/session/{uuid}/test-webhook', { params: { path: { uuid } }, body: {} }));
    expect(refused).toMatchObject({ status: 429, errorCode: 'RATE_LIMITED', retryable: true, requestId: expect.any(String) });

    const delivery = delivered('DEPOSIT', 'externalUserId', 'client-user-3');
    const event = webhooks.constructEvent(delivery.body, delivery.headers['x-signature'] as string, op.webhookSecret, { toleranceSeconds: 600 });
    if (event.event !== 'DEPOSIT') throw new Error(`parsed ${event.event}`);
    expect(event.test).toBe('true');
    expect(event.depositId).toMatch(/^-\d+$/); // numbers stay text; a test deposit's id is negative (spec 6 rule 5)
    expect(event.chainId).toMatch(/^\d+$/);
  });

  it('When a server answers 429 with Retry-After and then 503, Then the client waits and tries the same POST again with one Idempotency-Key, and a new call gets a new key', async () => {
    const server = await scriptedServer([
      { status: 429, headers: { 'retry-after': '1' }, body: { message: 'slow down', errorCode: 'RATE_LIMITED', error: 'Too Many Requests' } },
      { status: 503, body: { message: 'busy', errorCode: 'SERVICE_UNAVAILABLE', error: 'Service Unavailable' } },
      { status: 201, body: { status: 'success', message: 'ok', data: { sid: 's', url: 'u' } } },
    ]);
    try {
      const api = createGatewayClient(server.url, 'key', { retry: { baseDelayMs: 10 } });
      const first = await api.POST('/session/deposit', { body: user });
      expect(first.response.status).toBe(201);
      expect(server.seen).toHaveLength(3);
      expect(server.seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.seen.map((s) => s.key)).toEqual([server.seen[0]!.key, server.seen[0]!.key, server.seen[0]!.key]);

      await api.POST('/session/deposit', { body: user });
      expect(server.seen[3]!.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.seen[3]!.key).not.toBe(server.seen[0]!.key);
      await api.GET('/withdraw/options');
      expect(server.seen[4]).toEqual({ method: 'GET', key: undefined });
    } finally {
      await server.stop();
    }
  });

  it('When a server keeps answering 503, Then the client stops after maxAttempts and throws a retryable GatewayError with the last request id', async () => {
    const server = await scriptedServer([{ status: 503, body: { message: 'busy', errorCode: 'SERVICE_UNAVAILABLE', error: 'Service Unavailable' } }]);
    try {
      const api = createGatewayClient(server.url, 'key', { retry: { maxAttempts: 3, baseDelayMs: 10 } });
      const refused = await refusal(api.GET('/withdraw/options'));
      expect(refused).toMatchObject({ status: 503, errorCode: 'SERVICE_UNAVAILABLE', retryable: true, requestId: 'req-3', message: 'busy' });
      expect(server.seen).toHaveLength(3);

      const once = await refusal(createGatewayClient(server.url, 'key', { retry: false }).POST('/session/deposit', { body: user }));
      expect(once.requestId).toBe('req-4');
      expect(server.seen[3]!.key).toBeUndefined(); // no retries, so no key of the client's making
    } finally {
      await server.stop();
    }
  });
});
