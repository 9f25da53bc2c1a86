/**
 * The chain scanner starts each deposit's workflow as its own child (patch scanner-starts-deposits), and the scan step
 * leaves its cursor until those starts are made: a step whose answer is lost is read again, so no deposit is left
 * without a workflow.
 */
import type { Activities } from '../../src/activities';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { fund, mine } from '../../dev/devchain/dev-commands';
import { chainScannerWorkflowId, depositWorkflowId, dustSweeperWorkflowId, reconcileWorkflowId, treasuryRelayWorkflowId, webhookRelayWorkflowId, withdrawalRelayWorkflowId } from '../../src/domain/keys';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { eventually } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

let ctx: TestContext;
let receiver: WebhookReceiver;
let operatorId: string;
let userSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', PRICE_RETRY_SECONDS: '1' } });
  receiver = await new WebhookReceiver().start();
  operatorId = (await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Child Games', webhookUrl: receiver.url })).id;
});
afterAll(async () => {
  await receiver.stop();
  await ctx.close();
});
afterEach(async () => {
  await ctx.stopWorker();
});

/**
 * Pays a fresh user's deposit address and waits for the deposit's workflow: its description and the deposit. Two
 * minutes, as deposits.test.ts waits: each test starts a new worker, which first replays the scanner's history (9-33 s
 * at a CI run's peak on a two-core host) before its next step; in one CI run the deposit was not recorded within 30 s.
 */
async function paidDeposit() {
  userSeq += 1;
  const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, operatorId, `child-player-${userSeq}`);
  const { txHash } = await fund({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '6' });
  const deposit = await eventually(() => ctx.db.deposit.findFirst({ where: { txHash } }), 120_000, 'deposit recorded');
  const described = await eventually(() => ctx.temporal.client.workflow.getHandle(depositWorkflowId(deposit)).describe().catch(() => null), 120_000, 'deposit workflow');
  return { deposit, described };
}

const scannerId = () => chainScannerWorkflowId(ctx.config.TEMPORAL_TASK_QUEUE, ctx.services.registry.chainId);

describe('deposit workflows as children of the scanner', () => {
  it('When a transfer is found, Then its deposit workflow (id as before) is a child of the scanner run, and it goes on to the credit', async () => {
    await ctx.startWorker();
    const { deposit, described } = await paidDeposit();
    expect(described.workflowId).toBe(`deposit-${deposit.chainId}-${deposit.txHash}-${deposit.logIndex}`);
    expect(described.parentExecution?.workflowId).toBe(scannerId());
    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 3 });
    await eventually(async () => (await ctx.db.deposit.findFirst({ where: { id: deposit.id, status: 'CREDITED' } })) ?? null, 60_000, 'credited');
    // The cursor passed the step only after the start.
    const cursor = await ctx.db.chainCursor.findUniqueOrThrow({ where: { chainId: deposit.chainId } });
    expect(cursor.nextBlock).toBeGreaterThan(Number(deposit.blockNumber));
  });

  it("When the worker starts its loops, Then each has a one-minute workflow task timeout, so a replay of its history under load completes instead of timing out and starting over", async () => {
    await ctx.startWorker();
    const queue = ctx.config.TEMPORAL_TASK_QUEUE;
    const chainId = ctx.services.registry.chainId;
    const loops = [chainScannerWorkflowId(queue, chainId), dustSweeperWorkflowId(queue, chainId), webhookRelayWorkflowId(queue), withdrawalRelayWorkflowId(queue), treasuryRelayWorkflowId(queue), reconcileWorkflowId(queue)];
    for (const id of loops) {
      const { raw } = await ctx.temporal.client.workflow.getHandle(id).describe();
      expect({ id, seconds: Number(raw.executionConfig?.defaultWorkflowTaskTimeout?.seconds) }).toEqual({ id, seconds: 60 });
    }
  });

  it('When the scan step that recorded a deposit loses its answer, Then the step is read again and the deposit workflow still starts', async () => {
    let lost = 0;
    await ctx.startWorker((acts: Activities) => ({
      ...acts,
      async scanChain(chainId: number, maxBlocks: number) {
        const result = await acts.scanChain(chainId, maxBlocks);
        // As if the worker died after the step's writes, before Temporal heard its answer.
        if (result.pending && lost++ === 0) throw new Error('answer lost');
        return result;
      },
    }));
    const { deposit, described } = await paidDeposit();
    expect(lost).toBeGreaterThanOrEqual(2);
    expect(described.parentExecution?.workflowId).toBe(scannerId());
    expect(await ctx.db.deposit.count({ where: { txHash: deposit.txHash } })).toBe(1);
  });
});
