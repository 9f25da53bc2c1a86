import { isError, type JsonRpcProvider } from 'ethers';
import { gasLimitFor, type GasVerdict } from '../domain/gas';

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
    estimate = await provider.estimateGas({ from: call.from, to: call.to, data: call.data ?? '0x', value: call.value ?? 0n });
  } catch (err) {
    // Only the call's own failure; an unreachable node is an error to retry, not a verdict on the transfer.
    if (!isError(err, 'CALL_EXCEPTION')) throw err;
    return { ok: false, reason: 'GAS_ESTIMATE_FAILED' };
  }
  return gasLimitFor(estimate, ceiling);
}
