import { mine } from '../../dev/devchain/dev-commands';
import { WEBHOOK_FIELDS } from '../../src/domain/webhook-events';
import { verifyWebhookSignature } from '../../src/domain/webhook-signature';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually, mineUntil } from '../support/wait';
import { ACK, WebhookReceiver, type Received } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
let op: { id: string; apiKey: string; webhookSecret: string };
let admin: string;
let support: string;

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));
const events = (name: string, id?: string) => receiver.received.filter((r) => form(r).event === name && (!id || form(r).withdrawRequestId === id));

beforeAll(async () => {
  ctx = await createTestContext({ worker: true, env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000' } });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Sync Games', webhookUrl: receiver.url });
  await createAdmin(ctx.db, 'a@example.com', 'admin-password', 'ADMIN');
  await createAdmin(ctx.db, 's@example.com', 'support-password', 'SUPPORT');
  admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'a@example.com', password: 'admin-password' } })).body.token;
  support = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 's@example.com', password: 'support-password' } })).body.token;
});
afterAll(async () => {
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});
beforeEach(() => receiver.answer(() => ACK));

async function pending(amount = '25.00') {
  const s = await f.session(op.apiKey, amount);
  const to = f.recipient();
  const r = await f.submit(s.sid, to);
  expect(r.status).toBe(201);
  return { ...s, to, id: r.body.data.withdrawRequestId as string };
}

describe('Mode A: synchronous WITHDRAW_REQUEST', () => {
  it('When the operator answers error 0, Then the request is PENDING and the WITHDRAW_REQUEST carried the spec fields, signed', async () => {
    const s = await f.session(op.apiKey, '25.00');
    const to = f.recipient();
    const r = await f.submit(s.sid, to);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'success', data: { withdrawStatus: 'PENDING' } });
    const id = r.body.data.withdrawRequestId;
    const [req] = events('WITHDRAW_REQUEST', id);
    expect(Object.keys(form(req!))).toEqual(WEBHOOK_FIELDS.WITHDRAW_REQUEST);
    expect(form(req!)).toMatchObject({
      sessionRef: s.sessionRef, externalUserId: s.user, type: 'DIRECT_TRANSFER', address: to, cryptoCurrencyCode: 'USDC',
      fiatCurrencyCode: 'USD', fiatAmount: '25.00', cryptoAmount: 'null', amountInUsd: '25.000000',
    });
    expect(req!.headers['x-event-id']).toBe(id);
    expect(verifyWebhookSignature(op.webhookSecret, req!.headers['x-signature'] as string, req!.body)).toBe(true);
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id } })).status).toBe('PENDING');
  });

  it.each([
    [1, 'WITHDRAW_DECLINED'], [2, 'INSUFFICIENT_BALANCE'], [3, 'WITHDRAW_UNAVAILABLE'], [4, 'USER_NOT_ELIGIBLE'], [5, 'DAILY_LIMIT_EXCEEDED'],
    [6, 'WITHDRAW_AMOUNT_TOO_LOW'], [7, 'WITHDRAW_AMOUNT_TOO_HIGH'], [8, 'ACCOUNT_VERIFICATION_REQUIRED'], [9, 'WITHDRAW_SUSPENDED'],
  ])('When the operator answers error %i, Then 400 %s and nothing is created', async (code, errorCode) => {
    receiver.answer(() => ({ status: 200, body: JSON.stringify({ error: code, description: 'no' }) }));
    const s = await f.session(op.apiKey);
    const before = await ctx.db.withdrawal.count();
    const r = await f.submit(s.sid, f.recipient());
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe(errorCode);
    expect(await ctx.db.withdrawal.count()).toBe(before);
  });

  it('When the operator answers a code outside 1-9, Then WITHDRAW_DECLINED with the operator description as the message', async () => {
    receiver.answer(() => ({ status: 200, body: '{"error":42,"description":"Finish KYC level 2 first"}' }));
    const r = await f.submit((await f.session(op.apiKey)).sid, f.recipient());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'WITHDRAW_DECLINED', message: 'Finish KYC level 2 first' });
  });

  it.each([
    ['HTTP 500', { status: 500, body: '{"error":0}' }],
    ['a non-JSON answer', { status: 200, body: 'OK' }],
    ['a timeout', { ...ACK, delayMs: 2000 }],
  ])('When the operator fails with %s, Then 400 WITHDRAW_UNAVAILABLE and nothing is created', async (_what, reply) => {
    receiver.answer(() => reply);
    const before = await ctx.db.withdrawal.count();
    const r = await f.submit((await f.session(op.apiKey)).sid, f.recipient());
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('WITHDRAW_UNAVAILABLE');
    expect(await ctx.db.withdrawal.count()).toBe(before);
  });

  it('When the operator is unreachable, Then 400 WITHDRAW_UNAVAILABLE', async () => {
    const dead = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Unreachable', webhookUrl: 'http://127.0.0.1:1/hook' });
    const r = await f.submit((await f.session(dead.apiKey)).sid, f.recipient());
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('WITHDRAW_UNAVAILABLE');
  });

  it('When a request is PENDING, Then a second submission on the session answers WITHDRAW_IN_PROGRESS', async () => {
    const w = await pending();
    const again = await f.submit(w.sid, f.recipient());
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe('WITHDRAW_IN_PROGRESS');
  });

  it('When the address, chain or token is bad, Then 400 (no errorCode for a malformed address, VALIDATION_ERROR otherwise)', async () => {
    const s = await f.session(op.apiKey);
    const badAddress = await f.submit(s.sid, '0x1234');
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.errorCode).toBeUndefined();
    const badToken = await f.submit(s.sid, f.recipient(), '0x000000000000000000000000000000000000bEEF');
    expect(badToken.body).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
    expect(badToken.body.details[0].field).toBe('tokenAddress');
    const unknownSid = await f.submit('6f1c1c1e-5d0b-4d3b-9a7e-1a2b3c4d5e6f', f.recipient());
    expect(unknownSid.status).toBe(404);
    expect(unknownSid.body.errorCode).toBe('SESSION_NOT_FOUND');
  });
});

describe('Mode A: admin moves', () => {
  it('When an admin moves PENDING → PROCESSING → COMPLETED, Then the payout lands on chain and WITHDRAW_COMPLETE follows once, after confirmations', async () => {
    const w = await pending('25.00');
    const info = async () => (await http(ctx.apiUrl, 'POST', '/session/info', { json: { sid: w.sid } })).body.data;
    expect((await info()).withdrawal).toEqual({ withdrawRequestId: w.id, withdrawStatus: 'PENDING' });
    const jump = await f.adminMove(admin, w.id, 'COMPLETED');
    expect(jump.status).toBe(409);
    expect(jump.body.errorCode).toBe('INVALID_TRANSITION');

    const processing = await f.adminMove(admin, w.id, 'PROCESSING', 'checked KYC');
    expect(processing.status).toBe(200);
    expect(processing.body).toMatchObject({ status: 'PROCESSING', adminNote: 'checked KYC', adminNoteBy: 'a@example.com' });
    expect(processing.body.adminNoteAt).not.toBeNull();

    const completed = await f.adminMove(admin, w.id, 'COMPLETED', 'paid');
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('COMPLETED');
    expect(completed.body.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await mineUntil(() => mine({ nodeUrl: ctx.services.chainNodeUrl }), async () => events('WITHDRAW_COMPLETE', w.id).length > 0, 30_000, 'WITHDRAW_COMPLETE');
    expect(await f.balanceOf(w.to)).toBe(25_000_000n);
    const done = form(events('WITHDRAW_COMPLETE', w.id)[0]!);
    expect(Object.keys(done)).toEqual(WEBHOOK_FIELDS.WITHDRAW_COMPLETE);
    expect(done).toMatchObject({ status: 'COMPLETED', address: w.to, cryptoAmountSent: '25.00000000', amountInUsd: '25.000000', fiatAmount: '25.00', sessionRef: w.sessionRef });
    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 2 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(events('WITHDRAW_COMPLETE', w.id)).toHaveLength(1);
    expect(await info()).toMatchObject({ status: 'COMPLETED', withdrawal: { withdrawRequestId: w.id, withdrawStatus: 'COMPLETED' } });
  });

  it('When PROCESSING is REJECTED, Then REJECTED with no webhook and no payout', async () => {
    const w = await pending();
    expect((await f.adminMove(admin, w.id, 'PROCESSING')).status).toBe(200);
    const r = await f.adminMove(admin, w.id, 'REJECTED', 'fraud check');
    expect(r.body).toMatchObject({ status: 'REJECTED', adminNote: 'fraud check' });
    await new Promise((res) => setTimeout(res, 500));
    expect(events('WITHDRAW_COMPLETE', w.id)).toHaveLength(0);
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(0);
  });

  it('When PENDING is REJECTED, Then REJECTED; further moves are 409 INVALID_TRANSITION', async () => {
    const w = await pending();
    expect((await f.adminMove(admin, w.id, 'REJECTED')).body.status).toBe('REJECTED');
    const again = await f.adminMove(admin, w.id, 'PROCESSING');
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('INVALID_TRANSITION');
  });

  it('When the move is a self-move, an unknown status, from SUPPORT or without a token, Then 409, 400, 403 and 401', async () => {
    const w = await pending();
    expect((await f.adminMove(admin, w.id, 'PROCESSING')).status).toBe(200);
    const self = await f.adminMove(admin, w.id, 'PROCESSING');
    expect([self.status, self.body.errorCode]).toEqual([409, 'INVALID_TRANSITION']);
    const unknown = await f.adminMove(admin, w.id, 'PAID');
    expect([unknown.status, unknown.body.errorCode]).toEqual([400, 'VALIDATION_ERROR']);
    const asSupport = await f.adminMove(support, w.id, 'COMPLETED');
    expect([asSupport.status, asSupport.body.errorCode]).toEqual([403, 'FORBIDDEN_ROLE']);
    const asOperator = await f.adminMove(op.apiKey, w.id, 'COMPLETED');
    expect(asOperator.status).toBe(401);
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('PROCESSING');
  });

  it('When admins list withdrawals, Then filters, cursor pages and the Temporal UI link work, and SUPPORT may read', async () => {
    const w = await pending();
    const list = await http(ctx.apiUrl, 'GET', `/admin/withdrawals?mode=A&status=PENDING&externalUserId=${w.user}`, { token: support });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: w.id, mode: 'A', status: 'PENDING', fiatAmount: '25.00', symbol: 'USDC', workflowId: `withdrawal-${w.id}` });
    expect(list.body[0].temporalUiUrl).toContain(`withdrawal-${w.id}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await http(ctx.apiUrl, 'GET', `/admin/withdrawals?operatorId=${op.id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token: admin });
      seen.push(...page.body.map((x: any) => x.id));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    expect(seen.length).toBe(await ctx.db.withdrawal.count({ where: { operatorId: op.id } }));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('Mode A: session cancelled', () => {
  it('When the session is cancelled, Then its PENDING withdrawal is CANCELLED and admin moves answer 409', async () => {
    const w = await pending();
    const cancel = await http(ctx.apiUrl, 'POST', `/session/${w.sid}/cancel`, { token: op.apiKey });
    expect(cancel.status).toBe(200);
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('CANCELLED');
    const move = await f.adminMove(admin, w.id, 'PROCESSING');
    expect([move.status, move.body.errorCode]).toEqual([409, 'INVALID_TRANSITION']);
  });
});

describe('Mode A: expiry', () => {
  it('When a PENDING request is left past its TTL, Then it becomes EXPIRED', async () => {
    const short = await createTestContext({ worker: true, env: { WITHDRAW_REQUEST_TTL_SECONDS: '2' } });
    try {
      const o = await createOperator(short.db, short.config.SECRETS_KEY, { name: 'Short TTL', webhookUrl: receiver.url });
      const sf = withdrawFixtures(short);
      const s = await sf.session(o.apiKey);
      const r = await sf.submit(s.sid, sf.recipient());
      expect(r.body.data.withdrawStatus).toBe('PENDING');
      const id = r.body.data.withdrawRequestId;
      const expired = await eventually(async () => {
        const row = await short.db.withdrawal.findUniqueOrThrow({ where: { id } });
        return row.status === 'EXPIRED' ? row : null;
      }, 20_000, 'EXPIRED');
      expect(expired.status).toBe('EXPIRED');
      sf.provider.destroy();
    } finally {
      await short.close();
    }
  });
});
