import Decimal from 'decimal.js';
import { getAddress, isAddress } from 'ethers';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import { sharedInFlight } from '../adapters/in-flight';
import { FeedReader, type RegisteredFeed } from '../adapters/price-feeds';
import { FixedFxProvider, feedSettings, type AssetRef, type FxProvider, type PriceProvider, type PriceQuote } from '../adapters/prices';
import { unitsPerUsd } from '../domain/price-feeds';
import { fiatFeed, nativePriceFeed, tokenPriceFeed } from '../store/price-feeds';

/**
 * Reads the asset's Chainlink-style USD feed registered in Postgres (Token.priceFeed of an active token, or
 * Chain.nativePriceFeed) with its heartbeat, bounds and the chain's sequencer feed (adapters/price-feeds). A database
 * error is thrown, not turned into null: it says nothing about the price, and the caller's retry policy handles it.
 */
export class OnChainPriceProvider implements PriceProvider {
  /** One registry read in flight per asset: a burst of executes of one token reads its feed's row once, not once each. */
  private readonly registeredNow = sharedInFlight(({ chainId, tokenAddress }: AssetRef) => `${chainId}:${tokenAddress ?? ''}`, (asset: AssetRef) => this.registered(asset));

  constructor(private readonly deps: { db: Db; feeds: FeedReader }) {}

  async usdPrice(asset: AssetRef): Promise<PriceQuote | null> {
    const feed = await this.registeredNow(asset);
    if (!feed) return null;
    const read = await this.deps.feeds.read(feed);
    return read && { usd: read.value, source: `aggregator:${feed.address}`, updatedAt: read.updatedAt };
  }

  private async registered({ chainId, tokenAddress }: AssetRef): Promise<RegisteredFeed | null> {
    if (tokenAddress === null) return nativePriceFeed(this.deps.db, chainId);
    // EVM addresses are stored EIP-55, so lower-casing first accepts any letter case; TRON's base58 ones match exactly.
    const lower = tokenAddress.toLowerCase();
    return tokenPriceFeed(this.deps.db, chainId, isAddress(lower) ? getAddress(lower) : tokenAddress);
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
    const feed = await fiatFeed(this.deps.db, code);
    if (!feed) return this.deps.fallback.usdTo(code);
    const read = await this.deps.feeds.read(feed);
    return read && unitsPerUsd(read.value);
  }
}

/** The configured providers: on-chain price and fiat feeds judged by CONTRACT §9, FX_RATES for currencies without a feed. */
export function pricingFrom(
  config: { PRICE_MAX_AGE_SECONDS: number; PRICE_HEARTBEAT_MARGIN_SECONDS: number; PRICE_SEQUENCER_GRACE_SECONDS: number; PRICE_READ_TIMEOUT_MS: number; FX_RATES: Record<string, Decimal> },
  db: Db,
  chains: ChainProviders,
) {
  const feeds = new FeedReader({ chains, settings: feedSettings(config), timeoutMs: config.PRICE_READ_TIMEOUT_MS });
  return {
    prices: new OnChainPriceProvider({ db, feeds }) as PriceProvider,
    fx: new OnChainFxProvider({ db, feeds, fallback: new FixedFxProvider(config.FX_RATES) }) as FxProvider,
  };
}

