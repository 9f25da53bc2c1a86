import Decimal from 'decimal.js';

/**
 * Money is never a JS number. Fiat amounts have 2 decimals, the USD ledger 6, displayed crypto 8; on-chain
 * amounts are integer raw units (bigint). Amounts travel as decimal strings.
 */
export const FIAT_DECIMALS = 2;
export const USD_LEDGER_DECIMALS = 6;
export const CRYPTO_DISPLAY_DECIMALS = 8;

/** A positive fiat amount with at most 2 decimals, e.g. "100", "12.5", "0.01". */
export const FIAT_AMOUNT_RE = /^(0|[1-9]\d{0,17})(\.\d{1,2})?$/;
/** A non-negative decimal with at most 8 decimals (user balances). */
export const BALANCE_RE = /^(0|[1-9]\d{0,29})(\.\d{1,8})?$/;
export const FIAT_CODE_RE = /^[A-Z]{3}$/;

/** Fixed-point text with exactly `dp` decimals, rounding half up (callers pick the direction where it matters). */
/** A decimal.js value of a stored decimal (Prisma's Decimal, or anything whose text is a number), by its text: no float on the way. */
export const dec = (d: { toString(): string }): Decimal => new Decimal(d.toString());

export function toFixed(value: Decimal.Value, dp: number, rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP): string {
  return new Decimal(value).toFixed(dp, rounding);
}

/** Token units (decimal string) → raw integer units; throws if the value has more precision than the token. */
export function toRawUnits(amount: Decimal.Value, decimals: number): bigint {
  const scaled = new Decimal(amount).times(new Decimal(10).pow(decimals));
  if (!scaled.isInteger()) throw new Error(`amount ${amount} has more than ${decimals} decimals`);
  return BigInt(scaled.toFixed(0));
}

/** Raw integer units → token units as a decimal string with all the token's decimals. */
export function fromRawUnits(raw: bigint, decimals: number): string {
  return new Decimal(raw.toString()).div(new Decimal(10).pow(decimals)).toFixed(decimals);
}
