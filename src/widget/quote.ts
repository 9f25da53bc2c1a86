import Decimal from 'decimal.js';
import type { FxProvider, PriceProvider } from '../adapters/prices';

/**
 * About how many tokens the session's fiat amount is at the current price, rounded up to 6 significant digits: an
 * estimate for the player, never what is credited (that uses the price when the deposit is confirmed). Null when the
 * price or the FX rate is unknown: the page then shows no estimate rather than a guess.
 */
export async function depositEstimate(
  deps: { prices: PriceProvider; fx: FxProvider },
  fiat: { amount: Decimal.Value; currency: string },
  asset: { chainId: number; tokenAddress: string | null },
): Promise<string | null> {
  const [rate, quote] = await Promise.all([deps.fx.usdTo(fiat.currency), deps.prices.usdPrice(asset)]);
  if (!rate || !quote || rate.lte(0) || quote.usd.lte(0)) return null;
  return new Decimal(fiat.amount).div(rate).div(quote.usd).toSignificantDigits(6, Decimal.ROUND_UP).toFixed();
}
