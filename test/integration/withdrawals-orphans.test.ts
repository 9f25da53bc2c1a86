import type { WorkflowClient } from '@temporalio/client';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { eventually } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
let ext: { id: string; apiKey: string; webhookSecret: string };

const row = (id: string) => ctx.db.withdrawal.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  ctx = await createTestContext({ worker: true, env: { WITHDRAW_REQUEST_TTL_SECONDS: '6', OUTBOX_RELAY_SECONDS: '1', WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1' } });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'External', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
});
afterAll(async () => {
  jest.restoreAllMocks();
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});
afterEach(() => jest.restoreAllMocks());

/** The next start of a withdrawal workflow fails, as if Temporal did not answer just after the request committed. */
function failNextWithdrawalStart(): void {
  const workflows: WorkflowClient = ctx.temporal.client.workflow;
  const start = workflows.start.bind(workflows);
  let failed = false;
  jest.spyOn(workflows, 'start').mockImplementation((async (type: string, options: { workflowId: string }) => {
    if (!failed && options.workflowId.startsWith('withdrawal-')) {
      failed = true;
      throw new Error('Temporal did not answer');
    }
    return start(type, options as never);
  }) as never);
}

async function orphan(amount = '5.00') {
  const s = await f.session(ext.apiKey, amount);
  failNextWithdrawalStart();
  const r = await f.submit(s.sid, f.recipient());
  // The request is committed: it is answered, and its workflow is started later.
  expect(r.status).toBe(201);
  return { ...s, id: r.body.data.withdrawRequestId as string };
}

describe('a withdrawal whose workflow start failed after its commit', () => {
  it('When nobody acts on it, Then the relay starts its workflow and it expires at its TTL', async () => {
    const w = await orphan();
    const expired = await eventually(async () => ((await row(w.id)).status === 'EXPIRED' ? row(w.id) : null), 20_000, 'EXPIRED');
    expect(expired).toMatchObject({ held: true, heldReason: 'EXPIRED' });
  });

  it('When the operator decides at once, Then the decision settles it', async () => {
    const w = await orphan('2.00');
    const r = await f.decide(ext.apiKey, w.id, 'APPROVE');
    expect(r.body.data).toMatchObject({ withdrawStatus: 'COMPLETED', held: false });
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(1);
  });

  it('When the user submits again on the session, Then the orphan is superseded and the new request is live', async () => {
    const w = await orphan();
    const again = await f.submit(w.sid, f.recipient());
    expect(again.status).toBe(201);
    expect((await row(w.id)).status).toBe('CANCELLED');
    expect((await row(again.body.data.withdrawRequestId)).status).toBe('AWAITING_APPROVAL');
  });
});
