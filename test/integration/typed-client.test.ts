import { createGatewayClient, verifyWebhookSignature } from '../../clients/typescript/src';
import { headlessSuite } from '../support/headless-fixtures';
import { assertMatchesDocument } from '../support/openapi-check';

// The operator's view: only the published client package (clients/typescript), its types and its webhook check.
const { ctx, receiver, f, op } = headlessSuite({});

function client() {
  const c = createGatewayClient(ctx.apiUrl, op.apiKey);
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

describe('the typed client', () => {
  it('When an operator runs a deposit session and a headless withdrawal through it, Then each call answers typed data and the webhook verifies', async () => {
    const api = client();
    const user = { externalUserId: 'client-user-1', lang: 'en', platformFiatCurrency: 'USD', userBalance: '100', amount: '5.00' };

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
    const delivery = receiver.received.find((r) => {
      const fields = new URLSearchParams(r.body);
      return fields.get('withdrawRequestId') === id && fields.get('event') === 'WITHDRAW_COMPLETE';
    })!;
    expect(verifyWebhookSignature(op.webhookSecret, delivery.headers['x-signature'] as string, delivery.body)).toBe(true);
    expect(verifyWebhookSignature('not-the-secret', delivery.headers['x-signature'] as string, delivery.body)).toBe(false);

    const events = await api.GET('/webhooks/events', { params: { query: { event: 'WITHDRAW_COMPLETE', limit: 10 } } });
    expect(events.response.status).toBe(200);
    expect(events.data?.data.map((e) => e.eventId)).toContain(delivery.headers['x-event-id']);

    const refused = await createGatewayClient(ctx.apiUrl, 'not-a-key').GET('/withdrawals/{sessionRef}', { params: { path: { sessionRef } } });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ errorCode: 'UNAUTHORIZED' });
  });
});
