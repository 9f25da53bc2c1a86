/** EIP-1559 fee caps of a signed transaction, in wei. */
export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** Nodes accept a replacement at the same nonce only when both caps rise by at least 10 %; we ask 12.5 %. */
const BUMP_NUM = 1125n;
const BUMP_DEN = 1000n;
const ACCEPTED_NUM = 110n;
const ACCEPTED_DEN = 100n;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The fees of a replacement for a transaction signed at `current`: at least a 12.5 % bump of each cap, or what the
 * network asks now if that is more, never above `ceiling`. Null when the ceiling leaves no bump a node would accept:
 * the transaction then stays as it is (and shows as stuck) rather than be signed above the configured limit.
 */
export function bumpedFees(current: Fees, network: Fees, ceiling: bigint): Fees | null {
  const maxFeePerGas = min(ceiling, max(ceilDiv(current.maxFeePerGas * BUMP_NUM, BUMP_DEN), network.maxFeePerGas));
  const maxPriorityFeePerGas = min(maxFeePerGas, max(ceilDiv(current.maxPriorityFeePerGas * BUMP_NUM, BUMP_DEN), network.maxPriorityFeePerGas));
  const accepted = (next: bigint, prev: bigint) => next * ACCEPTED_DEN >= prev * ACCEPTED_NUM && next > prev;
  if (!accepted(maxFeePerGas, current.maxFeePerGas) || !accepted(maxPriorityFeePerGas, current.maxPriorityFeePerGas)) return null;
  return { maxFeePerGas, maxPriorityFeePerGas };
}
