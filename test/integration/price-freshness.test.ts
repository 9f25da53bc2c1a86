import { ContractFactory } from 'ethers';
import { compileContracts } from '../../dev/devchain/contracts';
import { DEPLOYER_ACCOUNT, withProvider } from '../../dev/devchain/chain';
import type { DevChainRegistry } from '../../dev/devchain/deploy';
import { fund, mine, setPrice } from '../../dev/devchain/dev-commands';
import { FEED_DECIMALS } from '../../dev/devchain/spec';
import { parseAmount } from '../../dev/devchain/units';
import { upsertChain } from '../../src/provisioning/chain-registry';
import { createOperator } from '../../src/provisioning/operators';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { eventually } from '../support/wait';
import { WebhookReceiver, type Received } from '../support/webhook-receiver';

/**
 * Deposits priced by feeds as Chainlink publishes them (CONTRACT §9): a stablecoin feed that writes a round once a day,
 * and an operator's fiat priced from an on-chain EUR/USD feed rather than FX_RATES. The file deploys its own USDC and
 * EUR/USD feeds on the dev chain and points its database at them: other files move the shared feeds at any moment.
 */

const HOUR = 3600;
let ctx: TestContext;
let receiver: WebhookReceiver;
let registry: DevChainRegistry;
let nodeUrl: string;
let eurFeed: DevChainRegistry;
let usdOperator: { id: string };
let eurOperator: { id: string };
let userSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ worker: true, env: { PRICE_RETRY_SECONDS: '1', WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1' } });
  nodeUrl = ctx.services.chainNodeUrl;
  const shared = ctx.services.registry;
  const usdcFeed = await deployFeed('1');
  registry = { ...shared, tokens: shared.tokens.map((t) => (t.symbol === 'USDC' ? { ...t, priceFeed: usdcFeed } : t)) };
  await upsertChain(ctx.db, registry, { isDev: true });
  // setPrice moves a registry's feeds by symbol: the EUR/USD feed is moved as this registry's "EUR" token.
  eurFeed = { ...registry, tokens: [{ ...registry.tokens[0]!, symbol: 'EUR', priceFeed: await deployFeed('1.25') }] };
  receiver = await new WebhookReceiver().start();
  usdOperator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Dollar Games', webhookUrl: receiver.url });
  eurOperator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Euro Games', webhookUrl: receiver.url, platformFiatDefault: 'EUR' });
});
afterAll(async () => {
  await receiver.stop();
  await ctx.close();
});

async function deployFeed(usd: string): Promise<string> {
  const { MockV3Aggregator } = compileContracts();
  return withProvider(nodeUrl, async (provider) => {
    const factory = new ContractFactory(MockV3Aggregator.abi, MockV3Aggregator.bytecode, await provider.getSigner(DEPLOYER_ACCOUNT));
    const feed = await factory.deploy(FEED_DECIMALS, parseAmount(usd, FEED_DECIMALS));
    await feed.waitForDeployment();
    return feed.getAddress();
  });
}

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));
const depositsFor = (user: string) => receiver.received.map(form).filter((f) => f.event === 'DEPOSIT' && f.externalUserId === user);

/** A USDC deposit of `amount` by a new user of the operator, mined to its confirmations; answers its transaction. */
async function deposit(operatorId: string, amount: string): Promise<{ user: string; txHash: string }> {
  userSeq += 1;
  const user = `fresh-${userSeq}`;
  const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, operatorId, user);
  const { txHash } = await fund({ nodeUrl, registry, address, token: 'USDC', amount });
  await mine({ nodeUrl, blocks: 3 });
  return { user, txHash };
}

const credited = (user: string) => eventually(async () => depositsFor(user)[0] ?? null, 60_000, `DEPOSIT for ${user}`);

/**
 * The deposit confirmed and waiting in `status`, with no DEPOSIT sent: SWEEPING without a token price (its sweep cannot
 * be weighed against its gas), PRICING without a fiat rate.
 */
async function expectWaiting(user: string, txHash: string, status: 'SWEEPING' | 'PRICING'): Promise<void> {
  await eventually(async () => (await ctx.db.deposit.findFirst({ where: { txHash, status } })) ?? null, 60_000, `deposit waiting in ${status}`);
  // Several price retries (PRICE_RETRY_SECONDS=1) pass without a credit.
  await new Promise((r) => setTimeout(r, 3000));
  expect((await ctx.db.deposit.findFirstOrThrow({ where: { txHash } })).status).toBe(status);
  expect(depositsFor(user)).toHaveLength(0);
}

describe('stablecoin feed with a daily heartbeat', () => {
  it('When the USDC feed (heartbeat 86,400 s) last wrote a round 5 hours ago, Then a deposit is credited at that price', async () => {
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '0.9998', ageSeconds: 5 * HOUR });
    const { user } = await deposit(usdOperator.id, '10');
    expect(await credited(user)).toMatchObject({ grossAmount: '10000000', amountInDollar: '9.998000' });
  });

  it('When its round is 25 hours old, Then the deposit waits, and is credited once a fresh round is written', async () => {
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1', ageSeconds: 25 * HOUR });
    const { user, txHash } = await deposit(usdOperator.id, '7');
    try {
      await expectWaiting(user, txHash, 'SWEEPING');
    } finally {
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    }
    expect(await credited(user)).toMatchObject({ grossAmount: '7000000', amountInDollar: '7.000000' });
  });
});

describe('fiat from an on-chain feed', () => {
  it('When EUR has a fiat feed (EUR/USD 1.25), Then an EUR operator\'s deposit is priced from it, not from FX_RATES', async () => {
    const added = await runCli(['fiat', 'add', '--currency', 'EUR', '--chain', String(registry.chainId), '--feed', eurFeed.tokens[0]!.priceFeed, '--heartbeat', '86400'], ctx.env);
    expect(added.code).toBe(0);
    expect(added.json).toEqual({ currency: 'EUR', chainId: registry.chainId, feed: eurFeed.tokens[0]!.priceFeed, heartbeat: 86_400, minAnswer: null, maxAnswer: null });
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    const { user } = await deposit(eurOperator.id, '10');
    // 1 USD = 1 / 1.25 = 0.8 EUR (FX_RATES says 0.92).
    expect(await credited(user)).toMatchObject({ localCurrencyCode: 'EUR', currentRate: '0.8', amountInDollar: '10.000000', amountInLocalCurrency: '8.000000' });
  });

  it('When the EUR/USD round is older than its heartbeat, Then the EUR deposit waits: the fixed rate is never used instead', async () => {
    await setPrice({ nodeUrl, registry: eurFeed, symbol: 'EUR', usd: '1.25', ageSeconds: 25 * HOUR });
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    const { user, txHash } = await deposit(eurOperator.id, '4');
    try {
      await expectWaiting(user, txHash, 'PRICING');
    } finally {
      await setPrice({ nodeUrl, registry: eurFeed, symbol: 'EUR', usd: '1.25' });
    }
    expect(await credited(user)).toMatchObject({ currentRate: '0.8', amountInLocalCurrency: '3.200000' });
  });
});

describe('fiat commands', () => {
  it.each([
    [['fiat', 'add', '--currency', 'USD', '--chain', '31337', '--feed', '0x5FbDB2315678afecb367f032d93F642f64180aa3'], /USD is always 1/],
    [['fiat', 'add', '--currency', 'eur', '--chain', '31337', '--feed', '0x5FbDB2315678afecb367f032d93F642f64180aa3'], /3-letter upper-case code/],
    [['fiat', 'add', '--currency', 'GBP', '--chain', '999', '--feed', '0x5FbDB2315678afecb367f032d93F642f64180aa3'], /chain 999 is not registered/],
    [['fiat', 'add', '--currency', 'GBP', '--chain', '31337', '--feed', '0xabc'], /feed: expected an EVM address/],
    [['fiat', 'add', '--currency', 'GBP', '--chain', '31337', '--feed', '0x5FbDB2315678afecb367f032d93F642f64180aa3', '--min-answer', '2', '--max-answer', '1'], /minimum answer/],
    [['fiat', 'add', '--currency', 'GBP', '--preset', 'ethereum'], /chain 1 is not registered/],
    [['fiat', 'add', '--currency', 'GBP'], /--chain and --feed/],
    [['fiat', 'update', '--currency', 'GBP', '--heartbeat', '60'], /GBP has no fiat feed/],
  ])('When the call is wrong (%j), Then exit 2 with a JSON error and nothing written', async (args, message) => {
    const r = await runCli(args, ctx.env);
    expect(r.code).toBe(2);
    expect(r.json.error).toMatch(message);
    expect(await ctx.db.fiatFeed.count({ where: { currency: { not: 'EUR' } } })).toBe(0);
  });

  it('When a fiat feed is listed, updated and removed, Then each answer shows the registry as it stands', async () => {
    const feed = await deployFeed('1.27');
    expect((await runCli(['fiat', 'add', '--currency', 'GBP', '--chain', String(registry.chainId), '--feed', feed.toLowerCase()], ctx.env)).json).toMatchObject({ currency: 'GBP', feed, heartbeat: null });
    const updated = await runCli(['fiat', 'update', '--currency', 'GBP', '--heartbeat', '86400', '--min-answer', '1', '--max-answer', '2'], ctx.env);
    expect(updated.json).toEqual({ currency: 'GBP', chainId: registry.chainId, feed, heartbeat: 86_400, minAnswer: '1', maxAnswer: '2' });
    expect((await runCli(['fiat', 'list'], ctx.env)).json.fiatFeeds.map((f: { currency: string }) => f.currency)).toContain('GBP');
    expect((await runCli(['fiat', 'remove', '--currency', 'GBP'], ctx.env)).json).toEqual({ currency: 'GBP', removed: true });
    expect(await ctx.db.fiatFeed.count({ where: { currency: 'GBP' } })).toBe(0);
  });

  it('When Ethereum is registered, Then fiat add --preset ethereum takes Chainlink\'s GBP/USD feed with its heartbeat', async () => {
    expect((await runCli(['chain', 'add', '--preset', 'ethereum', '--inactive'], ctx.env)).code).toBe(0);
    const added = await runCli(['fiat', 'add', '--currency', 'GBP', '--preset', 'ethereum'], ctx.env);
    expect(added.json).toEqual({ currency: 'GBP', chainId: 1, feed: '0x5c0Ab2d9b5a7ed9f470386e82BB36A3613cDd4b5', heartbeat: 86_400, minAnswer: null, maxAnswer: null });
    expect((await runCli(['fiat', 'add', '--currency', 'SEK', '--preset', 'ethereum'], ctx.env)).json.error).toMatch(/no SEK\/USD feed/);
    await runCli(['fiat', 'remove', '--currency', 'GBP'], ctx.env);
  });
});
