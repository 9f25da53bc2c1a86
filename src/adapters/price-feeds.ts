import Decimal from 'decimal.js';
import { Contract, Interface, type JsonRpcProvider } from 'ethers';
import { valueOrNull } from './deadline';
import { sharedInFlight } from './in-flight';
import { sequencerUp, usablePrice, type Clocks, type FeedLimits, type FeedRound, type FreshnessSettings } from '../domain/price-feeds';
import type { ChainProviders } from './chains';
import { tronFeedRound } from './tron-feeds';
import type { TronNode } from './tron-node';

/**
 * Reads one registered Chainlink-style feed and judges its latest round by the feed's own limits (domain/price-feeds):
 * asset prices and fiat rates alike (src/chain/prices.ts). Null when the value is unknown: no RPC,
 * an error or timeout, a stale, non-positive or out-of-bounds answer, or the chain's sequencer down or in its grace.
 */

/** A feed as the registry holds it. */
export interface RegisteredFeed extends FeedLimits {
  chainId: number;
  address: string;
  /** The chain's L2 sequencer-uptime feed, or null. */
  sequencer: string | null;
}

export interface FeedSettings extends FreshnessSettings {
  /** PRICE_SEQUENCER_GRACE_SECONDS. */
  sequencerGraceSeconds: number;
}

type Reading = { round: FeedRound; chainSeconds: number; sequencer: { answer: bigint; startedAt: bigint } | null };

/** The read calls of Chainlink's AggregatorV3Interface used here (the dev feeds implement the same). */
const AGGREGATOR = new Interface([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** How long a feed's decimals are taken as read (decimalsOf). */
const DECIMALS_MAX_AGE_MS = 60 * 60 * 1000;

export class FeedReader {
  private readonly now: () => Date;

  /**
   * `timeoutMs` (PRICE_READ_TIMEOUT_MS): a price read should not hold up a deposit or an execute for long, so past it
   * the price is unknown. `now`: the wall clock, injected in tests.
   */
  constructor(private readonly deps: { chains: ChainProviders; settings: FeedSettings; timeoutMs: number; now?: () => Date }) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The feed's usable answer with its round time, or null when unknown; never throws. */
  async read(feed: RegisteredFeed): Promise<{ value: Decimal; updatedAt: Date } | null> {
    const provider = this.deps.chains.get(feed.chainId);
    const tron = this.deps.chains.tron(feed.chainId);
    const reading = tron ? await this.tronReading(tron, feed.address) : provider ? await this.evmReading(feed.chainId, provider, feed.address, feed.sequencer) : null;
    if (!reading) return null;
    const clocks: Clocks = { wallSeconds: this.now().getTime() / 1000, chainSeconds: reading.chainSeconds };
    if (feed.sequencer !== null && !(reading.sequencer && sequencerUp(reading.sequencer, clocks, this.deps.settings.sequencerGraceSeconds))) return null;
    const value = usablePrice(reading.round, feed, clocks, this.deps.settings);
    // Fresh, so updatedAt is close to now and fits a Number.
    return value ? { value, updatedAt: new Date(Number(reading.round.updatedAt) * 1000) } : null;
  }

  /** The feed's latest round (and the sequencer's) on an EVM chain; null when unreachable or timed out. Shared by concurrent callers (in-flight.ts). */
  private readonly evmReading = sharedInFlight(
    (chainId: number, _provider: JsonRpcProvider, feed: string, sequencer: string | null) => `${chainId}:${feed}:${sequencer}`,
    (chainId: number, provider: JsonRpcProvider, feed: string, sequencer: string | null) => this.readEvm(chainId, provider, feed, sequencer),
  );

  /** Each feed's decimals as last read, with when: a feed's decimals do not change from round to round. */
  private readonly decimalsRead = new Map<string, { decimals: bigint; at: number }>();

  /**
   * The feed's decimals, read again once DECIMALS_MAX_AGE_MS has passed: a provider bills every eth_call, and a price
   * read asked them each time (a third of its calls). The age bounds how long a feed whose proxy moved to an
   * aggregator with other decimals would be scaled wrongly; its answer bounds still apply meanwhile.
   */
  private async decimalsOf(chainId: number, provider: JsonRpcProvider, feedAddress: string): Promise<bigint> {
    const key = `${chainId}:${feedAddress}`;
    const known = this.decimalsRead.get(key);
    if (known && this.now().getTime() - known.at < DECIMALS_MAX_AGE_MS) return known.decimals;
    const decimals = (await new Contract(feedAddress, AGGREGATOR, provider).getFunction('decimals')()) as bigint;
    this.decimalsRead.set(key, { decimals, at: this.now().getTime() });
    return decimals;
  }

  private async readEvm(chainId: number, provider: JsonRpcProvider, feedAddress: string, sequencerAddress: string | null): Promise<Reading | null> {
    const latest = (address: string) => new Contract(address, AGGREGATOR, provider).getFunction('latestRoundData')() as Promise<{ answer: bigint; startedAt: bigint; updatedAt: bigint }>;
    const decimals = this.decimalsOf(chainId, provider, feedAddress);
    const read = await valueOrNull(Promise.all([decimals, latest(feedAddress), provider.getBlock('latest'), sequencerAddress ? latest(sequencerAddress) : null]), this.deps.timeoutMs);
    if (!read) return null;
    const [feedDecimals, round, head, sequencer] = read;
    // The feed's updatedAt is chain time: the chain's head is one clock, the wall clock the other (a lagging node's head is old).
    const chainSeconds = head?.timestamp ?? this.now().getTime() / 1000;
    return {
      round: { answer: round.answer, decimals: Number(feedDecimals), updatedAt: round.updatedAt },
      chainSeconds,
      sequencer: sequencer && { answer: sequencer.answer, startedAt: sequencer.startedAt },
    };
  }

  private async tronReading(node: TronNode, feedAddress: string): Promise<Reading | null> {
    const r = await valueOrNull(tronFeedRound(node, feedAddress), this.deps.timeoutMs);
    return r && { round: { answer: r.answer, decimals: Number(r.decimals), updatedAt: r.updatedAt }, chainSeconds: r.nowSeconds, sequencer: null };
  }
}

/** Bounds as the registry stores them (numeric text or null). */
export function limitsFrom(row: { heartbeat: number | null; minAnswer: string | null; maxAnswer: string | null }): FeedLimits {
  return {
    heartbeatSeconds: row.heartbeat,
    minAnswer: row.minAnswer === null ? null : new Decimal(row.minAnswer),
    maxAnswer: row.maxAnswer === null ? null : new Decimal(row.maxAnswer),
  };
}
