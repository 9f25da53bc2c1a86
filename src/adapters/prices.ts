import Decimal from 'decimal.js';
import { Contract, getAddress, Interface, isAddress, type JsonRpcProvider } from 'ethers';
import { sharedInFlight } from '../chain/in-flight';
import { isFresh, priceFromFeed } from '../domain/pricing';
import type { ChainProviders } from './chains';
import { tronFeedRound } from './tron-feeds';
import type { TronNode } from './tron-node';

type Round = { decimals: bigint; answer: bigint; updatedAt: bigint; nowSeconds: number };
import type { Db } from './db';
import { sqlRows, type Statement } from '../store/sql';

/**
 * USD prices of assets and USD→fiat rates (DESIGN "Chain and prices"). A provider answers null when it does not
 * know a usable value (no feed, RPC error or timeout, stale round, non-positive answer): unknown means unavailable,
 * never a guess, and callers fail closed on it (invariant 6).
 */

export interface AssetRef {
  chainId: number;
  /** The ERC-20 contract, any letter case; null for the chain's native asset. */
  tokenAddress: string | null;
}

export interface PriceQuote {
  usd: Decimal;
  /** Where the price came from, for audit: `aggregator:<feed address>` or `fixed`. */
  source: string;
  updatedAt: Date;
}

export interface PriceProvider {
  /** Null when the price is unknown; never throws for that. */
  usdPrice(asset: AssetRef): Promise<PriceQuote | null>;
}

/** The two read calls of Chainlink's AggregatorV3Interface used here (the dev feeds implement the same). */
const AGGREGATOR = new Interface([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** A price read should not hold up a deposit or an execute for long: past this the price is unknown. */
const DEFAULT_FEED_TIMEOUT_MS = 3000;

/**
 * Reads the asset's Chainlink-style USD feed registered in Postgres (Token.priceFeed of an active token, or
 * Chain.nativePriceFeed). A database error is thrown, not turned into null: it says nothing about the price, and
 * the caller's retry policy handles it.
 */
export class OnChainPriceProvider implements PriceProvider {
  /** Injected in tests; otherwise freshness is judged against the chain's own clock (its latest block). */
  private readonly now?: () => Date;
  private readonly timeoutMs: number;

  constructor(
    private readonly deps: { db: Db; chains: ChainProviders; maxAgeSeconds: number; timeoutMs?: number; now?: () => Date },
  ) {
    this.now = deps.now;
    this.timeoutMs = deps.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS;
  }

  async usdPrice(asset: AssetRef): Promise<PriceQuote | null> {
    const provider = this.deps.chains.get(asset.chainId);
    const tron = this.deps.chains.tron(asset.chainId);
    if (!provider && !tron) return null;
    const feedAddress = tron ? await this.tronFeedAddress(asset) : await this.feedAddress(asset);
    if (!feedAddress) return null;

    const round = tron ? await this.tronRound(tron, feedAddress) : await this.evmRound(asset.chainId, provider!, feedAddress);
    if (!round) return null;
    if (!isFresh(round.updatedAt, round.nowSeconds, this.deps.maxAgeSeconds)) return null;
    const usd = priceFromFeed(round.answer, Number(round.decimals));
    if (!usd) return null;
    // Fresh, so updatedAt is close to now and fits a Number.
    return { usd, source: `aggregator:${feedAddress}`, updatedAt: new Date(Number(round.updatedAt) * 1000) };
  }

  /** The feed's latest round on an EVM chain; null when unreachable, timed out, or no aggregator at that address. Shared by concurrent callers (in-flight.ts). */
  private readonly evmRound = sharedInFlight(
    (chainId: number, _provider: JsonRpcProvider, feedAddress: string) => `${chainId}:${feedAddress}`,
    (_chainId: number, provider: JsonRpcProvider, feedAddress: string) => this.readEvmRound(provider, feedAddress),
  );

  private async readEvmRound(provider: JsonRpcProvider, feedAddress: string): Promise<Round | null> {
    try {
      const feed = new Contract(feedAddress, AGGREGATOR, provider);
      const [decimals, latest, head] = await withTimeout(
        Promise.all([
          feed.getFunction('decimals')() as Promise<bigint>,
          feed.getFunction('latestRoundData')() as Promise<{ answer: bigint; updatedAt: bigint }>,
          provider.getBlock('latest'),
        ]),
        this.timeoutMs,
      );
      // The feed's updatedAt is chain time, so age is measured on the chain's clock, as a contract consumer would.
      const nowSeconds = this.now ? this.now().getTime() / 1000 : (head?.timestamp ?? Date.now() / 1000);
      return { decimals, answer: latest.answer, updatedAt: latest.updatedAt, nowSeconds };
    } catch {
      return null;
    }
  }

  private async tronRound(node: TronNode, feedAddress: string): Promise<Round | null> {
    try {
      const round = await withTimeout(tronFeedRound(node, feedAddress), this.timeoutMs);
      return this.now ? { ...round, nowSeconds: this.now().getTime() / 1000 } : round;
    } catch {
      return null;
    }
  }

  /** TRON registry addresses are base58, matched exactly. */
  private async tronFeedAddress({ chainId, tokenAddress }: AssetRef): Promise<string | null> {
    return registeredFeed(this.deps.db, chainId, tokenAddress);
  }

  private async feedAddress({ chainId, tokenAddress }: AssetRef): Promise<string | null> {
    if (tokenAddress === null) return registeredFeed(this.deps.db, chainId, null);
    // The registry stores EIP-55 addresses; lower-casing first accepts any letter case.
    const lower = tokenAddress.toLowerCase();
    return isAddress(lower) ? registeredFeed(this.deps.db, chainId, getAddress(lower)) : null;
  }
}

const TOKEN_FEED: Statement = { name: 'token-price-feed', text: `SELECT "priceFeed" AS feed FROM "Token" WHERE "chainId" = $1 AND address = $2 AND active` };
const NATIVE_FEED: Statement = { name: 'native-price-feed', text: `SELECT "nativePriceFeed" AS feed FROM "Chain" WHERE "chainId" = $1` };

/** The feed registered for an active token (its address as the registry stores it) or for the chain's native asset (null). A prepared statement: every execute prices its payout. */
async function registeredFeed(db: Db, chainId: number, registryAddress: string | null): Promise<string | null> {
  const [row] = registryAddress === null ? await sqlRows<{ feed: string | null }>(db, NATIVE_FEED, [chainId]) : await sqlRows<{ feed: string | null }>(db, TOKEN_FEED, [chainId, registryAddress]);
  return row?.feed ?? null;
}

/** The key of an asset in a FixedPriceProvider's map: `<chainId>:<lower-case address>` or `<chainId>:native`. */
export function assetKey({ chainId, tokenAddress }: AssetRef): string {
  return `${chainId}:${tokenAddress?.toLowerCase() ?? 'native'}`;
}

/** Configured prices (tests, or a chain without feeds). An asset not in the map is unknown. */
export class FixedPriceProvider implements PriceProvider {
  private readonly prices: Map<string, Decimal>;

  /** `prices` is keyed like assetKey (address case does not matter); every price must be positive. */
  constructor(prices: Record<string, Decimal>, private readonly now: () => Date = () => new Date()) {
    this.prices = new Map(
      Object.entries(prices).map(([key, usd]) => {
        if (!usd.isFinite() || usd.lte(0)) throw new Error(`fixed price of ${key} must be positive, got ${usd.toString()}`);
        return [key.toLowerCase(), usd];
      }),
    );
  }

  async usdPrice(asset: AssetRef): Promise<PriceQuote | null> {
    const usd = this.prices.get(assetKey(asset));
    // A configured rate holds whenever it is asked for.
    return usd ? { usd, source: 'fixed', updatedAt: this.now() } : null;
  }
}

export interface FxProvider {
  /** Units of `code` per 1 USD: 1 for USD, null when unknown. */
  usdTo(code: string): Promise<Decimal | null>;
}

/** Rates from configuration (FX_RATES, parsed by parseFxRates). */
export class FixedFxProvider implements FxProvider {
  // A Map, so a code like "constructor" cannot reach Object.prototype.
  private readonly rates: Map<string, Decimal>;

  constructor(rates: Record<string, Decimal>) {
    this.rates = new Map(Object.entries(rates));
  }

  async usdTo(code: string): Promise<Decimal | null> {
    if (code === 'USD') return new Decimal(1);
    return this.rates.get(code) ?? null;
  }
}

/** Rejects after `ms`; the losing call's later settlement is ignored (Promise.race keeps listening to it). */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The configured providers: on-chain feeds with the staleness limit, fixed FX rates. */
export function pricingFrom(config: { PRICE_MAX_AGE_SECONDS: number; FX_RATES: Record<string, Decimal> }, db: Db, chains: ChainProviders) {
  return {
    prices: new OnChainPriceProvider({ db, chains, maxAgeSeconds: config.PRICE_MAX_AGE_SECONDS }) as PriceProvider,
    fx: new FixedFxProvider(config.FX_RATES) as FxProvider,
  };
}
