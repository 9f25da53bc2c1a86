import { parseUnits } from 'ethers';
import type { Config } from '../config/env';

/** The fee limits every outbound transaction is signed within. */
export interface FeePolicy {
  /** No candidate is ever signed above this maxFeePerGas (wei). */
  ceilingWei: bigint;
  /** Unmined this long after signing: marked stuck (admin filter, log). */
  stuckAfterMs: number;
}

/** The configured fee ceiling and stuck threshold of every outbound transaction. */
export const feePolicy = (config: Pick<Config, 'MAX_FEE_PER_GAS_GWEI' | 'TX_STUCK_SECONDS'>): FeePolicy => ({
  ceilingWei: parseUnits(String(config.MAX_FEE_PER_GAS_GWEI), 'gwei'),
  stuckAfterMs: config.TX_STUCK_SECONDS * 1000,
});
