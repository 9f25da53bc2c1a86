import Decimal from 'decimal.js';
import { FIAT_CODE_RE, USD_LEDGER_DECIMALS } from './money';

/**
 * Price and fee arithmetic (DESIGN invariant 1). Pure: the I/O lives in adapters/prices.
 *
 * Conversions are done exactly in bigint and rounded once, at the end, in the direction the caller names:
 * decimal.js would round every intermediate product to its 20 significant digits, which a uint256 raw amount
 * overflows.
 */

export type Rounding = 'down' | 'up';

/** Basis points in one whole. */
const BPS = 10_000n;
const MICROS = 10n ** BigInt(USD_LEDGER_DECIMALS);

/**
 * The deposit fee in raw units: ceil(gross × bps / 10000). The fee is what the service keeps, so a part unit rounds
 * up and the credited net amount (gross − fee) rounds down (invariant 1); it never exceeds the gross.
 * Throws on a negative amount or a rate outside 0..10000 bps.
 */
export function depositFee(grossRaw: bigint, feeBps: number): bigint {
  if (grossRaw < 0n) throw new Error(`gross amount must not be negative, got ${grossRaw}`);
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) {
    throw new Error(`fee must be a whole number of basis points in 0..10000, got ${feeBps}`);
  }
  return divide(grossRaw * BigInt(feeBps), BPS, 'up');
}

/**
 * USD value of `raw` units of a token with `decimals` decimals at `priceUsd`, to the USD ledger's 6 decimals
 * (write it with `toFixed(6)`). The caller picks the direction so that rounding favours the service:
 * 'down' for what a user is credited, 'up' for a fee the service keeps.
 */
export function rawToUsd(raw: bigint, decimals: number, priceUsd: Decimal, rounding: Rounding): Decimal {
  if (raw < 0n) throw new Error(`raw amount must not be negative, got ${raw}`);
  checkDecimals(decimals, 'token decimals');
  if (!priceUsd.isFinite() || priceUsd.lte(0)) throw new Error(`USD price must be positive, got ${priceUsd.toString()}`);
  const price = exact(priceUsd);
  return fromMicros(divide(raw * price.units * MICROS, 10n ** BigInt(decimals + price.scale), rounding));
}

/**
 * A USD amount in the operator's fiat at `usdToLocalRate` (local units per 1 USD), to 6 decimals rounded down:
 * the user is never shown more than the service credits. A rate of 1 (USD) gives the same value back.
 */
export function usdToLocal(usd: Decimal, usdToLocalRate: Decimal): Decimal {
  if (!usd.isFinite() || usd.isNegative()) throw new Error(`USD amount must not be negative, got ${usd.toString()}`);
  if (!usdToLocalRate.isFinite() || usdToLocalRate.lte(0)) {
    throw new Error(`FX rate must be positive, got ${usdToLocalRate.toString()}`);
  }
  const amount = exact(usd);
  const rate = exact(usdToLocalRate);
  return fromMicros(divide(amount.units * rate.units * MICROS, 10n ** BigInt(amount.scale + rate.scale), 'down'));
}

/** A Chainlink-style answer with `feedDecimals` decimals as a USD price; null when the answer is not positive. */
export function priceFromFeed(answer: bigint, feedDecimals: number): Decimal | null {
  checkDecimals(feedDecimals, 'feed decimals');
  if (answer <= 0n) return null;
  // Built from text, so no digit of the answer is rounded away.
  return new Decimal(`${answer}e-${feedDecimals}`);
}

/**
 * "EUR=0.92,GBP=0.79" → { EUR: 0.92, GBP: 0.79 }: local units per 1 USD. Empty text is no rates. USD is always 1,
 * so listing it is refused rather than allowed to disagree.
 */
export function parseFxRates(spec: string): Record<string, Decimal> {
  const rates: Record<string, Decimal> = {};
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([^=]+)=(\d+(?:\.\d+)?)$/.exec(part);
    if (!m) throw new Error(`invalid FX rate "${part}": expected CODE=RATE, e.g. EUR=0.92`);
    const code = m[1]!;
    const rate = new Decimal(m[2]!);
    if (!FIAT_CODE_RE.test(code)) throw new Error(`invalid currency code "${code}": expected 3 uppercase letters`);
    if (code === 'USD') throw new Error('USD is always 1 and must not be listed');
    if (code in rates) throw new Error(`currency ${code} is listed twice`);
    if (rate.isZero()) throw new Error(`rate of ${code} must be positive`);
    rates[code] = rate;
  }
  return rates;
}

/** A non-negative finite decimal as units × 10^-scale, exactly. */
function exact(value: Decimal): { units: bigint; scale: number } {
  const scale = value.decimalPlaces();
  // toFixed does not round to the precision setting, so every digit is kept.
  return { units: BigInt(value.toFixed(scale).replace('.', '')), scale };
}

function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  return rounding === 'up' && quotient * denominator !== numerator ? quotient + 1n : quotient;
}

function fromMicros(micros: bigint): Decimal {
  return new Decimal(`${micros}e-${USD_LEDGER_DECIMALS}`);
}

/** ERC-20 and aggregator decimals are a uint8. */
function checkDecimals(decimals: number, what: string): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new Error(`${what} must be in 0..255, got ${decimals}`);
}
