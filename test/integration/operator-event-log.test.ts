import { randomUUID } from 'node:crypto';
import { encodeDeposit } from '../../src/domain/webhook-events';
import { dispatchTarget, dispatchWebhook } from '../../src/temporal/client/webhooks';
import { recordWebhookEvent } from '../../src/store/outbox';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import { ACK, FAIL, WebhookReceiver } from '../support/webhook-receiver';

type Op = { id: string; apiKey: string };
let ctx: TestContext;
let receiver: WebhookReceiver;
let parent: Op;
let child: Op;
let stranger: Op;

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000' },
  });
  receiver = await new WebhookReceiver().start();
  parent = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Parent', webhookUrl: receiver.url });
  child = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Child', parentId: parent.id, webhookUrl: receiver.url });
  stranger = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Stranger', webhookUrl: receiver.url });
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});

let seq = 0;
async function emit(operatorId: string): Promise<string> {
  seq += 1;
  const body = encodeDeposit({
    depositId: String(seq), idempotencyKey: `log-${seq}-${randomUUID()}`, externalUserId: 'user-1', sessionRef: null, sessionAmount: null,
    amount: '1000000', amountInDollar: '1.000000', amountInLocalCurrency: '1.000000', localCurrencyCode: 'USD', currentRate: '1',
    pair: 'USD/USD', grossAmount: '1000000', feeAmount: '0', feeInDollar: '0.000000', type: 'ERC20',
    contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3', transactionHash: '0x' + 'cd'.repeat(32), chainId: '31337',
    confirmedAt: '2026-11-22T00:00:00.000Z',
  });
  const event = await ctx.db.$transaction((tx) => recordWebhookEvent(tx, ctx.config.SECRETS_KEY, { operatorId, event: 'DEPOSIT', body }));
  const id = event.id;
  await dispatchWebhook(dispatchTarget(ctx.config, ctx.temporal.client, ctx.db), event);
  return id;
}
const statusOf = async (id: string) => (await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id } })).status;
const until = (id: string, status: string) => eventually(async () => ((await statusOf(id)) === status ? true : null), 40_000, `event ${status}`);
const list = (op: Op, query = '') => http(ctx.apiUrl, 'GET', `/webhooks/events${query}`, { token: op.apiKey });
const redeliver = (op: Op, id: string) => http(ctx.apiUrl, 'POST', `/webhooks/events/${id}/redeliver`, { token: op.apiKey });

describe("operators' event log", () => {
  let delivered: string;
  let dead: string;
  let childEvent: string;
  let strangerEvent: string;

  beforeAll(async () => {
    receiver.answer(() => ACK);
    delivered = await emit(parent.id);
    childEvent = await emit(child.id);
    strangerEvent = await emit(stranger.id);
    await Promise.all([until(delivered, 'DELIVERED'), until(childEvent, 'DELIVERED'), until(strangerEvent, 'DELIVERED')]);
    receiver.answer(() => FAIL);
    // Events carry their signing second as createdAt: the dead letter gets a later second than the rest.
    await new Promise((r) => setTimeout(r, 1100));
    dead = await emit(parent.id);
    await until(dead, 'DEAD_LETTER');
  });

  it('When an operator lists its events, Then it sees its own and its sub-operators\' with their attempts, never another operator\'s', async () => {
    const r = await list(parent);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
    const ids = r.body.data.map((e: { eventId: string }) => e.eventId);
    expect(ids[0]).toBe(dead);
    expect(ids.slice(1).sort()).toEqual([childEvent, delivered].sort());
    const deadItem = r.body.data[0];
    expect(deadItem).toMatchObject({ eventId: dead, operatorId: parent.id, event: 'DEPOSIT', status: 'DEAD_LETTER', deliveredAt: null });
    expect(deadItem.attempts).toHaveLength(6);
    expect(deadItem.attempts[0]).toMatchObject({ attempt: 1, httpStatus: 500 });
    const childView = await list(child);
    expect(childView.body.data.map((e: { eventId: string }) => e.eventId)).toEqual([childEvent]);
  });

  it('When filtered by status, time and paged, Then only matching events come back and the cursor walks the rest', async () => {
    expect((await list(parent, '?status=DEAD_LETTER')).body.data.map((e: { eventId: string }) => e.eventId)).toEqual([dead]);
    const deadRow = await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id: dead } });
    const since = encodeURIComponent(deadRow.createdAt.toISOString());
    expect((await list(parent, `?since=${since}`)).body.data.map((e: { eventId: string }) => e.eventId)).toEqual([dead]);
    expect((await list(parent, `?until=${since}`)).body.data.map((e: { eventId: string }) => e.eventId).sort()).toEqual([childEvent, delivered].sort());
    const first = await list(parent, '?limit=2');
    expect(first.body.data).toHaveLength(2);
    const next = first.headers.get('x-next-cursor');
    expect(next).toBeTruthy();
    const second = await list(parent, `?limit=2&cursor=${next}`);
    const walked = [...first.body.data, ...second.body.data].map((e: { eventId: string }) => e.eventId);
    expect(walked.slice(1).sort()).toEqual([childEvent, delivered].sort());
    expect(second.body.data).toHaveLength(1);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const bad = await list(parent, '?since=yesterday');
    expect({ status: bad.status, code: bad.body.errorCode }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('When an operator redelivers a dead letter, Then 202 and a fresh run delivers it; another operator\'s event is 404, a delivered one 409', async () => {
    expect((await redeliver(stranger, dead)).status).toBe(404);
    expect(await statusOf(dead)).toBe('DEAD_LETTER');
    const notDead = await redeliver(parent, delivered);
    expect({ status: notDead.status, code: notDead.body.errorCode }).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect((await redeliver(parent, 'not-an-id')).status).toBe(404);
    receiver.answer(() => ACK);
    const r = await redeliver(parent, dead);
    expect(r.status).toBe(202);
    expect(r.body.data).toEqual({ eventId: dead, status: 'RETRYING' });
    await until(dead, 'DELIVERED');
    const item = (await list(parent, '?status=DELIVERED')).body.data.find((e: { eventId: string }) => e.eventId === dead);
    expect(item.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('When the key is missing, Then 401 like every operator endpoint', async () => {
    expect((await http(ctx.apiUrl, 'GET', '/webhooks/events')).status).toBe(401);
  });
});
