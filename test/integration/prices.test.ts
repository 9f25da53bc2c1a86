import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { ContractFactory, Wallet } from 'ethers';
import { ChainProviders } from '../../src/adapters/chains';
import { FixedFxProvider, FixedPriceProvider, feedSettings, type AssetRef } from '../../src/adapters/prices';
import { OnChainFxProvider, OnChainPriceProvider } from '../../src/chain/prices';
import { FeedReader } from '../../src/adapters/price-feeds';
import { priceFeed } from '../../dev/devchain/bindings';
import { DEPLOYER_ACCOUNT, withProvider } from '../../dev/devchain/chain';
import { compileContracts } from '../../dev/devchain/contracts';
import type { DevChainRegistry } from '../../dev/devchain/deploy';
import { setPrice } from '../../dev/devchain/dev-commands';
import { startRpcProxy, setProxyRpc } from '../../dev/devchain/rpc-proxy';
import { FEED_DECIMALS } from '../../dev/devchain/spec';
import { parseAmount } from '../../dev/devchain/units';
import { upsertChain } from '../../src/provisioning/chain-registry';
import { createTestContext, type TestContext } from '../support/harness';
import { silentEndpoint } from '../support/silent-endpoint';

/**
 * The on-chain provider against real aggregator contracts on the dev node. This file deploys feeds of its own for
 * USDC and the native asset and points its database's registry at them: other test files share the chain's
 * feeds and may move them at any moment, and these tests make them stale.
 */

let ctx: TestContext;
/** The shared dev registry with this file's USDC and native feeds; setPrice moves the feeds it names. */
let registry: DevChainRegistry;
let nodeUrl: string;
let usdc: AssetRef;
let native: AssetRef;

beforeAll(async () => {
  ctx = await createTestContext({ env: { FX_RATES: 'EUR=0.92,GBP=0.79', PRICE_MAX_AGE_SECONDS: '600' } });
  nodeUrl = ctx.services.chainNodeUrl;
  const shared = ctx.services.registry;
  const [tokenFeed, nativeFeed] = [await deployFeed('1'), await deployFeed('3000')];
  registry = {
    ...shared,
    nativePriceFeed: nativeFeed,
    tokens: shared.tokens.map((t) => (t.symbol === 'USDC' ? { ...t, priceFeed: tokenFeed } : t)),
  };
  await upsertChain(ctx.db, registry, { isDev: true });
  usdc = { chainId: shared.chainId, tokenAddress: registry.tokens.find((t) => t.symbol === 'USDC')!.address };
  native = { chainId: shared.chainId, tokenAddress: null };
});
afterAll(() => ctx.close());

const HOUR = 3600;

async function deployFeed(usd: string, decimals = FEED_DECIMALS): Promise<string> {
  const { MockV3Aggregator } = compileContracts();
  return withProvider(nodeUrl, async (provider) => {
    const factory = new ContractFactory(MockV3Aggregator.abi, MockV3Aggregator.bytecode, await provider.getSigner(DEPLOYER_ACCOUNT));
    const feed = await factory.deploy(decimals, parseAmount(usd, decimals));
    await feed.waitForDeployment();
    return feed.getAddress();
  });
}

/** The provider the services build (pricingFrom), with a chain set, wall clock or timeout of the test's own when given. */
const provider = (opts: { chains?: ChainProviders; now?: () => Date; timeoutMs?: number } = {}) =>
  new OnChainPriceProvider({
    db: ctx.db,
    feeds: new FeedReader({ chains: opts.chains ?? ctx.chains, settings: feedSettings(ctx.config), now: opts.now, timeoutMs: opts.timeoutMs ?? ctx.config.PRICE_READ_TIMEOUT_MS }),
  });

describe('OnChainPriceProvider', () => {
  it('When a token feed moves, Then the provider answers the feed price with its source and round time', async () => {
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1.0001' });
    const quote = await provider().usdPrice(usdc);
    expect(quote?.usd.toString()).toBe('1.0001');
    expect(quote?.source).toBe(`aggregator:${registry.tokens.find((t) => t.symbol === 'USDC')!.priceFeed}`);
    expect(Math.abs(quote!.updatedAt.getTime() - Date.now())).toBeLessThan(120_000);
  });

  it('When the address is given in lower case, Then the same token is found', async () => {
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '0.9998' });
    const quote = await provider().usdPrice({ ...usdc, tokenAddress: usdc.tokenAddress!.toLowerCase() });
    expect(quote?.usd.toString()).toBe('0.9998');
  });

  it('When the native feed moves, Then the native asset is priced from Chain.nativePriceFeed', async () => {
    await setPrice({ nodeUrl, registry, symbol: registry.nativeSymbol, usd: '2999.5' });
    expect((await provider().usdPrice(native))?.usd.toString()).toBe('2999.5');
  });

  it('When the feed is made stale, Then the price is unknown, and a new round makes it known again', async () => {
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    await setPrice({ nodeUrl, registry, symbol: 'USDC', stale: true });
    expect(await provider().usdPrice(usdc)).toBeNull();
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    expect((await provider().usdPrice(usdc))?.usd.toString()).toBe('1');
  });

  it('When the round is older than the feed\'s heartbeat plus the margin by the wall clock, Then the price is unknown', async () => {
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);
    expect((await provider({ now: later(86_400) }).usdPrice(usdc))?.usd.toString()).toBe('1');
    expect(await provider({ now: later(86_400 + ctx.config.PRICE_HEARTBEAT_MARGIN_SECONDS + 60) }).usdPrice(usdc)).toBeNull();
  });

  it('When a USDC feed with a 86,400 s heartbeat has a round 5 hours old, Then it is priced; 25 hours old, Then unknown', async () => {
    try {
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '0.9999', ageSeconds: 5 * HOUR });
      expect((await provider().usdPrice(usdc))?.usd.toString()).toBe('0.9999');
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '0.9999', ageSeconds: 25 * HOUR });
      expect(await provider().usdPrice(usdc)).toBeNull();
    } finally {
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    }
  });

  it('When a feed has no heartbeat registered, Then PRICE_MAX_AGE_SECONDS applies', async () => {
    const where = { chainId_address: { chainId: usdc.chainId, address: usdc.tokenAddress! } };
    await ctx.db.token.update({ where, data: { feedHeartbeat: null } });
    try {
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1', ageSeconds: ctx.config.PRICE_MAX_AGE_SECONDS - 60 });
      expect((await provider().usdPrice(usdc))?.usd.toString()).toBe('1');
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1', ageSeconds: ctx.config.PRICE_MAX_AGE_SECONDS + 60 });
      expect(await provider().usdPrice(usdc)).toBeNull();
    } finally {
      await ctx.db.token.update({ where, data: { feedHeartbeat: 86_400 } });
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    }
  });

  it('When the node\'s latest block is old (a lagging node), Then a round as old as that block is not made fresh by it', async () => {
    // The node answers its head block stamped 25 hours ago, as one that stopped following the chain would.
    const lag = 25 * HOUR;
    const lagging = await startLaggingProxy(nodeUrl, lag);
    const chains = new ChainProviders({ [usdc.chainId]: [lagging.url] });
    try {
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1', ageSeconds: lag + 60 });
      expect(await provider({ chains }).usdPrice(usdc)).toBeNull();
    } finally {
      chains.destroy();
      await lagging.stop();
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    }
  });

  it('When the answer is outside the feed\'s bounds, Then the price is unknown; on a bound it is used', async () => {
    const where = { chainId_address: { chainId: usdc.chainId, address: usdc.tokenAddress! } };
    await ctx.db.token.update({ where, data: { feedMinAnswer: '0.9', feedMaxAnswer: '1.1' } });
    try {
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '0.89' });
      expect(await provider().usdPrice(usdc)).toBeNull();
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1.2' });
      expect(await provider().usdPrice(usdc)).toBeNull();
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1.1' });
      expect((await provider().usdPrice(usdc))?.usd.toString()).toBe('1.1');
    } finally {
      await ctx.db.token.update({ where, data: { feedMinAnswer: null, feedMaxAnswer: null } });
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    }
  });

  it('When the chain\'s sequencer feed reports down, or up for less than the grace period, Then every price on the chain is unknown', async () => {
    const sequencer = await deployFeed('1', 0);
    await ctx.db.chain.update({ where: { chainId: usdc.chainId }, data: { sequencerUptimeFeed: sequencer } });
    const status = async (answer: bigint, upForSeconds: number) =>
      withProvider(nodeUrl, async (p) => {
        const feed = priceFeed(sequencer, await p.getSigner(DEPLOYER_ACCOUNT));
        const since = BigInt(Math.floor(Date.now() / 1000) - upForSeconds);
        await (await feed.updateRoundData((await feed.latestRoundData()).roundId + 1n, answer, since, since)).wait();
      });
    try {
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
      await status(1n, 10 * HOUR);
      expect(await provider().usdPrice(usdc)).toBeNull();
      expect(await provider().usdPrice(native)).toBeNull();
      await status(0n, ctx.config.PRICE_SEQUENCER_GRACE_SECONDS - 600);
      expect(await provider().usdPrice(usdc)).toBeNull();
      await status(0n, ctx.config.PRICE_SEQUENCER_GRACE_SECONDS + 600);
      expect((await provider().usdPrice(usdc))?.usd.toString()).toBe('1');
    } finally {
      await ctx.db.chain.update({ where: { chainId: usdc.chainId }, data: { sequencerUptimeFeed: null } });
    }
  });

  it('When the feed answers 0, Then the price is unknown', async () => {
    const feedAddress = registry.tokens.find((t) => t.symbol === 'USDC')!.priceFeed;
    try {
      await withProvider(nodeUrl, async (p) => {
        await (await priceFeed(feedAddress, await p.getSigner(DEPLOYER_ACCOUNT)).updateAnswer(0n)).wait();
      });
      expect(await provider().usdPrice(usdc)).toBeNull();
    } finally {
      await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    }
  });

  it('When a burst prices one token at once, Then its registry row is read once for all of them; a price asked after that reads it again', async () => {
    const p = provider();
    const reads = jest.spyOn(ctx.db.sql, 'query');
    const registryReads = () => reads.mock.calls.filter(([q]) => (q as { name?: string }).name === 'token-price-feed-limits').length;
    try {
      const quotes = await Promise.all(Array.from({ length: 10 }, () => p.usdPrice(usdc)));
      expect(quotes.every((q) => q !== null)).toBe(true);
      expect(registryReads()).toBe(1);
      const where = { chainId_address: { chainId: usdc.chainId, address: usdc.tokenAddress! } };
      await ctx.db.token.update({ where, data: { active: false } });
      try {
        expect(await p.usdPrice(usdc)).toBeNull();
        expect(registryReads()).toBe(2);
      } finally {
        await ctx.db.token.update({ where, data: { active: true } });
      }
    } finally {
      reads.mockRestore();
    }
  });

  it('When the token is not registered, inactive, or the chain has no RPC, Then the price is unknown', async () => {
    const p = provider();
    expect(await p.usdPrice({ chainId: usdc.chainId, tokenAddress: Wallet.createRandom().address })).toBeNull();
    expect(await p.usdPrice({ chainId: usdc.chainId, tokenAddress: 'not-an-address' })).toBeNull();
    expect(await p.usdPrice({ chainId: 999_999, tokenAddress: null })).toBeNull();
    const where = { chainId_address: { chainId: usdc.chainId, address: usdc.tokenAddress! } };
    await ctx.db.token.update({ where, data: { active: false } });
    try {
      expect(await p.usdPrice(usdc)).toBeNull();
    } finally {
      await ctx.db.token.update({ where, data: { active: true } });
    }
  });

  it('When the RPC is cut, Then the price is unknown and nothing throws', async () => {
    // A proxy of this file's own: cutting the shared one would take the chain away from other test files.
    await setPrice({ nodeUrl, registry, symbol: 'USDC', usd: '1' });
    const proxy = await startRpcProxy({ target: nodeUrl, port: 0 });
    const chains = new ChainProviders({ [usdc.chainId]: [proxy.url] });
    try {
      expect((await provider({ chains }).usdPrice(usdc))?.usd.toString()).toBe('1');
      await setProxyRpc(proxy.url, false);
      await expect(provider({ chains }).usdPrice(usdc)).resolves.toBeNull();
      await expect(provider({ chains }).usdPrice(native)).resolves.toBeNull();
    } finally {
      chains.destroy();
      await proxy.stop();
    }
  });

  it('When the RPC accepts but never answers, Then the price is unknown after the timeout', async () => {
    const hanging = await silentEndpoint();
    const chains = new ChainProviders({ [usdc.chainId]: [hanging.url] });
    try {
      const started = Date.now();
      expect(await provider({ chains, timeoutMs: 300 }).usdPrice(usdc)).toBeNull();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      chains.destroy();
      await hanging.close();
    }
  });
});

/** A JSON-RPC proxy to `target` whose answers for a block (the head included) carry a timestamp `lagSeconds` in the past. */
async function startLaggingProxy(target: string, lagSeconds: number): Promise<{ url: string; stop(): Promise<void> }> {
  const stamp = (r: { result?: { timestamp?: string } | null }) => {
    if (r.result && typeof r.result === 'object' && r.result.timestamp) r.result.timestamp = `0x${(Math.floor(Date.now() / 1000) - lagSeconds).toString(16)}`;
    return r;
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    const body = (await answer.json()) as object;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(Array.isArray(body) ? body.map(stamp) : stamp(body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe('OnChainFxProvider', () => {
  it('When GBP has a fiat feed, Then its rate is 1 / answer within its bounds, unknown outside them; EUR without one falls back to FX_RATES', async () => {
    const gbpFeed = await deployFeed('1.25');
    await ctx.db.fiatFeed.create({ data: { currency: 'GBP', chainId: usdc.chainId, feed: gbpFeed, heartbeat: 86_400, minAnswer: '1', maxAnswer: '2' } });
    const fx = new OnChainFxProvider({ db: ctx.db, feeds: new FeedReader({ chains: ctx.chains, settings: feedSettings(ctx.config), timeoutMs: ctx.config.PRICE_READ_TIMEOUT_MS }), fallback: new FixedFxProvider(ctx.config.FX_RATES) });
    try {
      expect((await fx.usdTo('GBP'))?.toString()).toBe('0.8');
      expect((await fx.usdTo('EUR'))?.toString()).toBe('0.92');
      expect((await fx.usdTo('USD'))?.toString()).toBe('1');
      await withProvider(nodeUrl, async (p) => {
        await (await priceFeed(gbpFeed, await p.getSigner(DEPLOYER_ACCOUNT)).updateAnswer(parseAmount('2.5', FEED_DECIMALS))).wait();
      });
      // Out of bounds: unknown, and never the FX_RATES value (0.79) instead.
      expect(await fx.usdTo('GBP')).toBeNull();
    } finally {
      await ctx.db.fiatFeed.delete({ where: { currency: 'GBP' } });
    }
  });
});

describe('FixedPriceProvider', () => {
  it('When an asset is in the map, Then its price is answered whatever the address case; otherwise null', async () => {
    const p = new FixedPriceProvider({
      [`${usdc.chainId}:${usdc.tokenAddress}`]: new Decimal('1.0001'),
      [`${usdc.chainId}:native`]: new Decimal('3000'),
    });
    expect((await p.usdPrice({ ...usdc, tokenAddress: usdc.tokenAddress!.toLowerCase() }))?.usd.toString()).toBe('1.0001');
    expect(await p.usdPrice(native)).toMatchObject({ usd: new Decimal('3000'), source: 'fixed' });
    expect(await p.usdPrice({ chainId: 1, tokenAddress: null })).toBeNull();
  });

  it('When a configured price is not positive, Then construction fails', () => {
    expect(() => new FixedPriceProvider({ '1:native': new Decimal(0) })).toThrow(/must be positive/);
  });
});

describe('FixedFxProvider', () => {
  it('When built from FX_RATES, Then USD is 1, a listed code its rate, and an unknown code null', async () => {
    const fx = new FixedFxProvider(ctx.config.FX_RATES);
    expect((await fx.usdTo('USD'))?.toString()).toBe('1');
    expect((await fx.usdTo('EUR'))?.toString()).toBe('0.92');
    expect((await fx.usdTo('GBP'))?.toString()).toBe('0.79');
    expect(await fx.usdTo('JPY')).toBeNull();
    expect(await fx.usdTo('constructor')).toBeNull();
  });

  it('When FX_RATES is not set, Then only USD is known', async () => {
    const fx = new FixedFxProvider({});
    expect((await fx.usdTo('USD'))?.toString()).toBe('1');
    expect(await fx.usdTo('EUR')).toBeNull();
  });
});
