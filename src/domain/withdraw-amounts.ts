import Decimal from 'decimal.js';
import { CRYPTO_DISPLAY_DECIMALS, USD_LEDGER_DECIMALS } from './money';

export interface PricedPayout {
  /** Raw token units actually sent. */
  raw: bigint;
  /** Token units at 8 decimals (spec 8), exactly the raw amount: what the operator reconciles against. */
  cryptoAmountSent: string;
  /** USD value of the fiat amount, six-decimal ledger precision. */
  amountInUsd: string;
}

/**
 * Divisions at decimal.js's default 20 significant digits can round *up* past the true quotient for large amounts
 * and small rates; at 80 digits, rounding down, every step stays at or under the exact value.
 */
const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });

/**
 * Prices a locked fiat amount as a token payout. fiat → USD with the USD→fiat rate, USD → token with the token's USD
 * price. The token amount is rounded down to min(8, token decimals) places, so the service never pays more than the
 * fiat amount is worth and the 8-decimal display equals what is sent. Returns null when the payout would be zero.
 */
export function priceFiatPayout(fiatAmount: Decimal, usdToFiatRate: Decimal, tokenUsdPrice: Decimal, tokenDecimals: number): PricedPayout | null {
  if (usdToFiatRate.lte(0) || tokenUsdPrice.lte(0)) return null;
  const usd = new Exact(fiatAmount.toString()).div(usdToFiatRate.toString());
  const places = Math.min(CRYPTO_DISPLAY_DECIMALS, tokenDecimals);
  const tokens = usd.div(tokenUsdPrice.toString()).toDecimalPlaces(places, Decimal.ROUND_DOWN);
  if (tokens.lte(0)) return null;
  return {
    raw: BigInt(tokens.times(new Exact(10).pow(tokenDecimals)).toFixed(0)),
    cryptoAmountSent: tokens.toFixed(CRYPTO_DISPLAY_DECIMALS),
    amountInUsd: usd.toFixed(USD_LEDGER_DECIMALS, Decimal.ROUND_DOWN),
  };
}

/**
 * Whether a quote made at `quotedAt` has expired at `now` (WITHDRAW_QUOTE_TTL_SECONDS): a payout signed after that is
 * priced again. Never quoted (null) counts as expired, so such a payout is priced before it is signed.
 */
export function quoteExpired(quotedAt: Date | null, now: Date, ttlSeconds: number): boolean {
  return quotedAt === null || now.getTime() - quotedAt.getTime() > ttlSeconds * 1000;
}
