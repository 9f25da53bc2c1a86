/**
 * Deposit confirmations under reorgs. Pure: the receipt is read in chain/transfer-sighting.
 *
 * A reorg can move a transaction into another block (another number, hash and log position) or take it out of the
 * canonical chain for a while, so neither a missing receipt nor a changed block hash is final. A deposit's transfer
 * is identified by its transaction and its content: token, recipient, amount, and which of the transaction's equal
 * transfers it is (`ordinal`), never by its log index alone.
 */

/** What the canonical chain holds of a deposit's transfer right now. */
export type TransferSighting =
  /** No receipt: the transaction is in no canonical block (gone, or pending again). */
  | { state: 'ABSENT' }
  /** Mined in `blockNumber` without moving the funds: it reverted, or it no longer emits this transfer. */
  | { state: 'VOID'; blockNumber: number; reason: 'REVERTED' | 'TRANSFER_MISSING' }
  | { state: 'INCLUDED'; blockNumber: number; blockHash: string };

export type ConfirmationStep =
  | { step: 'WAIT'; confirmations: number }
  | { step: 'CONFIRM'; blockNumber: number; blockHash: string }
  | { step: 'DROP'; reason: 'REORGANISED' | 'REVERTED' | 'TRANSFER_MISSING' };

/**
 * The next step of a confirming deposit, with `head` the chain's latest block and `lastBlock` the block the transfer
 * was last seen in. A transfer is confirmed once its block has `required` confirmations. It is dropped only on the
 * same depth of evidence against it: a void inclusion with `required` confirmations, or, with no receipt at all, a
 * canonical chain that has grown `required` blocks from `lastBlock` on without the transaction (had it stayed, it
 * would be confirmed by now). A drop is not final either: the scanner revives the deposit if the transfer reappears.
 */
export function confirmationStep(sighting: TransferSighting, lastBlock: number, head: number, required: number): ConfirmationStep {
  const depth = (block: number) => Math.max(0, head - block + 1);
  switch (sighting.state) {
    case 'INCLUDED': {
      const confirmations = depth(sighting.blockNumber);
      if (confirmations < required) return { step: 'WAIT', confirmations };
      return { step: 'CONFIRM', blockNumber: sighting.blockNumber, blockHash: sighting.blockHash };
    }
    case 'VOID':
      return depth(sighting.blockNumber) >= required ? { step: 'DROP', reason: sighting.reason } : { step: 'WAIT', confirmations: 0 };
    case 'ABSENT':
      return depth(lastBlock) >= required ? { step: 'DROP', reason: 'REORGANISED' } : { step: 'WAIT', confirmations: 0 };
  }
}

/** A deposit's transfer as the gateway knows it; `tokenAddress` null for the native asset. */
export interface WatchedTransfer {
  txHash: string;
  tokenAddress: string | null;
  to: string;
  raw: bigint;
  /** Which of the transaction's equal transfers this is (see domain/deposit-confirmation). */
  ordinal: number;
}

/** An ERC-20 Transfer log, parsed; `index` is its position in the block. */
export interface TransferLog {
  txHash: string;
  index: number;
  token: string;
  to: string;
  value: bigint;
}

const sameContent = (a: Omit<TransferLog, 'index'>, b: Omit<TransferLog, 'index'>) =>
  a.txHash.toLowerCase() === b.txHash.toLowerCase() && a.token.toLowerCase() === b.token.toLowerCase()
  && a.to.toLowerCase() === b.to.toLowerCase() && a.value === b.value;

/** How many transfers of the same transaction with the same token, recipient and amount come before `log`. */
export function transferOrdinal(logs: readonly TransferLog[], log: TransferLog): number {
  return logs.filter((l) => l.index < log.index && sameContent(l, log)).length;
}

/** The `ordinal`-th transfer of `want`'s transaction with its token, recipient and amount; null if there is none. */
export function findTransfer(logs: readonly TransferLog[], want: Omit<TransferLog, 'index'>, ordinal: number): TransferLog | null {
  return logs.filter((l) => sameContent(l, want)).sort((a, b) => a.index - b.index)[ordinal] ?? null;
}
