import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createWebhookActivities } from '../../src/activities/webhooks';
import { postWebhook } from '../../src/adapters/webhook-http';
import { parseCidrList } from '../../src/domain/webhook-destination';
import { createOperator } from '../../src/provisioning/operators';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';

// No allowance here: every internal address is refused, as in a deployment that set none.
let ctx: TestContext;
let receiver: WebhookReceiver;
/** A bare TCP listener on loopback that counts connections: a refused destination must never reach it. */
let listener: Server;
let connections = 0;
let listenerPort = 0;

beforeAll(async () => {
  ctx = await createTestContext({ env: { WEBHOOK_ALLOWED_PRIVATE_CIDRS: '' } });
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
  await new Promise((resolve) => listener.close(resolve));
});

const cli = (env: Record<string, string>, ...args: string[]) => runCli(args, { ...ctx.env, ...env });

describe('webhook URL at set time (CLI)', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.5/hook',
    'http://[::1]:8233/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://localhost:8233/hook',
  ])('When an operator is given %s, Then the CLI exits 2 with an error and stores nothing', async (url) => {
    const name = `Internal ${randomUUID()}`;
    const r = await cli({}, 'operator', 'create', '--name', name, '--webhook-url', url);
    expect(r.code).toBe(2);
    expect(r.json.error).toMatch(/internal address/);
    expect(await ctx.db.operator.count({ where: { name } })).toBe(0);
  });

  it('When an existing operator is moved to an internal URL, Then the update exits 2 and the URL stays', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Public', webhookUrl: 'https://casino.example/hook' });
    const r = await cli({}, 'operator', 'update', op.id, '--webhook-url', 'http://10.0.0.5/hook');
    expect(r.code).toBe(2);
    expect((await ctx.db.operator.findUniqueOrThrow({ where: { id: op.id } })).webhookUrl).toBe('https://casino.example/hook');
  });

  it('When the address is inside WEBHOOK_ALLOWED_PRIVATE_CIDRS, Then the CLI accepts it', async () => {
    const r = await cli({ WEBHOOK_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8' }, 'operator', 'create', '--name', 'Local', '--webhook-url', 'http://localhost:9/hook');
    expect(r.code).toBe(0);
  });
});

describe('webhook destination at every connection', () => {
  // Set while the name resolved publicly; by delivery it resolves to loopback (here: localhost, from the hosts file).
  let op: { id: string; apiKey: string };
  beforeAll(async () => {
    op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Rebound', webhookUrl: `http://localhost:${listenerPort}/hook` });
  });

  it('When a test send goes to a name now resolving to loopback, Then delivered is false with DESTINATION_NOT_ALLOWED and nothing is connected to', async () => {
    const s = await ctx.db.session.create({
      data: {
        sessionRef: `sr_${randomUUID().replace(/-/g, '')}`, operatorId: op.id, type: 'DEPOSIT', externalUserId: 'user-1', lang: 'en',
        platformFiatCurrency: 'EUR', userBalance: '250.00', amount: '40.50', expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    const r = await http(ctx.apiUrl, 'POST', `/session/${s.id}/test-webhook`, { token: op.apiKey, json: {} });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ delivered: false, reason: 'DESTINATION_NOT_ALLOWED' });
    expect(connections).toBe(0);
  });

  it('When an event delivery goes there, Then the attempt fails with DESTINATION_NOT_ALLOWED and nothing is connected to', async () => {
    const event = await ctx.db.webhookEvent.create({ data: { id: randomUUID(), operatorId: op.id, event: 'DEPOSIT', body: 'a=1', signature: 't=1,v1=00' } });
    const activities = createWebhookActivities({ db: ctx.db, logger: ctx.logger, allowedCidrs: [] });
    await expect(activities.deliverWebhook(event.id, 5000)).resolves.toEqual({ delivered: false });
    const [attempt] = await ctx.db.webhookAttempt.findMany({ where: { eventId: event.id } });
    expect(attempt).toMatchObject({ error: 'DESTINATION_NOT_ALLOWED', httpStatus: null, responseExcerpt: null });
    expect(connections).toBe(0);
  });

  it('When a name resolves to a public and an internal address, Then it is refused without connecting', async () => {
    const res = await postWebhook({
      url: `http://two-faced.example:${listenerPort}/hook`, body: 'a=1', headers: {}, timeoutMs: 5000, allowed: [],
      resolve: async () => ['93.184.216.34', '127.0.0.1'],
    });
    expect(res.networkError).toBe('DESTINATION_NOT_ALLOWED');
    expect(connections).toBe(0);
  });

  it('When the name resolves to an allowed address, Then the request goes to that address with the name as its Host', async () => {
    const port = new URL(receiver.url).port;
    const res = await postWebhook({
      url: `http://hooks.casino.example:${port}/hook`, body: 'a=1', headers: {}, timeoutMs: 5000, allowed: parseCidrList('127.0.0.0/8'),
      resolve: async () => ['127.0.0.1'],
    });
    expect(res.ack).toMatchObject({ acknowledged: true });
    expect(receiver.received.at(-1)!.headers.host).toBe(`hooks.casino.example:${port}`);
  });
});
