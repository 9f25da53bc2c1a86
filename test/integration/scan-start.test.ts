import { chainScannerWorkflowId } from '../../src/domain/keys';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { fund, mine } from '../../dev/devchain/dev-commands';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { eventually } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

let ctx: TestContext;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // No worker yet: the chain is registered and addresses can be handed out, but nothing has scanned.
  ctx = await createTestContext({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1' } });
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver.stop();
  await ctx.close();
});

describe('where the chain scanner starts', () => {
  it('When a deposit is paid after the chain is registered but before any scan step, Then the first worker finds and credits it once', async () => {
    const operator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Early Games', webhookUrl: receiver.url });
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, operator.id, 'early-player');
    const { txHash } = await fund({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '12.5' });
    // Blocks go by before the worker's first step, as they do while a worker starts late.
    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 5 });

    await ctx.startWorker();
    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 3 });
    const deposit = await eventually(
      async () => (await ctx.db.deposit.findFirst({ where: { txHash, status: 'CREDITED' } })) ?? null,
      60_000,
      'the early deposit to be credited',
    );
    expect(deposit.depositAddress).toBe(address);
    await eventually(async () => receiver.received.some((r) => r.body.includes('event=DEPOSIT')) || null, 30_000, 'its DEPOSIT webhook');
    expect(await ctx.db.deposit.count({ where: { txHash } })).toBe(1);
    expect(receiver.received.filter((r) => new URLSearchParams(r.body).get('event') === 'DEPOSIT')).toHaveLength(1);
  });
});

describe('an idle chain', () => {
  it('When no block comes, Then the scanner keeps stepping and leaves its cursor row unwritten', async () => {
    await ctx.startWorker();
    const { chainId } = ctx.services.registry;
    const head = await ctx.chains.require(chainId).getBlockNumber();
    const caughtUp = await eventually(
      async () => {
        const c = await ctx.db.chainCursor.findUniqueOrThrow({ where: { chainId } });
        return c.nextBlock === head + 1 ? c : null;
      },
      60_000,
      'the scanner to reach the head',
    );
    const scanner = ctx.temporal.client.workflow.getHandle(chainScannerWorkflowId(ctx.config.TEMPORAL_TASK_QUEUE, chainId));
    const before = (await scanner.describe()).historyLength;
    // At least one more whole step (its activity, then a CHAIN_POLL_MS timer: about 11 events each) at the same head.
    await eventually(async () => ((await scanner.describe()).historyLength >= before + 20 ? true : null), 60_000, 'more idle scanner steps');
    expect(await ctx.chains.require(chainId).getBlockNumber()).toBe(head);
    const after = await ctx.db.chainCursor.findUniqueOrThrow({ where: { chainId } });
    expect(after.updatedAt).toEqual(caughtUp.updatedAt);
    expect(after.nextBlock).toBe(head + 1);
  });
});
