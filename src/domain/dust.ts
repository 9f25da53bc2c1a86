import type Decimal from 'decimal.js';
import { rawToUsd } from './pricing';

/**
 * Dust and the economics of a sweep. A deposit address is emptied by transfers it pays gas for, and that gas comes
 * from the bankroll: a sweep worth less than its gas would turn every tiny transfer into a loss, and a flood of them
 * into a drain of the bankroll's native coin. Pure: prices, fees and balances are read by the caller.
 */

/**
 * Whether a transfer of `grossRaw` is dust under its asset's minimum deposit (raw units; 0 means no minimum). Dust is
 * recorded for admins, but never swept on its own nor credited.
 */
export function isDust(grossRaw: bigint, minDepositRaw: bigint): boolean {
  if (grossRaw < 0n || minDepositRaw < 0n) throw new Error('amounts must not be negative');
  return grossRaw < minDepositRaw;
}

/** What a sweep costs in gas, in wei, at one maxFeePerGas. */
export interface SweepGas {
  /** Native coin the bankroll sends the deposit address: the fee ceiling of each of its transfers, twice, so a fee rise between top-up and sweep does not strand it. */
  topUpWei: bigint;
  /** The most the bankroll gives up for the sweep: the top-up (what the address leaves unburnt stays there, unrecovered) plus the top-up's own gas. */
  costWei: bigint;
}

/** The gas a sweep of `transfers` transfers (each up to `transferGasLimit`) costs the bankroll at `maxFeePerGas`. */
export function sweepGas(p: { transfers: number; transferGasLimit: bigint; topUpGasLimit: bigint; maxFeePerGas: bigint }): SweepGas {
  if (!Number.isInteger(p.transfers) || p.transfers < 0) throw new Error(`transfers must be a whole number, got ${p.transfers}`);
  if (p.transferGasLimit < 0n || p.topUpGasLimit < 0n || p.maxFeePerGas < 0n) throw new Error('gas and fees must not be negative');
  const topUpWei = p.transferGasLimit * p.maxFeePerGas * 2n * BigInt(p.transfers);
  return { topUpWei, costWei: topUpWei + p.topUpGasLimit * p.maxFeePerGas };
}

export interface SweepValue {
  /** Raw units the sweep moves out of the deposit address into our wallets (net to the bankroll plus the fee). */
  raw: bigint;
  decimals: number;
  priceUsd: Decimal;
  /** From sweepGas. */
  costWei: bigint;
  nativeDecimals: number;
  nativePriceUsd: Decimal;
}

/**
 * Whether a sweep recovers more than its gas costs, both in USD at the same moment's prices. The value rounds down
 * and the cost up, so a sweep that pays here pays exactly too: gas spent never exceeds the value recovered.
 */
export function sweepPays(v: SweepValue): { pays: boolean; valueUsd: Decimal; costUsd: Decimal } {
  const valueUsd = rawToUsd(v.raw, v.decimals, v.priceUsd, 'down');
  const costUsd = rawToUsd(v.costWei, v.nativeDecimals, v.nativePriceUsd, 'up');
  return { pays: costUsd.lt(valueUsd), valueUsd, costUsd };
}
