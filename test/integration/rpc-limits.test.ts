import { Writable } from 'node:stream';
import { fund, mine } from '../../dev/devchain/dev-commands';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { runCliProcess } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { headlessFixtures, type HeadlessFixtures } from '../support/headless-fixtures';
import { startLimitedRpc } from '../support/limited-rpc';
import { testServices } from '../support/services';
import { mineUntil } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';

jest.setTimeout(240_000);

const TOKEN = 'PROVIDER-KEY-7d2e91';
const MAX_LOG_BLOCKS = 3;

let rpc: Awaited<ReturnType<typeof startLimitedRpc>>;
let ctx: TestContext;
let receiver: WebhookReceiver;
let f: HeadlessFixtures;
let logged = '';

beforeAll(async () => {
  const services = testServices();
  rpc = await startLimitedRpc({ target: services.chainRpcUrl, maxLogBlocks: MAX_LOG_BLOCKS, throttleEvery: 7, token: TOKEN });
  const logStream = new Writable({ write: (chunk: Buffer, _enc, done) => ((logged += chunk.toString()), done()) });
  // The service sees the chain only through the provider-like proxy; the scanner starts when the test says.
  ctx = await createTestContext({
    logStream,
    env: { CHAIN_RPC_URLS: `${services.registry.chainId}=${rpc.url}`, PRICE_RETRY_SECONDS: '1', WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1' },
  });
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  f = headlessFixtures(ctx, receiver);
});

afterAll(async () => {
  await ctx?.startWorker();
  await f?.settleInFlight();
  f?.provider.destroy();
  await receiver?.stop();
  await ctx?.close();
  await rpc?.close();
});

describe('a provider that limits log ranges and throttles', () => {
  it('When the scanner meets a refused eth_getLogs range and 429s, Then it still credits the deposit behind them', async () => {
    const op = await f.operator();
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'limited-depositor');
    const { txHash } = await fund({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '6.5' });
    // The worker's first step spans more blocks than the provider serves in one call.
    await mine({ nodeUrl: f.nodeUrl, blocks: MAX_LOG_BLOCKS * 3 });
    const before = { ...rpc.seen };

    await ctx.startWorker();
    const deposit = await mineUntil(() => f.mineBlocks(), () => ctx.db.deposit.findFirst({ where: { txHash, status: 'CREDITED' } }), 120_000, 'deposit credited behind the proxy');
    expect(deposit.grossAmount.toString()).toBe('6500000');
    expect(rpc.seen.rangeRefusals).toBeGreaterThan(before.rangeRefusals);
    expect(rpc.seen.throttled).toBeGreaterThan(before.throttled);
  });

  it('When reconcile reads the bankroll history through the same provider, Then it is exact: every log found, no difference', async () => {
    const op = await f.operator();
    // The opening is pinned by the first run; the movements after it span many blocks.
    expect((await runCliProcess(['reconcile', '--chain', '31337'], ctx.env)).json).toMatchObject({ ok: true });
    const { id, sessionRef } = await f.intent(op.apiKey, { amount: '2.75' });
    expect((await f.execute(op.apiKey, sessionRef)).status).toBe(202);
    await f.waitStatus(id, 'COMPLETED', { mine: true });
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'reconciled-depositor');
    const { txHash } = await fund({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '3.5' });
    await mineUntil(() => f.mineBlocks(), () => ctx.db.deposit.findFirst({ where: { txHash, status: 'CREDITED' } }), 120_000, 'deposit credited');
    await f.settleInFlight();
    await mine({ nodeUrl: f.nodeUrl, blocks: MAX_LOG_BLOCKS * 3 });
    const refusalsBefore = rpc.seen.rangeRefusals;

    const r = await runCliProcess(['reconcile', '--chain', '31337'], ctx.env);
    expect(r.json).toMatchObject({ ok: true, differences: [] });
    expect(r.json.chains[0].payoutsChecked).toBeGreaterThanOrEqual(1);
    expect(r.json.chains[0].depositEventsChecked).toBeGreaterThanOrEqual(1);
    for (const a of r.json.chains[0].assets) expect(a.difference).toBe('0');
    expect(r.code).toBe(0);
    // The provider's limit was met on the way.
    expect(rpc.seen.rangeRefusals).toBeGreaterThan(refusalsBefore);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('When all that happened, Then no log line carries the provider URL', () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(TOKEN);
  });
});
