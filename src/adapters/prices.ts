import Decimal from 'decimal.js';
import type { FeedSettings } from './price-feeds';

/**
 * USD prices of assets and USD→fiat rates (DESIGN "Chain and prices"). A provider answers null when it does not
 * know a usable value (no feed, RPC error or timeout, stale round, non-positive answer): unknown means unavailable,
 * never a guess, and callers fail closed on it (invariant 6). The interfaces and the configured providers are here;
 * the on-chain ones, which read the feed registry (src/store/price-feeds.ts), are in src/chain/prices.ts.
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

export function feedSettings(config: { PRICE_MAX_AGE_SECONDS: number; PRICE_HEARTBEAT_MARGIN_SECONDS: number; PRICE_SEQUENCER_GRACE_SECONDS: number }): FeedSettings {
  return { maxAgeSeconds: config.PRICE_MAX_AGE_SECONDS, marginSeconds: config.PRICE_HEARTBEAT_MARGIN_SECONDS, sequencerGraceSeconds: config.PRICE_SEQUENCER_GRACE_SECONDS };
}
