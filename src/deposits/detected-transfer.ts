/** A transfer into one of our deposit addresses, as the scanner found it on chain. */
export interface DetectedTransfer {
  chainId: number;
  txHash: string;
  /** The Transfer log's index in its block; -1 for a native transfer. */
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  to: string;
  /** null for the native asset. */
  tokenAddress: string | null;
  raw: bigint;
  /** Which of the transaction's transfers with this token, recipient and amount it is (0 for a native transfer). */
  ordinal: number;
}
