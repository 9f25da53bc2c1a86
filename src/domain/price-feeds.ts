import Decimal from 'decimal.js';
import { priceFromFeed } from './pricing';

/**
 * When a Chainlink-style feed round may be used (CONTRACT §9 "Price freshness"). Pure: adapters/price-feeds reads the
 * rounds. Unknown is null or false here, never a guess: the caller fails closed on it (invariant 6).
 */

/** The two clocks a round's age is measured against, in unix seconds: the host's wall clock and the chain's latest block. */
export interface Clocks {
  wallSeconds: number;
  chainSeconds: number;
}

/** What the registry says about one feed. */
export interface FeedLimits {
  /** The feed's published heartbeat; null: not known, PRICE_MAX_AGE_SECONDS applies. */
  heartbeatSeconds: number | null;
  /** Bounds of a usable answer, in the feed's units (USD); null: none. */
  minAnswer: Decimal | null;
  maxAnswer: Decimal | null;
}

export interface FreshnessSettings {
  /** PRICE_HEARTBEAT_MARGIN_SECONDS: a heartbeat round reaches the chain some seconds after it is due. */
  marginSeconds: number;
  /** PRICE_MAX_AGE_SECONDS: the limit of a feed without a heartbeat. */
  maxAgeSeconds: number;
}

export interface FeedRound {
  answer: bigint;
  decimals: number;
  updatedAt: bigint;
}

/** A feed round stamped this far ahead of the later clock is still accepted: node and host clocks drift a little. */
const FUTURE_TOLERANCE_SECONDS = 60n;

/** The oldest a round of this feed may be: its heartbeat plus the margin, or the global limit when it has none. */
export function maxRoundAge(heartbeatSeconds: number | null, settings: FreshnessSettings): number {
  return heartbeatSeconds === null ? settings.maxAgeSeconds : heartbeatSeconds + settings.marginSeconds;
}

/**
 * Whether a round stamped `updatedAtSeconds` is young enough by both clocks: its age is taken from the later one, so a
 * node whose latest block lags (or a host clock behind the chain) cannot make an old round look fresh. Never for 0 (a
 * round that was never completed) or a round stamped more than 60 s ahead of the later clock.
 */
export function isFresh(updatedAtSeconds: bigint, clocks: Clocks, maxAgeSeconds: number): boolean {
  if (!Number.isInteger(maxAgeSeconds) || maxAgeSeconds < 0) throw new Error(`max age must be whole seconds, got ${maxAgeSeconds}`);
  if (updatedAtSeconds <= 0n) return false;
  const now = BigInt(Math.floor(Math.max(clocks.wallSeconds, clocks.chainSeconds)));
  if (updatedAtSeconds > now + FUTURE_TOLERANCE_SECONDS) return false;
  return now - updatedAtSeconds <= BigInt(maxAgeSeconds);
}

/** The round's answer as a price when it is fresh, positive and inside the feed's bounds (inclusive); else null. */
export function usablePrice(round: FeedRound, limits: FeedLimits, clocks: Clocks, settings: FreshnessSettings): Decimal | null {
  if (!isFresh(round.updatedAt, clocks, maxRoundAge(limits.heartbeatSeconds, settings))) return null;
  const price = priceFromFeed(round.answer, round.decimals);
  if (!price) return null;
  if (limits.minAnswer && price.lt(limits.minAnswer)) return null;
  if (limits.maxAnswer && price.gt(limits.maxAnswer)) return null;
  return price;
}

/**
 * Chainlink's L2 sequencer-uptime feed: answer 0 is up and 1 down, startedAt when that status began. Prices on the
 * chain are usable only while it is up and has been for longer than the grace period by both clocks (the earlier one
 * decides), so positions can catch up after an outage before its prices are trusted. startedAt 0 is a feed not yet
 * initialised: not up.
 */
export function sequencerUp(round: { answer: bigint; startedAt: bigint }, clocks: Clocks, graceSeconds: number): boolean {
  if (round.answer !== 0n || round.startedAt <= 0n) return false;
  const now = BigInt(Math.floor(Math.min(clocks.wallSeconds, clocks.chainSeconds)));
  return now - round.startedAt > BigInt(graceSeconds);
}

/** A fiat feed answers USD per unit of the currency (EUR/USD 1.08); the gateway needs units per USD. */
export function unitsPerUsd(usdPerUnit: Decimal): Decimal {
  if (!usdPerUnit.isFinite() || usdPerUnit.lte(0)) throw new Error(`fiat feed answer must be positive, got ${usdPerUnit.toString()}`);
  return new Decimal(1).div(usdPerUnit);
}
