import Decimal from 'decimal.js';
import { getAddress, isAddress } from 'ethers';
import { unitsPerUsd } from '../domain/price-feeds';
import type { ChainProviders } from './chains';
import type { Db } from './db';
import { FeedReader, limitsFrom, type FeedSettings, type RegisteredFeed } from './price-feeds';
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

/**
 * Reads the asset's Chainlink-style USD feed registered in Postgres (Token.priceFeed of an active token, or
 * Chain.nativePriceFeed) with its heartbeat, bounds and the chain's sequencer feed (adapters/price-feeds). A database
 * error is thrown, not turned into null: it says nothing about the price, and the caller's retry policy handles it.
 */
export class OnChainPriceProvider implements PriceProvider {
  constructor(private readonly deps: { db: Db; feeds: FeedReader }) {}

  async usdPrice(asset: AssetRef): Promise<PriceQuote | null> {
    const feed = await this.registered(asset);
    if (!feed) return null;
    const read = await this.deps.feeds.read(feed);
    return read && { usd: read.value, source: `aggregator:${feed.address}`, updatedAt: read.updatedAt };
  }

  private async registered({ chainId, tokenAddress }: AssetRef): Promise<RegisteredFeed | null> {
    if (tokenAddress === null) return registeredFeed(this.deps.db, NATIVE_FEED, [chainId]);
    // EVM addresses are stored EIP-55, so lower-casing first accepts any letter case; TRON's base58 ones match exactly.
    const lower = tokenAddress.toLowerCase();
    return registeredFeed(this.deps.db, TOKEN_FEED, [chainId, isAddress(lower) ? getAddress(lower) : tokenAddress]);
  }
}

type FeedRow = { chainId: number; feed: string | null; heartbeat: number | null; minAnswer: string | null; maxAnswer: string | null; sequencer: string | null };

/** Prepared statements: every execute prices its payout. */
const TOKEN_FEED: Statement = {
  name: 'token-price-feed-limits',
  text: `SELECT t."chainId", t."priceFeed" AS feed, t."feedHeartbeat" AS heartbeat, t."feedMinAnswer"::text AS "minAnswer", t."feedMaxAnswer"::text AS "maxAnswer", c."sequencerUptimeFeed" AS sequencer
    FROM "Token" t JOIN "Chain" c ON c."chainId" = t."chainId" WHERE t."chainId" = $1 AND t.address = $2 AND t.active`,
};
const NATIVE_FEED: Statement = {
  name: 'native-price-feed-limits',
  text: `SELECT "chainId", "nativePriceFeed" AS feed, "nativeFeedHeartbeat" AS heartbeat, "nativeFeedMinAnswer"::text AS "minAnswer", "nativeFeedMaxAnswer"::text AS "maxAnswer", "sequencerUptimeFeed" AS sequencer
    FROM "Chain" WHERE "chainId" = $1`,
};
const FIAT_FEED: Statement = {
  name: 'fiat-feed-limits',
  text: `SELECT f."chainId", f.feed, f.heartbeat, f."minAnswer"::text AS "minAnswer", f."maxAnswer"::text AS "maxAnswer", c."sequencerUptimeFeed" AS sequencer
    FROM "FiatFeed" f JOIN "Chain" c ON c."chainId" = f."chainId" WHERE f.currency = $1`,
};

async function registeredFeed(db: Db, statement: Statement, params: unknown[]): Promise<RegisteredFeed | null> {
  const [row] = await sqlRows<FeedRow>(db, statement, params);
  if (!row?.feed) return null;
  return { chainId: row.chainId, address: row.feed, sequencer: row.sequencer, ...limitsFrom(row) };
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

/** Rates from configuration (FX_RATES, parsed by parseFxRates): dev and tests only (env.ts refuses them in production). */
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

/**
 * Rates from the fiat feeds registered in Postgres (`fiat add`, docs/chains.md "Fiat rates"), judged like price feeds.
 * A currency with a registered feed is priced from that feed alone: a stale or bad round is unknown, never the fixed
 * rate. Only a currency without one falls back to `fallback` (FX_RATES, empty in production).
 */
export class OnChainFxProvider implements FxProvider {
  constructor(private readonly deps: { db: Db; feeds: FeedReader; fallback: FxProvider }) {}

  async usdTo(code: string): Promise<Decimal | null> {
    if (code === 'USD') return new Decimal(1);
    const feed = await registeredFeed(this.deps.db, FIAT_FEED, [code]);
    if (!feed) return this.deps.fallback.usdTo(code);
    const read = await this.deps.feeds.read(feed);
    return read && unitsPerUsd(read.value);
  }
}

/** The configured providers: on-chain price and fiat feeds judged by CONTRACT §9, FX_RATES for currencies without a feed. */
export function pricingFrom(
  config: { PRICE_MAX_AGE_SECONDS: number; PRICE_HEARTBEAT_MARGIN_SECONDS: number; PRICE_SEQUENCER_GRACE_SECONDS: number; FX_RATES: Record<string, Decimal> },
  db: Db,
  chains: ChainProviders,
) {
  const feeds = new FeedReader({ chains, settings: feedSettings(config) });
  return {
    prices: new OnChainPriceProvider({ db, feeds }) as PriceProvider,
    fx: new OnChainFxProvider({ db, feeds, fallback: new FixedFxProvider(config.FX_RATES) }) as FxProvider,
  };
}

export function feedSettings(config: { PRICE_MAX_AGE_SECONDS: number; PRICE_HEARTBEAT_MARGIN_SECONDS: number; PRICE_SEQUENCER_GRACE_SECONDS: number }): FeedSettings {
  return { maxAgeSeconds: config.PRICE_MAX_AGE_SECONDS, marginSeconds: config.PRICE_HEARTBEAT_MARGIN_SECONDS, sequencerGraceSeconds: config.PRICE_SEQUENCER_GRACE_SECONDS };
}
