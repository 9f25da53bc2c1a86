import Decimal from 'decimal.js';
import { mine } from '../../dev/devchain/dev-commands';
import { setProxyRpc } from '../../dev/devchain/rpc-proxy';
import { createOperator } from '../../src/provisioning/operators';
import { OperatorId, PayoutState } from '../../src/workflows/search-attributes';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { activityAttempts, payoutRuns, scheduledActivities } from '../support/payout-runs';
import { eventually, mineUntil } from '../support/wait';
import { ACK, WebhookReceiver, type Received } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
type Op = { id: string; apiKey: string; webhookSecret: string };
let ext: Op;

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));
const events = (name: string, id: string) => receiver.received.filter((r) => form(r).event === name && form(r).withdrawRequestId === id);
const mineOne = () => mine({ nodeUrl: ctx.services.chainNodeUrl });
const row = (id: string) => ctx.db.withdrawal.findUniqueOrThrow({ where: { id } });
/**
 * After a worker restart. An activity task on its way to a worker as it shuts down is lost (the SDK interrupts its
 * poll), and Temporal retries it only after the activity's one-minute startToCloseTimeout: the payout still lands once.
 */
const AFTER_RESTART_MS = 90_000;

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000', HELD_APPROVAL_RETRY_SECONDS: '1' },
  });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'External', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
});
afterAll(async () => {
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});

async function awaiting(op: Op, amount = '25.00') {
  const w = await f.submitted(op.apiKey, amount);
  expect(w.withdrawStatus).toBe('AWAITING_APPROVAL');
  return w;
}

describe('Mode B: external approval', () => {
  it('When a user submits, Then AWAITING_APPROVAL and the WITHDRAW_REQUEST arrives through the outbox', async () => {
    const w = await awaiting(ext);
    const [req] = await eventually(async () => (events('WITHDRAW_REQUEST', w.id).length ? events('WITHDRAW_REQUEST', w.id) : null), 15_000, 'WITHDRAW_REQUEST');
    expect(form(req!)).toMatchObject({ sessionRef: w.sessionRef, fiatAmount: '25.00', cryptoAmountSent: '25.00000000', cryptoAmount: 'null' });
    const event = await ctx.db.webhookEvent.findFirstOrThrow({ where: { event: 'WITHDRAW_REQUEST', body: { contains: w.id } } });
    expect(req!.headers['x-event-id']).toBe(event.id);
    await eventually(async () => (await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).status === 'DELIVERED', 10_000, 'delivered');
  });

  it('When APPROVE is within caps and liquidity, Then COMPLETED with settlementTxHash, the payout lands and WITHDRAW_COMPLETE follows once', async () => {
    const w = await awaiting(ext, '12.34');
    const r = await f.decide(ext.apiKey, w.id, 'APPROVE');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', data: { withdrawRequestId: w.id, withdrawStatus: 'COMPLETED', settlementTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), held: false, heldReason: null } });
    await mineUntil(mineOne, async () => events('WITHDRAW_COMPLETE', w.id).length > 0, 30_000, 'WITHDRAW_COMPLETE');
    expect(await f.balanceOf(w.to)).toBe(12_340_000n);
    const again = await f.decide(ext.apiKey, w.id, 'APPROVE');
    expect(again.body.data).toMatchObject({ withdrawStatus: 'COMPLETED', settlementTxHash: r.body.data.settlementTxHash });
    const reject = await f.decide(ext.apiKey, w.id, 'REJECT');
    expect(reject.body.data.withdrawStatus).toBe('COMPLETED');
    await mineOne();
    await new Promise((res) => setTimeout(res, 800));
    expect(events('WITHDRAW_COMPLETE', w.id)).toHaveLength(1);
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(1);
    // The whole settlement is two activities (docs/performance.md): the check of the API's recorded decision (decision
    // 0038) with decide-and-sign in the withdrawal's workflow (decision 0047), then send-poll-complete (one attempt) in its one payout
    // child workflow, which carries the withdrawal's search attributes.
    expect(await scheduledActivities(ctx.temporal.client, `withdrawal-${w.id}`)).toEqual(['settleRecordedApproval']);
    const [payout, ...more] = await payoutRuns(ctx.temporal.client, w.id);
    expect(more).toHaveLength(0);
    expect(payout).toMatchObject({ workflowId: `payout-${w.id}`, status: { name: 'COMPLETED' }, parentExecution: { workflowId: `withdrawal-${w.id}` } });
    expect(payout!.typedSearchAttributes.get(PayoutState)).toBe('COMPLETED');
    expect(payout!.typedSearchAttributes.get(OperatorId)).toBe(ext.id);
    // Followed in one attempt on the follow queue, its polls inside it, though it waited for its confirmations.
    expect(await scheduledActivities(ctx.temporal.client, payout!.workflowId, payout!.runId)).toEqual(['followPayout']);
    expect(await activityAttempts(ctx.temporal.client, payout!.workflowId, payout!.runId)).toEqual([1]);
  });

  it('When REJECT comes with a reason, Then REJECTED, no payout and no webhook; a later APPROVE changes nothing', async () => {
    const w = await awaiting(ext);
    const r = await f.decide(ext.apiKey, w.id, 'REJECT', 'limits');
    expect(r.body.data).toEqual({ withdrawRequestId: w.id, withdrawStatus: 'REJECTED', settlementTxHash: null, held: false, heldReason: null });
    expect((await row(w.id)).adminNote).toBe('limits');
    const later = await f.decide(ext.apiKey, w.id, 'APPROVE');
    expect(later.body.data.withdrawStatus).toBe('REJECTED');
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(0);
    expect(events('WITHDRAW_COMPLETE', w.id)).toHaveLength(0);
  });

  it('When the operator may not auto-release, Then APPROVE is held APPROVAL_NOT_ENABLED', async () => {
    const manual = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Manual', webhookUrl: receiver.url, approvalMode: 'EXTERNAL' });
    const w = await awaiting(manual);
    const r = await f.decide(manual.apiKey, w.id, 'APPROVE');
    expect(r.body.data).toEqual({ withdrawRequestId: w.id, withdrawStatus: 'AWAITING_APPROVAL', settlementTxHash: null, held: true, heldReason: 'APPROVAL_NOT_ENABLED' });
  });

  it('When APPROVE exceeds the single cap, Then held CAP_EXCEEDED, and the workflow settles it by itself once the cap allows', async () => {
    const capped = await createOperator(ctx.db, ctx.config.SECRETS_KEY, {
      name: 'Capped', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true, withdrawApprovalMaxAmount: '10',
    });
    const w = await awaiting(capped, '25.00');
    const r = await f.decide(capped.apiKey, w.id, 'APPROVE');
    expect(r.body.data).toMatchObject({ withdrawStatus: 'AWAITING_APPROVAL', held: true, heldReason: 'CAP_EXCEEDED' });
    await ctx.db.operator.update({ where: { id: capped.id }, data: { withdrawApprovalMaxAmount: '100' } });
    const settled = await eventually(async () => ((await row(w.id)).status === 'COMPLETED' ? row(w.id) : null), 15_000, 'held approval settled');
    expect(settled).toMatchObject({ held: false, heldReason: null });
    expect(settled.settlementTxHash).toMatch(/^0x/);
    await mineUntil(mineOne, async () => events('WITHDRAW_COMPLETE', w.id).length > 0, 30_000, 'WITHDRAW_COMPLETE');
  });

  it('When a parent decides for an inactive sub-operator, Then held OPERATOR_INACTIVE; another operator gets 404', async () => {
    const child = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Child', parentId: ext.id, webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
    const stranger = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Stranger', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
    const w = await awaiting(child);
    await ctx.db.operator.update({ where: { id: child.id }, data: { status: 'INACTIVE' } });
    const r = await f.decide(ext.apiKey, w.id, 'APPROVE');
    expect(r.body.data).toMatchObject({ withdrawStatus: 'AWAITING_APPROVAL', held: true, heldReason: 'OPERATOR_INACTIVE' });
    const other = await f.decide(stranger.apiKey, w.id, 'APPROVE');
    expect([other.status, other.body.errorCode]).toEqual([404, 'NOT_FOUND']);
  });

  it('When the chain cannot be read, Then APPROVE is held TEMPORARILY_UNAVAILABLE and nothing is paid', async () => {
    const w = await awaiting(ext);
    await setProxyRpc(ctx.services.chainRpcUrl, false);
    try {
      const r = await f.decide(ext.apiKey, w.id, 'APPROVE');
      expect(r.body.data).toMatchObject({ withdrawStatus: 'AWAITING_APPROVAL', held: true, heldReason: 'TEMPORARILY_UNAVAILABLE' });
      expect(await ctx.db.reservation.count({ where: { withdrawalId: w.id } })).toBe(0);
    } finally {
      await setProxyRpc(ctx.services.chainRpcUrl, true);
    }
  });

  it('When a newer request is submitted on the session, Then the unactioned one is CANCELLED and a decision on it answers CANCELLED', async () => {
    const first = await awaiting(ext);
    const second = await f.submit(first.sid, f.recipient());
    expect(second.status).toBe(201);
    expect((await row(first.id)).status).toBe('CANCELLED');
    // The session shows its latest request, not the superseded one.
    const info = await http(ctx.apiUrl, 'POST', '/session/info', { json: { sid: first.sid } });
    expect(info.body.data.withdrawal).toEqual({ withdrawRequestId: second.body.data.withdrawRequestId, withdrawStatus: 'AWAITING_APPROVAL' });
    const r = await f.decide(ext.apiKey, first.id, 'APPROVE');
    expect(r.status).toBe(200);
    expect(r.body.data.withdrawStatus).toBe('CANCELLED');
  });

  it('When the decision is malformed or for a Mode A request, Then 400 VALIDATION_ERROR and 409 INVALID_TRANSITION', async () => {
    const w = await awaiting(ext);
    const bad = await f.decide(ext.apiKey, w.id, 'MAYBE' as 'APPROVE');
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'VALIDATION_ERROR']);
    const sync = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Sync', webhookUrl: receiver.url });
    const s = await f.session(sync.apiKey);
    const a = await f.submit(s.sid, f.recipient());
    const r = await f.decide(sync.apiKey, a.body.data.withdrawRequestId, 'APPROVE');
    expect([r.status, r.body.errorCode]).toEqual([409, 'INVALID_TRANSITION']);
  });
});

describe('Mode B: concurrency and crash safety', () => {
  it('When 20 APPROVEs race on one withdrawal, Then every answer is COMPLETED with the one payout', async () => {
    const w = await awaiting(ext);
    const answers = await Promise.all(Array.from({ length: 20 }, () => f.decide(ext.apiKey, w.id, 'APPROVE')));
    expect(answers.map((r) => [r.status, r.body.data?.withdrawStatus])).toEqual(answers.map(() => [200, 'COMPLETED']));
    expect(new Set(answers.map((r) => r.body.data.settlementTxHash)).size).toBe(1);
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(1);
    await mineUntil(mineOne, async () => events('WITHDRAW_COMPLETE', w.id).length > 0, 30_000, 'WITHDRAW_COMPLETE');
    expect(await f.balanceOf(w.to)).toBe(25_000_000n);
  });

  it('When 20 APPROVEs of different withdrawals race under a daily cap that fits 5, Then exactly 5 settle and the rest are held CAP_EXCEEDED', async () => {
    const daily = await createOperator(ctx.db, ctx.config.SECRETS_KEY, {
      name: 'Daily', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true, withdrawApprovalDailyMaxAmount: '50',
    });
    const ws = [];
    for (let i = 0; i < 20; i++) ws.push(await awaiting(daily, '10.00'));
    const results = await Promise.all(ws.map((w) => f.decide(daily.apiKey, w.id, 'APPROVE')));
    const settled = results.filter((r) => r.body.data.withdrawStatus === 'COMPLETED');
    const held = results.filter((r) => r.body.data.heldReason === 'CAP_EXCEEDED');
    expect(settled).toHaveLength(5);
    expect(held).toHaveLength(15);
    const completed = await ctx.db.withdrawal.findMany({ where: { operatorId: daily.id, status: 'COMPLETED' } });
    expect(completed.reduce((sum, w) => sum.plus(w.fiatAmount.toString()), new Decimal(0)).lte(50)).toBe(true);
  });

  it('When the worker stops between signing and confirmation, Then on restart exactly one transfer lands and one WITHDRAW_COMPLETE', async () => {
    const w = await awaiting(ext, '7.00');
    await f.provider.send('evm_setAutomine', [false]);
    try {
      const r = await f.decide(ext.apiKey, w.id, 'APPROVE');
      expect(r.body.data.withdrawStatus).toBe('COMPLETED');
      await ctx.stopWorker();
      // Signed (the hash is stored) and at most in the mempool: nothing is mined while the worker is down.
      expect(await f.provider.getTransactionReceipt(r.body.data.settlementTxHash)).toBeNull();
      await ctx.startWorker();
      await f.provider.send('evm_setAutomine', [true]);
      await mineUntil(mineOne, async () => events('WITHDRAW_COMPLETE', w.id).length > 0, AFTER_RESTART_MS, 'WITHDRAW_COMPLETE');
    } finally {
      await f.provider.send('evm_setAutomine', [true]);
    }
    expect(await f.balanceOf(w.to)).toBe(7_000_000n);
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(1);
    await mineOne();
    await new Promise((res) => setTimeout(res, 800));
    expect(events('WITHDRAW_COMPLETE', w.id)).toHaveLength(1);
  }, 180_000);
});

describe('Mode B: crash between signing and broadcast', () => {
  it('When the worker stops after the payout is signed and before it is broadcast, Then on restart the same bytes go out: one transfer, one WITHDRAW_COMPLETE', async () => {
    const paused = await createTestContext({ worker: true, env: { TEST_PAUSE_BEFORE_BROADCAST_MS: '3000', WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1' } });
    const pf = withdrawFixtures(paused);
    try {
      const o = await createOperator(paused.db, paused.config.SECRETS_KEY, { name: 'Paused', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
      const s = await pf.session(o.apiKey, '6.00');
      const to = pf.recipient();
      const id = (await pf.submit(s.sid, to)).body.data.withdrawRequestId;
      const r = await pf.decide(o.apiKey, id, 'APPROVE');
      expect(r.body.data.withdrawStatus).toBe('COMPLETED');
      await paused.stopWorker();
      // Signed and stored, never sent: the node has not seen it.
      expect(await pf.provider.getTransaction(r.body.data.settlementTxHash)).toBeNull();
      await paused.startWorker();
      await mineUntil(() => mine({ nodeUrl: paused.services.chainNodeUrl }), async () => events('WITHDRAW_COMPLETE', id).length > 0, AFTER_RESTART_MS, 'WITHDRAW_COMPLETE');
      expect(await pf.balanceOf(to)).toBe(6_000_000n);
      const sent = await paused.db.outboundTx.findMany({ where: { purpose: `payout:${id}` } });
      expect(sent.map((t) => t.txHash)).toEqual([r.body.data.settlementTxHash]);
      expect(events('WITHDRAW_COMPLETE', id)).toHaveLength(1);
    } finally {
      pf.provider.destroy();
      await paused.close();
    }
    // A hang guard: two worker starts, which with two service processes each take tens of seconds on a loaded machine.
  }, 300_000);
});

describe('Mode B: expiry', () => {
  it('When a decision arrives after the TTL, Then EXPIRED, held true, heldReason EXPIRED, and nothing is paid', async () => {
    const short = await createTestContext({ worker: true, env: { WITHDRAW_REQUEST_TTL_SECONDS: '2' } });
    try {
      const o = await createOperator(short.db, short.config.SECRETS_KEY, { name: 'Short', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
      const sf = withdrawFixtures(short);
      const s = await sf.session(o.apiKey);
      const r = await sf.submit(s.sid, sf.recipient());
      const id = r.body.data.withdrawRequestId;
      await eventually(async () => (await short.db.withdrawal.findUniqueOrThrow({ where: { id } })).status === 'EXPIRED', 20_000, 'EXPIRED');
      const d = await sf.decide(o.apiKey, id, 'APPROVE');
      expect(d.body.data).toEqual({ withdrawRequestId: id, withdrawStatus: 'EXPIRED', settlementTxHash: null, held: true, heldReason: 'EXPIRED' });
      expect(await short.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(0);
      sf.provider.destroy();
    } finally {
      await short.close();
    }
  });
});
