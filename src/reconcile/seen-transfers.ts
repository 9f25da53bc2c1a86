import type { Difference } from './report';

/**
 * A transfer into or out of the bankroll that no record of ours explains, as reconcile reads it from blocks (native
 * coin on EVM, TRX and TRC-20 on TRON): a treasury top-up when it comes from an active source, else unbooked.
 */
export interface SeenTransfer {
  kind: 'UNBOOKED_TRANSFER_IN' | 'UNBOOKED_TRANSFER_OUT';
  asset: string;
  txHash: string;
  /** The Transfer log's index in its block; -1 for a plain coin transfer (no log). */
  logIndex: number;
  blockNumber: number;
  from: string;
  to: string | null;
  value: bigint;
}

/** How a transfer that is not a top-up is reported. */
export const unbookedDifference = (chainId: number, t: SeenTransfer): Difference => ({
  chainId, kind: t.kind, asset: t.asset, txHash: t.txHash, from: t.from, to: t.to, value: t.value.toString(),
});
