import Decimal from 'decimal.js';
import { NATIVE_ASSET } from './treasury-sends';

/** What the bankroll keeps after a ceiling send: 80 % of the ceiling (CONTRACT §9 "Hot-wallet ceiling"). */
export const HOT_WALLET_KEEP = new Decimal('0.8');

/** One asset of the bankroll on the chain, as a ceiling check reads it (raw units). */
export interface HeldAsset {
  /** The token contract, or `native`. */
  asset: string;
  symbol: string;
  decimals: number;
  /** The bankroll's balance on chain. */
  balance: bigint;
  /** Every ACTIVE reservation of the asset: payouts in flight and treasury sends not yet confirmed. */
  reserved: bigint;
  /** What never moves besides the reservations: the native coin's gas allowance (nativeGasKeep), 0 for a token. */
  keep: bigint;
  /** Treasury sends of the asset not yet confirmed (REQUESTED or SIGNED): already leaving, so not counted as held. */
  leaving: bigint;
  /** USD per whole unit from a fresh price read; null when the price is unknown (the asset is neither valued nor moved). */
  usd: Decimal | null;
}

export interface CeilingSend {
  asset: string;
  symbol: string;
  decimals: number;
  raw: bigint;
}

export interface CeilingPlan {
  /** The value of the priced assets the bankroll keeps (balance less what is already leaving), in USD. */
  valueUsd: Decimal;
  sends: CeilingSend[];
  /** Symbols left out for an unknown price: not valued, not moved. */
  unpriced: string[];
}

const whole = (raw: bigint, decimals: number) => new Decimal(raw.toString()).div(new Decimal(10).pow(decimals));
const positive = (v: bigint) => (v > 0n ? v : 0n);

/**
/** Transfers the native coin kept back by a ceiling send can still pay for, each at the chain's gas and fee caps. */
export const NATIVE_GAS_KEEP_TRANSFERS = 10n;

/**
 * The native coin a ceiling send never moves: gas for NATIVE_GAS_KEEP_TRANSFERS transfers at the chain's gas ceiling
 * and MAX_FEE_PER_GAS_GWEI, the most any one of them can cost, so payouts and the sends themselves keep their gas.
 */
export const nativeGasKeep = (maxGasPerTransfer: number, maxFeePerGasGwei: number): bigint =>
  NATIVE_GAS_KEEP_TRANSFERS * BigInt(maxGasPerTransfer) * BigInt(maxFeePerGasGwei) * 10n ** 9n;

/**
 * Which sends bring the bankroll's value on a chain back to 80 % of its ceiling, once it is above the ceiling.
 * Only what no reservation holds may move (balance less every ACTIVE reservation, in-flight sends included, and the
 * native coin's gas allowance). The
 * excess is taken from the asset with the largest movable USD value first, the native coin last (it pays every
 * payout's gas); amounts round down, so a plan never moves more than the excess. An unknown price is never guessed.
 */
export function ceilingPlan(assets: HeldAsset[], maxUsd: Decimal): CeilingPlan {
  const priced = assets.filter((a): a is HeldAsset & { usd: Decimal } => a.usd !== null);
  const unpriced = assets.filter((a) => a.usd === null).map((a) => a.symbol);
  const valueUsd = priced.reduce((sum, a) => sum.plus(whole(positive(a.balance - a.leaving), a.decimals).mul(a.usd)), new Decimal(0));
  if (valueUsd.lte(maxUsd)) return { valueUsd, sends: [], unpriced };
  let excess = valueUsd.minus(maxUsd.mul(HOT_WALLET_KEEP));
  const movable = priced
    .map((a) => ({ a, raw: positive(a.balance - a.reserved - a.keep) }))
    .map((m) => ({ ...m, usd: whole(m.raw, m.a.decimals).mul(m.a.usd) }))
    .sort((x, y) => Number(x.a.asset === NATIVE_ASSET) - Number(y.a.asset === NATIVE_ASSET) || y.usd.comparedTo(x.usd));
  const sends: CeilingSend[] = [];
  for (const m of movable) {
    if (excess.lte(0)) break;
    const units = Decimal.min(excess, m.usd).div(m.a.usd);
    const raw = BigInt(units.mul(new Decimal(10).pow(m.a.decimals)).toFixed(0, Decimal.ROUND_DOWN));
    const capped = raw > m.raw ? m.raw : raw;
    if (capped === 0n) continue;
    sends.push({ asset: m.a.asset, symbol: m.a.symbol, decimals: m.a.decimals, raw: capped });
    excess = excess.minus(whole(capped, m.a.decimals).mul(m.a.usd));
  }
  return { valueUsd, sends, unpriced };
}
