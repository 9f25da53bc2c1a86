import { PassThrough } from 'node:stream';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { describeInProcessOnly } from '../support/service-processes';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';

let ctx: TestContext;
let receiver: WebhookReceiver;
let output = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => (output += c.toString()));
  ctx = await createTestContext({ logStream: stream, worker: true });
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});

const lines = () => output.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

describeInProcessOnly('it reads the log lines of the API and the worker in this process')('logs', () => {
  it('When requests carry an operator key, a sid and a signed webhook, Then the log has one line per request with its route and none of them', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Logged', webhookUrl: receiver.url });
    const created = await http(ctx.apiUrl, 'POST', '/session/deposit', {
      token: op.apiKey,
      json: { externalUserId: 'user-7', lang: 'en', platformFiatCurrency: 'EUR', userBalance: '10', amount: '5' },
      headers: { 'x-request-id': 'req-logs-0001' },
    });
    expect(created.status).toBe(201);
    const sid: string = created.body.data.sid;
    expect((await http(ctx.apiUrl, 'POST', '/session/info', { json: { sid } })).status).toBe(200);
    expect((await http(ctx.apiUrl, 'POST', `/session/${sid}/test-webhook`, { token: op.apiKey, json: {} })).status).toBe(200);
    await http(ctx.apiUrl, 'GET', `/widget/deposit?sid=${sid}`);
    // A wrong key, so the auth failure path logs too.
    expect((await http(ctx.apiUrl, 'POST', `/session/${sid}/cancel`, { token: `${op.apiKey}x` })).status).toBe(401);

    const signature = receiver.received[0]?.headers['x-signature'];
    expect(signature).toMatch(/v1=/);
    const requests = lines().filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(5);
    expect(requests.find((l) => l.requestId === 'req-logs-0001')).toMatchObject({ route: '/session/deposit', status: 201, method: 'POST' });
    expect(requests.map((l) => l.route)).toEqual(expect.arrayContaining(['/session/info', '/session/:uuid/test-webhook']));
    expect(requests.at(-1)).toMatchObject({ status: 401, path: '/session/:id/cancel' });
    for (const secret of [op.apiKey, sid, op.webhookSecret, String(signature).split('v1=')[1]!]) expect(output).not.toContain(secret);
  });
});
