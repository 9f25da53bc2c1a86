import { isError, type JsonRpcProvider } from 'ethers';
import { gasLimitFor, type GasVerdict } from '../domain/gas';
import { sharedRecent } from '../adapters/in-flight';

export interface TransferCall {
  from: string;
  to: string;
  data?: string;
  value?: bigint;
}

/**
 * The gas limit to sign a transfer with: `eth_estimateGas` from its sender at the node's latest state, through
 * gasLimitFor. A node that refuses to estimate (the call would revert: a paused token, a blocked recipient) answers
 * GAS_ESTIMATE_FAILED, so nothing is signed to revert and burn gas.
 */
export async function transferGas(provider: JsonRpcProvider, call: TransferCall, ceiling: bigint): Promise<GasVerdict> {
  let estimate: bigint;
  try {
    estimate = await estimateOf(provider)(call);
  } catch (err) {
    // Only the call's own failure; an unreachable node is an error to retry, not a verdict on the transfer.
    if (!isError(err, 'CALL_EXCEPTION')) throw err;
    return { ok: false, reason: 'GAS_ESTIMATE_FAILED' };
  }
  return gasLimitFor(estimate, ceiling);
}

/**
 * A transfer's estimate is shared for ESTIMATE_SHARE_MS: a payout's gas check and its signing, moments apart, ask the
 * node once. GAS_MARGIN_PERCENT covers what state can change in that time as it covers the time to the block; a
 * failed estimate is asked again.
 */
const ESTIMATE_SHARE_MS = 5_000;

const estimates = new WeakMap<JsonRpcProvider, (call: TransferCall) => Promise<bigint>>();

function estimateOf(provider: JsonRpcProvider): (call: TransferCall) => Promise<bigint> {
  let estimate = estimates.get(provider);
  if (!estimate) {
    estimate = sharedRecent(
      (c: TransferCall) => `${c.from}:${c.to}:${c.data ?? '0x'}:${c.value ?? 0n}`,
      (c: TransferCall) => provider.estimateGas({ from: c.from, to: c.to, data: c.data ?? '0x', value: c.value ?? 0n }),
      ESTIMATE_SHARE_MS,
    );
    estimates.set(provider, estimate);
  }
  return estimate;
}
