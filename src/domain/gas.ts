/**
 * Gas limits of outbound transfers: the node's estimate plus a margin, never above the chain's ceiling. A fixed limit
 * reverts when a network prices storage higher (a transfer to an address that never held the token) or counts L1 data
 * in its gas units; an estimate knows both. Pure: the caller asks the node.
 */

/** Added to the node's estimate: state can change between the estimate and the block that includes the transfer. */
export const GAS_MARGIN_PERCENT = 20n;

/** Why a transfer is not signed: the node could not estimate it (it would revert), or it costs more than the ceiling. */
export type GasRefusal = 'GAS_ESTIMATE_FAILED' | 'GAS_ABOVE_CEILING';

export type GasVerdict = { ok: true; gasLimit: bigint } | { ok: false; reason: GasRefusal };

/** The limit to sign with for an estimate (rounded up), capped at the ceiling; refused when the estimate itself exceeds it. */
export function gasLimitFor(estimate: bigint, ceiling: bigint): GasVerdict {
  if (estimate <= 0n || ceiling <= 0n) throw new Error('gas estimate and ceiling must be positive');
  if (estimate > ceiling) return { ok: false, reason: 'GAS_ABOVE_CEILING' };
  const withMargin = (estimate * (100n + GAS_MARGIN_PERCENT) + 99n) / 100n;
  return { ok: true, gasLimit: withMargin < ceiling ? withMargin : ceiling };
}

/** The gas every EVM transaction costs before it runs any code: no transfer is signed for less. */
export const INTRINSIC_GAS = 21_000n;

/** Whether a native balance pays the least any transaction costs at this fee (a fee of zero: always). */
export function paysAnyTransaction(balance: bigint, maxFeePerGas: bigint): boolean {
  return balance >= INTRINSIC_GAS * maxFeePerGas;
}
