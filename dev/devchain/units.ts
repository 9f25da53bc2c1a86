import { formatUnits, parseUnits } from 'ethers';

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A positive decimal string in whole units (e.g. '12.5') as raw units. Checked here rather than left to ethers,
 * which accepts negatives and exponents and would round some inputs; `what` names the value in the error.
 */
export function parseAmount(amount: string, decimals: number, what = 'amount'): bigint {
  const fraction = amount.split('.')[1] ?? '';
  if (!DECIMAL.test(amount) || fraction.length > decimals) {
    throw new Error(`invalid ${what} "${amount}": expected a positive decimal with at most ${decimals} decimals`);
  }
  const raw = parseUnits(amount, decimals);
  if (raw <= 0n) throw new Error(`invalid ${what} "${amount}": must be greater than 0`);
  return raw;
}

/** Raw units as a canonical decimal string: '1000000', '12.5' (ethers would write '1000000.0'). */
export function formatAmount(raw: bigint, decimals: number): string {
  return formatUnits(raw, decimals).replace(/\.0$/, '');
}
