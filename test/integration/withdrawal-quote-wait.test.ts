import { Contract } from 'ethers';
import { mine, setPrice } from '../../dev/devchain/dev-commands';
import { createOperator } from '../../src/provisioning/operators';
import { ownerSection } from '../../src/store/owner-section';
import { createTestContext, type TestContext } from '../support/harness';
import { delay, eventually, mineUntil } from '../support/wait';
import { ACK, WebhookReceiver, type Received } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

/**
 * A quote that expires while its Mode B approval waits for the owner's section: the time passes for real here (a short
 * WITHDRAW_QUOTE_TTL_SECONDS), since the approval holds the row it read before the wait and a quote set back in the
 * database would not be what it signs from.
 */
const TTL_SECONDS = 15;
let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));
const weth = () => ctx.services.registry.tokens.find((t) => t.symbol === 'WETH')!;
const wethPrice = (usd: string) => setPrice({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, symbol: 'WETH', usd });

/** Backends of the database waiting on a lock inside an owner's section (its first statement locks the owner's row). */
async function sectionWaiters(): Promise<number> {
  const [row] = await ctx.db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM pg_stat_activity
    WHERE wait_event_type = 'Lock' AND query LIKE '%"autoRelease", "headlessEnabled"%' AND pid <> pg_backend_pid()`;
  return Number(row!.n);
}

beforeAll(async () => {
  ctx = await createTestContext({ worker: true, env: { WITHDRAW_QUOTE_TTL_SECONDS: String(TTL_SECONDS), WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000' } });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  await wethPrice('3000');
});
afterAll(async () => {
  await wethPrice('3000');
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});

describe('Mode B: a quote that expires while the approval waits for its owner', () => {
  it('When 300.00 USD quoted at $3,000 waits on the owner\'s section until the quote expired and WETH is at $6,000, Then it is re-priced before signing and pays 0.05 WETH', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Quote Wait', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
    const s = await f.session(op.apiKey, '300.00');
    const to = f.recipient();
    const submitted = await f.submit(s.sid, to, weth().address);
    expect(submitted.status).toBe(201);
    const id = submitted.body.data.withdrawRequestId as string;

    // Another decision of the owner holds its section (a scratch token's liquidity lock, so only the owner's row is
    // contended) while this approval reads its quote, then queues on the section behind it.
    const scope = { ownerId: op.id, now: new Date(), withdrawalIds: [], chainId: ctx.services.registry.chainId, tokenAddress: '0x0000000000000000000000000000000000000001' };
    let decision: ReturnType<typeof f.decide> | undefined;
    await ownerSection(ctx.db, scope, null, async () => {
      decision = f.decide(op.apiKey, id, 'APPROVE');
      await eventually(async () => (await sectionWaiters()) > 0, 60_000, 'the approval waiting on the owner\'s section');
      await wethPrice('6000');
      // Whatever quote the approval read (the submission's, or one made as it began on a slow machine), it expires here.
      const { quotedAt } = await ctx.db.withdrawal.findUniqueOrThrow({ where: { id } });
      await delay(quotedAt!.getTime() + (TTL_SECONDS + 1) * 1000 - Date.now());
      return null;
    });
    expect((await decision!).status).toBe(200);

    const complete = await mineUntil(
      () => mine({ nodeUrl: ctx.services.chainNodeUrl }),
      async () => receiver.received.map(form).find((b) => b.event === 'WITHDRAW_COMPLETE' && b.withdrawRequestId === id),
      60_000,
      'WITHDRAW_COMPLETE',
    );
    expect(complete).toMatchObject({ cryptoAmountSent: '0.05000000', amountInUsd: '300.000000' });
    const paid = (await new Contract(weth().address, ['function balanceOf(address) view returns (uint256)'], f.provider).getFunction('balanceOf')(to)) as bigint;
    expect(paid).toBe(50_000_000_000_000_000n);
    const row = await ctx.db.withdrawal.findUniqueOrThrow({ where: { id }, include: { reservation: true } });
    expect(row.priceRate!.toString()).toBe('6000');
    expect(row.reservation!.rawAmount.toFixed(0)).toBe('50000000000000000');
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(1);
  });
});
