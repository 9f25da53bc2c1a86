import { drainGas, restoreGas } from '../../dev/devchain/dev-commands';
import { proxyRpcCalls, setProxyRpc } from '../../dev/devchain/rpc-proxy';
import { WEBHOOK_FIELDS } from '../../src/domain/webhook-events';
import { createAdmin } from '../../src/provisioning/admins';
import { PayoutState, SessionRef, WithdrawStatus } from '../../src/workflows/search-attributes';
import { expectError, form, headlessSuite } from '../support/headless-fixtures';
import { http } from '../support/http';
import { activityAttempts, localActivities, payoutRuns, scheduledActivities } from '../support/payout-runs';
import { OperatorLedger } from '../support/operator-ledger';
import { delay, eventually } from '../support/wait';
import { ACK, FAIL } from '../support/webhook-receiver';

// No timer re-check of gas here (an admin retry moves WAITING_FOR_GAS); three quick attempts before FAILED(retryable).
const { ctx, receiver, f, op } = headlessSuite({ GAS_RECHECK_SECONDS: '3600', HEADLESS_SETTLE_ATTEMPTS: '3' });
let admin: string;
let support: string;

beforeAll(async () => {
  await createAdmin(ctx.db, 'admin@example.com', 'admin-password', 'ADMIN');
  await createAdmin(ctx.db, 'support@example.com', 'support-password', 'SUPPORT');
  const login = async (email: string, password: string) => (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email, password } })).body.token as string;
  admin = await login('admin@example.com', 'admin-password');
  support = await login('support@example.com', 'support-password');
});
beforeEach(() => receiver.answer(() => ACK));

const gas = { drain: () => drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll }), restore: () => restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll }) };
const rpc = (up: boolean) => setProxyRpc(ctx.services.chainRpcUrl, up);
const payoutTx = (id: string) => ctx.db.outboundTx.findUnique({ where: { purpose: `payout:${id}` } });

async function executed(apiKey: string, overrides: Record<string, unknown> = {}) {
  const intent = await f.intent(apiKey, overrides);
  const r = await f.execute(apiKey, intent.sessionRef);
  if (r.status !== 202) throw new Error(`execute: ${r.status} ${r.text}`);
  return { ...intent, result: r.body.data };
}

describe('settlement', () => {
  it('When executed with gas, Then RECONCILING (CONFIRMING on chain), COMPLETED at 2 confirmations, exactly the priced amount paid, and one WITHDRAW_COMPLETE', async () => {
    const statements = jest.spyOn(ctx.db.sql, 'query');
    const named = (name: string) => statements.mock.calls.filter(([q]) => (q as { name?: string }).name === name).length;
    const { id, sessionRef, body, result } = await executed(op.apiKey, { amount: '12.34' });
    const tx = await eventually(async () => ((await payoutTx(id))?.status === 'BROADCAST' ? payoutTx(id) : null), 30_000, 'payout broadcast');
    // The execute read its facts once, and its check used the row it queued: the payout's readiness is never read again.
    expect([named('headless-execute-facts'), named('payout-readiness')]).toEqual([1, 0]);
    statements.mockRestore();
    expect((await f.row(id)).status).toBe('RECONCILING');
    const mid = (await f.record(op.apiKey, sessionRef)).body.data;
    expect(mid).toMatchObject({ status: 'RECONCILING', txHash: tx!.txHash, txState: 'CONFIRMING', confirmations: 1, requiredConfirmations: 2 });

    const done = await f.waitStatus(id, 'COMPLETED', { mine: true });
    expect(done.reservation!.status).toBe('CONSUMED');
    expect(done.settlementTxHash).toBe(tx!.txHash);
    expect(await f.balanceOf(f.token('USDT').address, body.address as string)).toBe(12_340_000n);
    const [complete] = await f.waitEvents(id, 1, 'WITHDRAW_COMPLETE');
    expect(Object.keys(complete!)).toEqual([...WEBHOOK_FIELDS.WITHDRAW_COMPLETE]);
    expect(complete).toMatchObject({
      withdrawRequestId: id, sessionRef, externalUserId: body.externalUserId, type: 'DIRECT_TRANSFER', status: 'COMPLETED', address: body.address,
      cryptoCurrencyCode: 'USDT', fiatCurrencyCode: 'USD', fiatAmount: '12.34', cryptoAmount: 'null', cryptoAmountSent: result.cryptoAmountSent, amountInUsd: '12.340000',
    });
    const record = await eventually(async () => {
      const rec = (await f.record(op.apiKey, sessionRef)).body.data;
      return rec.callbackState === 'DELIVERED' ? rec : null;
    }, 15_000, 'delivered');
    expect(record).toMatchObject({ status: 'COMPLETED', txState: 'CONFIRMED', txHash: tx!.txHash, retryable: null, reasonCode: null, cryptoAmountSent: '12.34000000' });
    expect(record.confirmations).toBeGreaterThanOrEqual(2);
    await f.mineBlocks(3);
    await delay(1000);
    expect(f.events(id).filter((e) => e.event === 'WITHDRAW_COMPLETE')).toHaveLength(1);
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(1);
    expectError(await f.cancel(op.apiKey, sessionRef), 409, 'HEADLESS_CANCEL_NOT_ALLOWED');
    const replay = await f.execute(op.apiKey, sessionRef);
    expect(replay.status).toBe(202);
    expect(replay.body.data).toEqual({ ...result, replayed: true });
    const desc = await ctx.temporal.client.workflow.getHandle(`headless-${sessionRef}`).describe();
    expect(desc.status.name).toBe('COMPLETED');
    expect(desc.typedSearchAttributes.get(WithdrawStatus)).toBe('COMPLETED');
    // One payout workflow for the payout, a child of the intent's, found by the intent's sessionRef.
    const [payout, ...more] = await payoutRuns(ctx.temporal.client, id);
    expect(more).toHaveLength(0);
    expect(payout).toMatchObject({ workflowId: `payout-${id}`, status: { name: 'COMPLETED' }, parentExecution: { workflowId: `headless-${sessionRef}` } });
    expect(payout!.typedSearchAttributes.get(SessionRef)).toBe(sessionRef);
    expect(payout!.typedSearchAttributes.get(PayoutState)).toBe('COMPLETED');
    expect(await scheduledActivities(ctx.temporal.client, payout!.workflowId, payout!.runId)).toEqual(['followPayout']);
    expect(await activityAttempts(ctx.temporal.client, payout!.workflowId, payout!.runId)).toEqual([1]);
    // The execute checks the attempt's asset and gas in its own activity, a local one inside the execute's workflow
    // task (decision 0052): the attempt signs without asking again.
    expect(await localActivities(ctx.temporal.client, `headless-${sessionRef}`)).toEqual(['executeHeadlessIntentChecked']);
    expect(await scheduledActivities(ctx.temporal.client, `headless-${sessionRef}`)).toEqual(['signPayout']);
  });

  it('When the bankroll has no gas, Then WAITING_FOR_GAS with the reservation held; a cancel there releases it; an admin retry after restore-gas completes the payout', async () => {
    await gas.drain();
    let waiting!: Awaited<ReturnType<typeof executed>>;
    let cancelled!: Awaited<ReturnType<typeof executed>>;
    try {
      const estimates = async () => (await proxyRpcCalls(ctx.services.chainRpcUrl)).calls['eth_estimateGas'] ?? 0;
      const estimatesBefore = await estimates();
      waiting = await executed(op.apiKey, { amount: '3.00' });
      cancelled = await executed(op.apiKey, { amount: '4.00' });
      for (const w of [waiting, cancelled]) {
        const row = await f.waitStatus(w.id, 'WAITING_FOR_GAS');
        expect(row.reservation!.status).toBe('ACTIVE');
        expect(row.settlementTxHash).toBeNull();
      }
      // A bankroll that pays no transaction at all is out of gas without the node estimating each payout.
      expect(await estimates()).toBe(estimatesBefore);
      expect((await f.record(op.apiKey, waiting.sessionRef)).body.data).toMatchObject({ status: 'WAITING_FOR_GAS', txState: 'NONE', txHash: null });
      // The execute's own activity found no gas and moved it: no attempt's check, no separate move.
      expect(await localActivities(ctx.temporal.client, `headless-${waiting.sessionRef}`)).toEqual(['executeHeadlessIntentChecked']);
      expect(await scheduledActivities(ctx.temporal.client, `headless-${waiting.sessionRef}`)).toEqual([]);

      const c = await f.cancel(op.apiKey, cancelled.sessionRef);
      expect(c.status).toBe(200);
      expect((await f.row(cancelled.id)).reservation!.status).toBe('RELEASED');
      const [e] = await f.waitEvents(cancelled.id, 1, 'WITHDRAW_CANCELLED');
      expect(e).toMatchObject({ reasonCode: 'CANCELLED_BY_OPERATOR', cryptoAmountSent: '4.00000000', amountInUsd: '4.000000' });

      // Still no gas: the retry requeues, the check fails again, and it waits again.
      expect((await f.retry(admin, waiting.id)).status).toBe(202);
      await f.waitIdle(waiting.sessionRef, 'WAITING_FOR_GAS');
      expect((await f.row(waiting.id)).status).toBe('WAITING_FOR_GAS');
    } finally {
      await gas.restore();
    }
    expectError(await f.retry(support, waiting.id), 403, 'FORBIDDEN_ROLE');
    expectError(await f.retry(op.apiKey, waiting.id), 401, 'UNAUTHORIZED');
    const r = await f.retry(admin, waiting.id);
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ withdrawRequestId: waiting.id, status: 'EXECUTION_QUEUED' });
    await f.waitStatus(waiting.id, 'COMPLETED', { mine: true });
    expect(await f.balanceOf(f.token('USDT').address, waiting.body.address as string)).toBe(3_000_000n);
    expect(await f.balanceOf(f.token('USDT').address, cancelled.body.address as string)).toBe(0n);
  });

  it('When the chain is unreachable before any hash, Then FAILED(retryable) SETTLEMENT_UNAVAILABLE with WITHDRAW_FAILED retryable true, the reservation kept, a second retry meanwhile is IN_PROGRESS; retried later it completes', async () => {
    await gas.drain();
    let w!: Awaited<ReturnType<typeof executed>>;
    try {
      w = await executed(op.apiKey, { amount: '2.50' });
      await f.waitStatus(w.id, 'WAITING_FOR_GAS');
      await rpc(false);
      expect((await f.retry(admin, w.id)).status).toBe(202);
      expectError(await f.retry(admin, w.id), 409, 'HEADLESS_RETRY_IN_PROGRESS');
      const failed = await f.waitStatus(w.id, 'FAILED');
      expect(failed).toMatchObject({ retryable: true, reasonCode: 'SETTLEMENT_UNAVAILABLE', settlementTxHash: null });
      expect(failed.reservation!.status).toBe('ACTIVE');
    } finally {
      await rpc(true);
      await gas.restore();
    }
    const [e] = await f.waitEvents(w.id, 1, 'WITHDRAW_FAILED');
    expect(Object.keys(e!)).toEqual([...WEBHOOK_FIELDS.WITHDRAW_FAILED]);
    expect(e).toMatchObject({ status: 'FAILED', retryable: 'true', reasonCode: 'SETTLEMENT_UNAVAILABLE', cryptoAmountSent: '2.50000000', amountInUsd: '2.500000' });
    const record = (await f.record(op.apiKey, w.sessionRef)).body.data;
    expect(record).toMatchObject({ status: 'FAILED', retryable: true, reasonCode: 'SETTLEMENT_UNAVAILABLE', txHash: null, txState: 'NONE' });
    const everythingShown = JSON.stringify(record) + f.events(w.id).map((x) => JSON.stringify(x)).join('');
    expect(everythingShown).not.toMatch(/ECONNRESET|ECONNREFUSED|socket|JsonRpc|fetch failed|127\.0\.0\.1|stack/i);

    expect((await f.retry(admin, w.id)).status).toBe(202);
    await f.waitStatus(w.id, 'COMPLETED', { mine: true });
    expect(await f.balanceOf(f.token('USDT').address, w.body.address as string)).toBe(2_500_000n);
    expectError(await f.retry(admin, w.id), 409, 'HEADLESS_RETRY_NOT_ALLOWED');
  });

  it('When the token is withdrawn from support before signing, Then a retry ends in FAILED(retryable false) ASSET_UNSUPPORTED, the reservation released, and no retry, cancel or execute changes it', async () => {
    const solo = await f.deployToken('SOLO', 6, 50_000_000n);
    await gas.drain();
    let w!: Awaited<ReturnType<typeof executed>>;
    try {
      w = await executed(op.apiKey, { amount: '5.00', tokenAddress: solo });
      await f.waitStatus(w.id, 'WAITING_FOR_GAS');
    } finally {
      await gas.restore();
    }
    await ctx.db.token.update({ where: { chainId_address: { chainId: 31337, address: solo } }, data: { active: false } });
    expect((await f.retry(admin, w.id)).status).toBe(202);
    const failed = await eventually(async () => {
      const row = await f.row(w.id);
      return row.status === 'FAILED' && row.retryable === false ? row : null;
    }, 30_000, 'terminal failure');
    expect(failed.reasonCode).toBe('ASSET_UNSUPPORTED');
    expect(failed.reservation!.status).toBe('RELEASED');
    const [e] = await f.waitEvents(w.id, 1, 'WITHDRAW_FAILED');
    expect(e).toMatchObject({ retryable: 'false', reasonCode: 'ASSET_UNSUPPORTED' });
    expectError(await f.retry(admin, w.id), 409, 'HEADLESS_RETRY_NOT_ALLOWED');
    expectError(await f.cancel(op.apiKey, w.sessionRef), 409, 'HEADLESS_CANCEL_NOT_ALLOWED');
    expectError(await f.execute(op.apiKey, w.sessionRef), 409, 'HEADLESS_INTENT_NOT_EXECUTABLE');
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(0);
  });

  it('When an admin retries what is not WAITING_FOR_GAS or FAILED(retryable), Then 409 HEADLESS_RETRY_NOT_ALLOWED; an unknown id is 404', async () => {
    const created = await f.intent(op.apiKey);
    expectError(await f.retry(admin, created.id), 409, 'HEADLESS_RETRY_NOT_ALLOWED');
    expectError(await f.retry(admin, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectError(await f.retry(admin, 'not-a-uuid'), 404, 'NOT_FOUND');
  });
});

describe('operator accounting (spec 6.6)', () => {
  it('When completes, retryable and terminal failures and cancels mix and every event is delivered twice, Then each user’s reserve and debit add up', async () => {
    const acc = await f.operator();
    const ledger = new OperatorLedger();
    receiver.answer((n) => (n === 1 ? FAIL : ACK)); // every event redelivered: the ledger must dedupe
    const run = async (user: string, amount: string, extra: Record<string, unknown> = {}) => {
      const i = await f.intent(acc.apiKey, { externalUserId: user, amount, ...extra });
      const r = await f.execute(acc.apiKey, i.sessionRef);
      expect(r.status).toBe(202);
      ledger.reserve(user, i.id, amount);
      return i;
    };

    const a1 = await run('alice', '3.00');
    const a2 = await run('alice', '4.00');
    await f.waitStatus(a1.id, 'COMPLETED', { mine: true });
    await f.waitStatus(a2.id, 'COMPLETED', { mine: true });

    await gas.drain();
    type Intent = Awaited<ReturnType<typeof run>>;
    let b1!: Intent, b2!: Intent, c1!: Intent, d1!: Intent, d2!: Intent;
    try {
      b1 = await run('bob', '5.00');
      b2 = await run('bob', '6.00');
      c1 = await run('carol', '7.00', { tokenAddress: f.token('USDC').address });
      d2 = await run('dave', '8.00');
      d1 = await f.intent(acc.apiKey, { externalUserId: 'dave', amount: '9.00' });
      // The row moves before the workflow has taken the activity's answer: a retry in between is 409 IN_PROGRESS.
      for (const w of [b1, b2, c1, d2]) await f.waitStatus(w.id, 'WAITING_FOR_GAS').then(() => f.waitIdle(w.sessionRef, 'WAITING_FOR_GAS'));
      expect((await f.cancel(acc.apiKey, d1.sessionRef)).status).toBe(200);
      expect((await f.cancel(acc.apiKey, d2.sessionRef)).status).toBe(200);

      await rpc(false);
      try {
        for (const w of [b1, b2, c1]) expect((await f.retry(admin, w.id)).status).toBe(202);
        for (const w of [b1, b2, c1]) await f.waitStatus(w.id, 'FAILED').then(() => f.waitIdle(w.sessionRef, 'FAILED'));
      } finally {
        await rpc(true);
      }
      // Retryable failures keep their reservation, and the caps still count it.
      for (const w of [b1, b2, c1]) expect((await f.row(w.id)).reservation!.status).toBe('ACTIVE');

      await ctx.db.token.update({ where: { chainId_address: { chainId: 31337, address: f.token('USDC').address } }, data: { active: false } });
      try {
        expect((await f.retry(admin, c1.id)).status).toBe(202);
        await eventually(async () => (await f.row(c1.id)).retryable === false, 30_000, 'carol failed for good');
      } finally {
        await ctx.db.token.update({ where: { chainId_address: { chainId: 31337, address: f.token('USDC').address } }, data: { active: true } });
      }
      expect((await f.cancel(acc.apiKey, b2.sessionRef)).status).toBe(200);
    } finally {
      await gas.restore();
    }
    expect((await f.retry(admin, b1.id)).status).toBe(202);
    await f.waitStatus(b1.id, 'COMPLETED', { mine: true });

    const all = [a1, a2, b1, b2, c1, d1, d2];
    await eventually(async () => (await ctx.db.webhookEvent.count({ where: { operatorId: acc.id, status: { not: 'DELIVERED' } } })) === 0, 60_000, 'all delivered');
    const deliveries = receiver.received.map(form).filter((e) => all.some((w) => w.id === e.withdrawRequestId));
    for (const e of deliveries) ledger.apply(e);

    const kinds = (id: string) => [...new Map(f.events(id).map((e) => [e.eventId ?? `complete-${id}`, `${e.event}${e.retryable ? `:${e.retryable}` : ''}`])).values()];
    expect(kinds(a1.id)).toEqual(['WITHDRAW_COMPLETE']);
    expect(kinds(b1.id)).toEqual(['WITHDRAW_FAILED:true', 'WITHDRAW_COMPLETE']);
    expect(kinds(b2.id)).toEqual(['WITHDRAW_FAILED:true', 'WITHDRAW_CANCELLED']);
    expect(kinds(c1.id)).toEqual(['WITHDRAW_FAILED:true', 'WITHDRAW_FAILED:false']);
    expect(kinds(d1.id)).toEqual(['WITHDRAW_CANCELLED']);
    expect(kinds(d2.id)).toEqual(['WITHDRAW_CANCELLED']);
    expect(deliveries.length).toBeGreaterThanOrEqual(2 * 10); // each of the 10 events at least twice

    expect({ alice: ledger.debitOf('alice'), bob: ledger.debitOf('bob'), carol: ledger.debitOf('carol'), dave: ledger.debitOf('dave') }).toEqual({ alice: '7.00', bob: '5.00', carol: '0.00', dave: '0.00' });
    for (const user of ['alice', 'bob', 'carol', 'dave']) expect(ledger.reserveOf(user)).toBe('0.00');

    // The gateway agrees: what it completed, paid and still holds.
    for (const w of all) {
      const row = await f.row(w.id);
      const paid = await f.balanceOf(row.tokenAddress, row.address);
      expect(paid).toBe(row.status === 'COMPLETED' ? BigInt(row.cryptoAmountRaw!.toFixed(0)) : 0n);
      const held = row.status === 'COMPLETED' ? 'CONSUMED' : w === d1 ? 'NONE' : 'RELEASED'; // d1 was cancelled before execute
      expect(row.reservation?.status ?? 'NONE').toBe(held);
    }
  });
});
