import { CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createChainScanActivities, type ScanResult } from '../../src/activities/chain-scan';
import { createWebhookRelayActivities, type DeliveryStart } from '../../src/activities/webhooks';
import { recordWebhookEvent } from '../../src/store/outbox';
import { fund } from '../../dev/devchain/dev-commands';
import { createOperator } from '../../src/provisioning/operators';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { createTestContext, type TestContext } from '../support/harness';

// No worker: the steps and rounds below are the only ones that read the chain and the outbox, so what each returns is theirs alone.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WATCH_MS = 4_000;
const scanner = () =>
  createChainScanActivities({
    db: ctx.db, chains: ctx.chains, logger: ctx.logger, bankrollAddress: ctx.config.BANKROLL_ADDRESS,
    depositTimings: { pollMs: ctx.config.CHAIN_POLL_MS, priceRetrySeconds: ctx.config.PRICE_RETRY_SECONDS },
    idleWaitMs: WATCH_MS,
  });

/** Steps until the cursor is past the head: the next step then finds no new block. */
async function catchUp(env: MockActivityEnvironment, scan: ReturnType<typeof scanner>): Promise<void> {
  const { chainId } = ctx.services.registry;
  const head = await ctx.chains.require(chainId).getBlockNumber();
  while ((await ctx.db.chainCursor.findUniqueOrThrow({ where: { chainId } })).nextBlock <= head) {
    const step = (await env.run(scan.scanChain, chainId, 50)) as ScanResult;
    if (step.pending) await env.run(scan.commitScanCursor, chainId, step.pending.cursor);
  }
}

describe('a scanner step on an idle chain', () => {
  it('When a block comes while the step watches the head, Then the same step reads it and returns its deposit', async () => {
    const { chainId } = ctx.services.registry;
    const env = new MockActivityEnvironment();
    const scan = scanner();
    await catchUp(env, scan);
    const operator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Watch Games', webhookUrl: 'http://127.0.0.1:9/hook' });
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, operator.id, 'watched-player');

    const step = env.run(scan.scanChain, chainId, 50) as Promise<ScanResult>;
    // Well inside the watch, so only a step that waits for the head can see this block.
    await new Promise((r) => setTimeout(r, 1_000));
    const { txHash } = await fund({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '7' });
    const result = await step;

    expect(result.found).toBeGreaterThanOrEqual(1);
    expect(result.toBlock).toBeGreaterThanOrEqual(result.fromBlock);
    expect(result.pending?.deposits.map((d) => d.run.externalUserId)).toEqual(['watched-player']);
    expect(await ctx.db.deposit.count({ where: { txHash } })).toBe(1);
    await env.run(scan.commitScanCursor, chainId, result.pending!.cursor);
  });

  it('When no block comes, Then the step heartbeats through its watch and returns with no block read once the watch is over', async () => {
    const { chainId } = ctx.services.registry;
    const env = new MockActivityEnvironment();
    const beats: unknown[] = [];
    env.on('heartbeat', (d: unknown) => beats.push(d));
    const scan = scanner();
    await catchUp(env, scan);
    const { nextBlock } = await ctx.db.chainCursor.findUniqueOrThrow({ where: { chainId } });

    const started = Date.now();
    const result = (await env.run(scan.scanChain, chainId, 50)) as ScanResult;

    // It polled the head until less than one poll of the watch was left.
    expect(Date.now() - started).toBeGreaterThanOrEqual(WATCH_MS - ctx.config.CHAIN_POLL_MS);
    expect(result).toEqual({ fromBlock: nextBlock, toBlock: nextBlock - 1, found: 0, behind: false });
    expect(beats.length).toBeGreaterThanOrEqual(2);
  });

  it('When the worker shuts down during the watch (the activity is cancelled), Then the step ends at once with the cancellation', async () => {
    const { chainId } = ctx.services.registry;
    const env = new MockActivityEnvironment();
    const scan = scanner();
    await catchUp(env, scan);
    const step = env.run(scan.scanChain, chainId, 50);
    setTimeout(() => env.cancel(), 300);
    const started = Date.now();
    await expect(step).rejects.toBeInstanceOf(CancelledFailure);
    expect(Date.now() - started).toBeLessThan(WATCH_MS);
  });
});

describe('a relay round on an empty outbox', () => {
  it('When an event is committed while the round watches, Then the same round returns it; with nothing committed it returns empty once the watch is over', async () => {
    const env = new MockActivityEnvironment();
    const relay = createWebhookRelayActivities({
      db: ctx.db, logger: ctx.logger,
      deliveries: { taskQueue: 'unused', retryDelaysSeconds: [1], timeoutMs: 1000 },
      watch: { everyMs: 500, forMs: WATCH_MS },
    });
    const started = Date.now();
    expect(await env.run(relay.pendingWebhookDeliveries)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WATCH_MS - 500);

    const operator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Relay Games', webhookUrl: 'http://127.0.0.1:9/hook' });
    const round = env.run(relay.pendingWebhookDeliveries) as Promise<DeliveryStart[]>;
    await new Promise((r) => setTimeout(r, 500));
    // Committed with no start, as after a crash between the commit and the dispatch.
    const event = await ctx.db.$transaction((tx) => recordWebhookEvent(tx, ctx.config.SECRETS_KEY, { operatorId: operator.id, event: 'DEPOSIT', body: 'event=DEPOSIT' }));
    expect((await round).map((p) => p.eventId)).toEqual([event.id]);
  });
});
