import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { createAdmin } from '../../src/provisioning/admins';
import { setProxyRpc } from '../../dev/devchain/rpc-proxy';
import { createOperator } from '../../src/provisioning/operators';
import { withdrawalWorkflowId } from '../../src/domain/keys';
import type { withdrawalWorkflow } from '../../src/workflows/withdrawal';
import { adminTransitionUpdate, decideUpdate } from '../../src/workflows/withdrawal-messages';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { delay } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

/**
 * CONTRACT §9 "Admin audit": a workflow acts on an admin move or an operator decision only when the API recorded it.
 * Each direct call here is what `temporal workflow update execute` sends from anywhere that reaches Temporal, no login.
 */
let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
let sync: { id: string; apiKey: string };
let ext: { id: string; apiKey: string };
let admin: string;

const handle = (id: string, mode: 'A' | 'B') => ctx.temporal.client.workflow.getHandle<typeof withdrawalWorkflow>(withdrawalWorkflowId({ id, mode, sessionRef: '' }));
const row = (id: string) => ctx.db.withdrawal.findUniqueOrThrow({ where: { id } });

/** Nothing was signed, sent or announced for the withdrawal. */
async function expectUnpaid(id: string): Promise<void> {
  expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(0);
  expect(await ctx.db.webhookEvent.count({ where: { event: 'WITHDRAW_COMPLETE', body: { contains: id } } })).toBe(0);
  expect((await row(id)).settlementTxHash).toBeNull();
}

/** The update failed, and the history's update outcome says why. */
async function expectRefused(call: Promise<unknown>, id: string, mode: 'A' | 'B', message: RegExp): Promise<void> {
  const err = await call.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  expect(((err as WorkflowUpdateFailedError).cause as Error).message).toMatch(message);
  const history = await handle(id, mode).fetchHistory();
  const outcomes = (history.events ?? []).map((e) => e.workflowExecutionUpdateCompletedEventAttributes?.outcome?.failure?.message).filter(Boolean);
  expect(outcomes).toContainEqual(expect.stringMatching(message));
}

beforeAll(async () => {
  ctx = await createTestContext({ worker: true, env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000' } });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  sync = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Sync', webhookUrl: receiver.url });
  ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'External', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
  await createAdmin(ctx.db, 'ops@example.com', 'admin-password', 'ADMIN');
  admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'ops@example.com', password: 'admin-password' } })).body.token;
});
afterAll(async () => {
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});

describe('Admin moves and decisions sent to Temporal directly', () => {
  it('When a Mode A move reaches the workflow without a recorded command, Then it is refused in the history, the request stays PENDING and nothing is paid', async () => {
    const w = await f.submitted(sync.apiKey, '25.00');
    expect(w.withdrawStatus).toBe('PENDING');
    const h = handle(w.id, 'A');
    await expectRefused(h.executeUpdate(adminTransitionUpdate, { args: [{ to: 'PROCESSING', by: 'anyone' }] }), w.id, 'A', /no recorded command \(none given\) for this withdrawal: commands are accepted only through the API/);
    await expectRefused(h.executeUpdate(adminTransitionUpdate, { args: [{ to: 'PROCESSING', by: 'anyone', commandId: randomUUID() }] }), w.id, 'A', /no recorded command [0-9a-f-]{36} for this withdrawal/);
    expect((await row(w.id)).status).toBe('PENDING');
    expect((await row(w.id)).adminNoteBy).toBeNull();
    await expectUnpaid(w.id);
  });

  it('When a recorded move is sent again, or named for another move or withdrawal, Then the same answer or a refusal, and nothing moves twice', async () => {
    const w = await f.submitted(sync.apiKey, '25.00');
    const other = await f.submitted(sync.apiKey, '25.00');
    const moved = await f.adminMove(admin, w.id, 'PROCESSING', 'checked KYC');
    expect(moved.body).toMatchObject({ status: 'PROCESSING', adminNote: 'checked KYC', adminNoteBy: 'ops@example.com' });
    const cmd = await ctx.db.withdrawalCommand.findFirstOrThrow({ where: { withdrawalId: w.id } });
    expect(cmd).toMatchObject({ kind: 'ADMIN_MOVE', action: 'PROCESSING', adminEmail: 'ops@example.com', note: 'checked KYC', consumedAt: expect.any(Date) });
    const audit = await ctx.db.adminAudit.findFirstOrThrow({ where: { targetId: w.id } });
    expect(audit).toMatchObject({ action: 'WITHDRAWAL_STATUS', adminId: cmd.adminId, note: 'PROCESSING: checked KYC' });

    const h = handle(w.id, 'A');
    const again = await h.executeUpdate(adminTransitionUpdate, { args: [{ to: 'PROCESSING', commandId: cmd.id }] });
    expect(again).toMatchObject({ withdrawStatus: 'PROCESSING', settlementTxHash: null });
    await expectRefused(h.executeUpdate(adminTransitionUpdate, { args: [{ to: 'COMPLETED', by: 'anyone', commandId: cmd.id }] }), w.id, 'A', new RegExp(`command ${cmd.id} was already used`));
    await expectRefused(handle(other.id, 'A').executeUpdate(adminTransitionUpdate, { args: [{ to: 'PROCESSING', commandId: cmd.id }] }), other.id, 'A', new RegExp(`no recorded command ${cmd.id}`));
    expect((await row(w.id)).status).toBe('PROCESSING');
    expect((await row(other.id)).status).toBe('PENDING');
    await expectUnpaid(w.id);
    expect(await ctx.db.adminAudit.count({ where: { targetId: { in: [w.id, other.id] } } })).toBe(1);
  });

  it('When a move is refused by the workflow, Then neither its audit row nor its unconsumed command stays', async () => {
    const w = await f.submitted(sync.apiKey, '25.00');
    const jump = await f.adminMove(admin, w.id, 'COMPLETED');
    expect([jump.status, jump.body.errorCode]).toEqual([409, 'INVALID_TRANSITION']);
    expect(await ctx.db.withdrawalCommand.count({ where: { withdrawalId: w.id } })).toBe(0);
    expect(await ctx.db.adminAudit.count({ where: { targetId: w.id } })).toBe(0);
  });

  it('When a Mode B APPROVE reaches the workflow without a recorded command, Then it is refused in the history and the request stays AWAITING_APPROVAL, unpaid', async () => {
    const w = await f.submitted(ext.apiKey, '12.34');
    expect(w.withdrawStatus).toBe('AWAITING_APPROVAL');
    const h = handle(w.id, 'B');
    await expectRefused(h.executeUpdate(decideUpdate, { args: [{ decision: 'APPROVE' }] }), w.id, 'B', /no recorded command \(none given\) for this withdrawal/);
    await expectRefused(h.executeUpdate(decideUpdate, { args: [{ decision: 'APPROVE', commandId: 'not-a-uuid' }] }), w.id, 'B', /no recorded command not-a-uuid/);
    expect((await row(w.id)).status).toBe('AWAITING_APPROVAL');
    await expectUnpaid(w.id);

    const rejected = await f.decide(ext.apiKey, w.id, 'REJECT', 'user asked');
    expect(rejected.body.data).toMatchObject({ withdrawStatus: 'REJECTED' });
    const cmd = await ctx.db.withdrawalCommand.findFirstOrThrow({ where: { withdrawalId: w.id } });
    expect(cmd).toMatchObject({ kind: 'DECISION', action: 'REJECT', operatorId: ext.id, adminId: null, note: 'user asked', consumedAt: expect.any(Date) });
    expect(await row(w.id)).toMatchObject({ status: 'REJECTED', adminNote: 'user asked', adminNoteBy: 'operator' });
    await expectUnpaid(w.id);
  });

  it('When an APPROVE was held TEMPORARILY_UNAVAILABLE, Then the operator sending it again once the chain reads settles it at once, as a recorded command of its own, not at the workflow\'s retry (300 s here)', async () => {
    // Spec 4.8 calls the hold "safe to retry"; restart-check relies on it on a host too busy to read a balance in time.
    const w = await f.submitted(ext.apiKey, '12.34');
    await setProxyRpc(ctx.services.chainRpcUrl, false);
    try {
      const held = await f.decide(ext.apiKey, w.id, 'APPROVE');
      expect(held.body.data).toMatchObject({ withdrawStatus: 'AWAITING_APPROVAL', held: true, heldReason: 'TEMPORARILY_UNAVAILABLE' });
    } finally {
      await setProxyRpc(ctx.services.chainRpcUrl, true);
    }
    await expectUnpaid(w.id);
    const again = await f.decide(ext.apiKey, w.id, 'APPROVE');
    expect(again.body.data).toMatchObject({ withdrawStatus: 'COMPLETED', held: false, heldReason: null, settlementTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const commands = await ctx.db.withdrawalCommand.findMany({ where: { withdrawalId: w.id } });
    expect(commands).toHaveLength(2);
    expect(commands.every((c) => c.kind === 'DECISION' && c.action === 'APPROVE' && c.consumedAt !== null)).toBe(true);
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(1);
  });

  it('When the worker loses a claim mid-attempt (killed), Then the admin move is retried within seconds, not after the minute other activities wait', async () => {
    // The first attempt of each claim hangs as one on a killed worker would (it never answers in time).
    const hung = new Set<string>();
    await ctx.stopWorker();
    await ctx.startWorker((acts) => ({
      ...acts,
      async claimWithdrawalCommand(ref) {
        if (!hung.has(ref.commandId)) {
          hung.add(ref.commandId);
          await delay(20_000);
        }
        return acts.claimWithdrawalCommand(ref);
      },
    }));
    try {
      const w = await f.submitted(sync.apiKey, '25.00');
      const started = Date.now();
      const moved = await f.adminMove(admin, w.id, 'PROCESSING');
      expect(moved.body).toMatchObject({ status: 'PROCESSING' });
      expect(hung.size).toBe(1);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await ctx.stopWorker();
      await ctx.startWorker();
    }
  });
});
