import { createOperator } from '../../src/provisioning/operators';
import { cancelSessionWithWithdrawal } from '../../src/store/sessions';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;

beforeAll(async () => {
  ctx = await createTestContext({ worker: true, env: { HELD_APPROVAL_RETRY_SECONDS: '1' } });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
});
afterAll(async () => {
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});

describe('a cancelled session keeps no payable withdrawal', () => {
  it('When the session of a held APPROVE is cancelled with the worker stopped, Then after the worker returns and the cap is raised nothing is paid', async () => {
    const capped = await createOperator(ctx.db, ctx.config.SECRETS_KEY, {
      name: 'Capped', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true, withdrawApprovalMaxAmount: '10',
    });
    const w = await f.submitted(capped.apiKey, '25.00');
    const held = await f.decide(capped.apiKey, w.id, 'APPROVE');
    expect(held.body.data).toMatchObject({ withdrawStatus: 'AWAITING_APPROVAL', held: true, heldReason: 'CAP_EXCEEDED' });

    await ctx.stopWorker();
    // The answer does not wait for the workflow: the withdrawal is cancelled with the session, in one transaction.
    const cancel = await http(ctx.apiUrl, 'POST', `/session/${w.sid}/cancel`, { token: capped.apiKey });
    expect(cancel.status).toBe(200);
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('CANCELLED');
    await ctx.startWorker();
    await ctx.db.operator.update({ where: { id: capped.id }, data: { withdrawApprovalMaxAmount: '100' } });

    // The held approval would now fit: the workflow ends CANCELLED instead, with nothing signed or reserved.
    const ended = await ctx.temporal.client.workflow.getHandle(`withdrawal-${w.id}`).result();
    expect(ended).toBe('CANCELLED');
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(0);
    expect(await ctx.db.reservation.count({ where: { withdrawalId: w.id, status: 'ACTIVE' } })).toBe(0);
    expect(await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).toMatchObject({ status: 'CANCELLED', settlementTxHash: null });
    expect((await ctx.db.session.findUniqueOrThrow({ where: { id: w.sid } })).status).toBe('CANCELLED');
    // An activity task on its way to the worker as it stopped is retried after its one-minute startToCloseTimeout.
  }, 240_000);

  it('When a waiting request is cancelled with its session and its workflow is never told, Then at its TTL the workflow ends CANCELLED (it no longer retries the expiry forever)', async () => {
    const short = await createTestContext({ worker: true, env: { WITHDRAW_REQUEST_TTL_SECONDS: '3' } });
    try {
      const op = await createOperator(short.db, short.config.SECRETS_KEY, { name: 'Told nothing', webhookUrl: receiver.url, approvalMode: 'EXTERNAL' });
      const w = await withdrawFixtures(short).submitted(op.apiKey, '5.00');
      // The API's transaction alone, as when its message to the workflow was lost.
      expect(await cancelSessionWithWithdrawal(short.db, w.sid, new Date())).toHaveLength(1);
      const result = short.temporal.client.workflow.getHandle(`withdrawal-${w.id}`).result();
      const limit = new Promise((resolve) => setTimeout(() => resolve('still running after 60 s'), 60_000).unref());
      expect(await Promise.race([result, limit])).toBe('CANCELLED');
      expect(await short.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).toMatchObject({ status: 'CANCELLED', heldReason: null });
    } finally {
      await short.close();
    }
  }, 240_000);
});
