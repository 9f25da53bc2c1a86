import { randomUUID } from 'node:crypto';
import { webhookRelayWorkflowId, webhookTaskQueue, webhookWorkflowId } from '../../src/domain/keys';
import { encodeDeposit } from '../../src/domain/webhook-events';
import { verifyWebhookSignature } from '../../src/domain/webhook-signature';
import { dispatchTarget, dispatchWebhook } from '../../src/temporal/client/webhooks';
import { recordWebhookEvent } from '../../src/store/outbox';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import { ACK, FAIL, WebhookReceiver } from '../support/webhook-receiver';

let ctx: TestContext;
let receiver: WebhookReceiver;
let operator: { id: string; apiKey: string; webhookSecret: string };
let adminToken: string;
let supportToken: string;

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000', OUTBOX_RELAY_SECONDS: '1' },
  });
  receiver = await new WebhookReceiver().start();
  operator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Hooked', webhookUrl: receiver.url });
  await createAdmin(ctx.db, 'admin@example.com', 'admin-password', 'ADMIN');
  await createAdmin(ctx.db, 'support@example.com', 'support-password', 'SUPPORT');
  const login = (email: string, password: string) => http(ctx.apiUrl, 'POST', '/admin/login', { json: { email, password } });
  adminToken = (await login('admin@example.com', 'admin-password')).body.token;
  supportToken = (await login('support@example.com', 'support-password')).body.token;
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});
beforeEach(() => {
  receiver.reset();
  receiver.answer(() => ACK);
});

let depositSeq = 0;
function depositBody(): string {
  depositSeq += 1;
  return encodeDeposit({
    depositId: String(depositSeq), idempotencyKey: `dep-${depositSeq}-${randomUUID()}`, externalUserId: 'user & co', sessionRef: null,
    sessionAmount: null, amount: '12500000', amountInDollar: '12.500000', amountInLocalCurrency: '12.500000', localCurrencyCode: 'USD',
    currentRate: '1', pair: 'USD/USD', grossAmount: '12500000', feeAmount: '0', feeInDollar: '0.000000', type: 'ERC20',
    contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3', transactionHash: '0x' + 'ab'.repeat(32), chainId: '31337',
    confirmedAt: '2026-11-22T00:00:00.000Z',
  });
}

/** Records an event the way a state change does (inside a transaction). */
const record = (body: string) => ctx.db.$transaction((tx) => recordWebhookEvent(tx, ctx.config.SECRETS_KEY, { operatorId: operator.id, event: 'DEPOSIT', body }));

/** Records an event; dispatches it through the API's client unless told not to. */
async function emit(opts: { dispatch?: boolean } = {}): Promise<{ eventId: string; body: string }> {
  const body = depositBody();
  const event = await record(body);
  const eventId = event.id;
  if (opts.dispatch !== false) await dispatchWebhook(dispatchTarget(ctx.config, ctx.temporal.client, ctx.db), event);
  return { eventId, body };
}

const eventRow = (id: string) => ctx.db.webhookEvent.findUniqueOrThrow({ where: { id }, include: { attempts: { orderBy: { attempt: 'asc' } } } });
const waitForStatus = (id: string, status: string, ms = 30_000) =>
  eventually(async () => ((await eventRow(id)).status === status ? eventRow(id) : null), ms, `event ${status}`);

describe('durable delivery', () => {
  it('When the receiver fails 3 times then acknowledges, Then it gets 4 byte-identical deliveries and the event is DELIVERED', async () => {
    receiver.answer((n) => (n <= 3 ? FAIL : ACK));
    const { eventId, body } = await emit();
    const row = await waitForStatus(eventId, 'DELIVERED');
    expect(receiver.received).toHaveLength(4);
    for (const r of receiver.received) {
      expect(r.body).toBe(body);
      expect(r.headers['x-signature']).toBe(receiver.received[0]!.headers['x-signature']);
      expect(r.headers['x-event-id']).toBe(eventId);
      expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    }
    expect(receiver.received.map((r) => r.headers['x-delivery-attempt'])).toEqual(['1', '2', '3', '4']);
    expect(row.attempts.map((a) => [a.attempt, a.httpStatus])).toEqual([[1, 500], [2, 500], [3, 500], [4, 200]]);
    expect(row.attempts[0]!.responseExcerpt).toContain('down');
    expect(row.deliveredAt).not.toBeNull();
  });

  it('When the signature is checked with the shipped function, Then it verifies, and fails for a tampered body', async () => {
    await emit();
    const [r] = await receiver.waitFor(1);
    const header = r!.headers['x-signature'] as string;
    expect(verifyWebhookSignature(operator.webhookSecret, header, r!.body)).toBe(true);
    expect(verifyWebhookSignature(operator.webhookSecret, header, r!.body.replace('12500000', '12500001'))).toBe(false);
    expect(verifyWebhookSignature('whsec_wrong', header, r!.body)).toBe(false);
  });

  it('When every attempt fails, Then 6 deliveries and DEAD_LETTER; a redelivery by an ADMIN then succeeds with numbers continuing', async () => {
    receiver.answer(() => FAIL);
    const { eventId } = await emit();
    const dead = await waitForStatus(eventId, 'DEAD_LETTER');
    expect(receiver.received).toHaveLength(6);
    expect(dead.attempts).toHaveLength(6);

    const list = await http(ctx.apiUrl, 'GET', `/admin/webhooks?status=DEAD_LETTER&operatorId=${operator.id}`, { token: supportToken });
    expect(list.status).toBe(200);
    const item = list.body.find((e: any) => e.eventId === eventId);
    expect(item).toMatchObject({ operatorId: operator.id, event: 'DEPOSIT', status: 'DEAD_LETTER', deliveredAt: null });
    expect(item.attempts).toHaveLength(6);
    expect(item.attempts[0]).toEqual(expect.objectContaining({ attempt: 1, httpStatus: 500, error: 'HTTP 500', latencyMs: expect.any(Number) }));

    const asSupport = await http(ctx.apiUrl, 'POST', `/admin/webhooks/${eventId}/redeliver`, { token: supportToken });
    expect(asSupport.status).toBe(403);
    expect(asSupport.body.errorCode).toBe('FORBIDDEN_ROLE');

    receiver.answer(() => ACK);
    const redeliver = await http(ctx.apiUrl, 'POST', `/admin/webhooks/${eventId}/redeliver`, { token: adminToken });
    expect(redeliver.status).toBe(202);
    const delivered = await waitForStatus(eventId, 'DELIVERED');
    expect(receiver.received).toHaveLength(7);
    expect(receiver.received[6]!.headers['x-delivery-attempt']).toBe('7');
    expect(receiver.received[6]!.body).toBe(receiver.received[0]!.body);
    expect(delivered.attempts.at(-1)).toMatchObject({ attempt: 7, httpStatus: 200, error: null });

    const again = await http(ctx.apiUrl, 'POST', `/admin/webhooks/${eventId}/redeliver`, { token: adminToken });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('INVALID_TRANSITION');
  });

  it('When the receiver answers 2xx with error 1, 2xx non-JSON, or too late, Then each counts as a failure', async () => {
    receiver.answer((n) =>
      n === 1 ? { status: 200, body: '{"error":1,"description":"nope"}' } : n === 2 ? { status: 200, body: 'OK' } : n === 3 ? { ...ACK, delayMs: 2500 } : ACK,
    );
    const { eventId } = await emit();
    const row = await waitForStatus(eventId, 'DELIVERED');
    expect(row.attempts.map((a) => a.error)).toEqual(['operator answered error 1', 'response is not a JSON object', 'timeout', null]);
    expect(row.attempts[2]!.httpStatus).toBeNull();
  });

  it('When an unknown event id is redelivered, Then 404 NOT_FOUND; a non-dead event, 409', async () => {
    const missing = await http(ctx.apiUrl, 'POST', `/admin/webhooks/${randomUUID()}/redeliver`, { token: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('NOT_FOUND');
    const { eventId } = await emit();
    await waitForStatus(eventId, 'DELIVERED');
    const live = await http(ctx.apiUrl, 'POST', `/admin/webhooks/${eventId}/redeliver`, { token: adminToken });
    expect(live.status).toBe(409);
  });
});

describe('starts from the worker', () => {
  it("When the worker's activities dispatch 30 events at once, Then every delivery the relay did not start first starts eagerly on this process's worker and is delivered, each POST an attempt on record; the API's client starts its own queued", async () => {
    const starts = ctx.workerStarts();
    if (!starts) throw new Error('this file runs its worker in the test process');
    // Each dispatched right after its own commit, as an activity does. This file's relay sweeps every second and may
    // start one whose dispatch came over a second after its commit (a loaded machine): it starts it as its child.
    const dispatched = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const event = await record(depositBody());
        return { event, outcome: await starts.dispatchWebhook(event) };
      }),
    );
    const events = dispatched.map((d) => d.event);
    /** The workflow that started this event's delivery, when a dispatch found it already started. */
    const starter = async (eventId: string) => (await ctx.temporal.client.workflow.getHandle(webhookWorkflowId(eventId)).describe()).parentExecution?.workflowId;
    const relay = webhookRelayWorkflowId(ctx.config.TEMPORAL_TASK_QUEUE);
    for (const { event, outcome } of dispatched) {
      if (outcome === 'already-started') expect(await starter(event.id)).toBe(relay);
      else expect(outcome).toBe('started-eagerly');
    }
    expect(dispatched.filter((d) => d.outcome === 'started-eagerly').length).toBeGreaterThanOrEqual(20);
    // Every one delivered, and every POST the receiver got is an attempt the gateway recorded: an attempt that timed
    // out under load (1 s here) is sent again, as at-least-once allows, but nothing is sent that no attempt accounts for.
    const attempts = await Promise.all(events.map(async (e) => (await waitForStatus(e.id, 'DELIVERED')).attempts.length));
    const received = events.map((e) => receiver.received.filter((r) => r.headers['x-event-id'] === e.id).length);
    expect(received).toEqual(attempts);
    expect(received.every((n) => n >= 1)).toBe(true);

    // The API process has no worker: its client is not on a worker's connection, and asks for no eager start.
    const fromApi = await record(depositBody());
    const apiOutcome = await dispatchWebhook(dispatchTarget(ctx.config, ctx.temporal.client, ctx.db), fromApi);
    if (apiOutcome === 'already-started') expect(await starter(fromApi.id)).toBe(relay);
    else expect(apiOutcome).toBe('started');
    await waitForStatus(fromApi.id, 'DELIVERED');
  });
});

describe('crash safety', () => {
  it('When the workflow start is lost after the commit, Then the relay starts delivery and the event arrives once', async () => {
    const { eventId } = await emit({ dispatch: false });
    await waitForStatus(eventId, 'DELIVERED');
    // The relay marks the event once its start has answered, in an activity after it: a quick delivery can be
    // DELIVERED first (seen on a loaded machine), so the mark is waited for, not read at that moment.
    await eventually(async () => (await eventRow(eventId)).dispatchedAt, 30_000, 'the relay marking the event dispatched');
    expect(receiver.received.filter((r) => r.headers['x-event-id'] === eventId)).toHaveLength(1);
  });

  it('When an event is committed while no worker runs, Then the relay of a worker started later delivers it once, as its child', async () => {
    await ctx.stopWorker();
    const { eventId } = await emit({ dispatch: false });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id: eventId } })).dispatchedAt).toBeNull();
    await ctx.startWorker();
    // The new worker replays the relay's history (a round a second here) before its next round. On a saturated
    // two-core host the delivery took over 30 s twice (in a CI shard, and beside the unit tests); why was not proven,
    // and the replay is the likeliest part. deposits.test.ts allows two minutes after its restarts for such replays.
    const row = await waitForStatus(eventId, 'DELIVERED', 120_000);
    expect(row.dispatchedAt).not.toBeNull();
    expect(receiver.received.filter((r) => r.headers['x-event-id'] === eventId)).toHaveLength(1);
    const delivery = await ctx.temporal.client.workflow.getHandle(webhookWorkflowId(eventId)).describe();
    expect(delivery.parentExecution?.workflowId).toBe(webhookRelayWorkflowId(ctx.config.TEMPORAL_TASK_QUEUE));
    expect(delivery.taskQueue).toBe(webhookTaskQueue(ctx.config.TEMPORAL_TASK_QUEUE));
  });

  it('When the worker is stopped between attempts and restarted, Then the event is still delivered once acknowledged', async () => {
    receiver.answer((n) => (n === 1 ? FAIL : ACK));
    const { eventId } = await emit();
    await receiver.waitFor(1);
    await ctx.stopWorker();
    const duringOutage = receiver.received.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.length).toBe(duringOutage);
    await ctx.startWorker();
    await waitForStatus(eventId, 'DELIVERED');
    expect(receiver.received.filter((r) => r.headers['x-event-id'] === eventId).map((r) => r.headers['x-delivery-attempt'])).toEqual(['1', '2']);
  });
});

describe('admin listing', () => {
  it('When listed with a limit, Then pages follow X-Next-Cursor newest first without repeats, and filters apply', async () => {
    const ids = [(await emit()).eventId, (await emit()).eventId, (await emit()).eventId];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/admin/webhooks?operatorId=${operator.id}&event=DEPOSIT&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await http(ctx.apiUrl, 'GET', q, { token: adminToken });
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.map((e: any) => e.eventId));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids));
    const other = await http(ctx.apiUrl, 'GET', `/admin/webhooks?event=WITHDRAW_COMPLETE`, { token: adminToken });
    expect(other.body).toEqual([]);
    const bad = await http(ctx.apiUrl, 'GET', `/admin/webhooks?status=LOST`, { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION_ERROR');
  });
});
