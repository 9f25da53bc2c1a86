import type { HeadlessStatus } from './headless';

/**
 * The safe status record of GET /withdrawals/:sessionRef (spec 2.4, CONTRACT §4), derived from stored facts only:
 * the intent row, its stored payout transaction, what the chain says about it, and its outbox events.
 */

export type TxState = 'NONE' | 'BROADCASTED' | 'CONFIRMING' | 'CONFIRMED';
export type CallbackState = 'NONE' | 'PENDING' | 'DELIVERED' | 'RETRYING' | 'DEAD_LETTER';

export interface StoredPayoutTx {
  status: 'SIGNED' | 'BROADCAST' | 'CONFIRMED' | 'FAILED' | 'DROPPED' | 'RETIRED';
  /** The including block, recorded once the transaction is final (CONFIRMED, or FAILED = reverted). */
  blockNumber: number | null;
}

/** A live read of the chain, or null when the chain did not answer in time. */
export interface ChainView {
  head: number;
  /** The block that includes the transaction; null while it is not mined. */
  includedIn: number | null;
}

/**
 * BROADCASTED and CONFIRMING are views of a RECONCILING row (spec 3.1). A signed but never sent transaction is NONE:
 * nothing is on the wire yet. A final one, mined and confirmed or mined and reverted, is CONFIRMED: the chain's
 * answer is settled and the status and reasonCode say which. Confirmations count the including block as 1; they are
 * null when the chain could not be read.
 */
export function txView(tx: StoredPayoutTx | null, chain: ChainView | null, required: number): { txState: TxState; confirmations: number | null } {
  // DROPPED and RETIRED were never mined and never will be: as far as the chain goes, nothing was sent.
  if (!tx || tx.status === 'SIGNED' || tx.status === 'DROPPED' || tx.status === 'RETIRED') return { txState: 'NONE', confirmations: 0 };
  const block = tx.status === 'BROADCAST' ? (chain?.includedIn ?? null) : tx.blockNumber;
  const confirmations = chain && block !== null ? Math.max(0, chain.head - block + 1) : null;
  if (tx.status !== 'BROADCAST') return { txState: 'CONFIRMED', confirmations };
  if (!chain) return { txState: 'BROADCASTED', confirmations: null };
  if (block === null) return { txState: 'BROADCASTED', confirmations: 0 };
  return { txState: confirmations! >= required ? 'CONFIRMED' : 'CONFIRMING', confirmations };
}

/** The delivery state of the intent's latest callback (WITHDRAW_COMPLETE, FAILED or CANCELLED); NONE before any. */
export function callbackState(events: Array<{ status: Exclude<CallbackState, 'NONE'>; createdAt: Date }>): CallbackState {
  if (events.length === 0) return 'NONE';
  return events.reduce((latest, e) => (e.createdAt.getTime() >= latest.createdAt.getTime() ? e : latest)).status;
}

type Dec = { toFixed(dp?: number): string };

export interface IntentRow {
  id: string;
  sessionRef: string;
  status: HeadlessStatus;
  retryable: boolean | null;
  reasonCode: string | null;
  settlementTxHash: string | null;
  fiatAmount: Dec;
  fiatCurrency: string;
  cryptoAmountSent: Dec | null;
  amountInUsd: Dec | null;
  symbol: string;
  chainId: number;
  tokenAddress: string;
  address: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date | null;
}

/** The record itself, field for field as CONTRACT §4 lists it. `retryable` is the FAILED flag (null otherwise). */
export function statusRecord(
  w: IntentRow,
  tx: { txState: TxState; confirmations: number | null },
  requiredConfirmations: number,
  callback: CallbackState,
) {
  return {
    sessionRef: w.sessionRef,
    withdrawRequestId: w.id,
    status: w.status,
    retryable: w.status === 'FAILED' ? w.retryable === true : null,
    txHash: w.settlementTxHash,
    txState: tx.txState,
    confirmations: tx.confirmations,
    requiredConfirmations,
    callbackState: callback,
    reasonCode: w.reasonCode,
    fiatAmount: w.fiatAmount.toFixed(2),
    fiatCurrency: w.fiatCurrency,
    cryptoAmountSent: w.cryptoAmountSent?.toFixed(8) ?? null,
    amountInUsd: w.amountInUsd?.toFixed(6) ?? null,
    symbol: w.symbol,
    chainId: w.chainId,
    tokenAddress: w.tokenAddress,
    address: w.address,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    expiresAt: w.expiresAt?.toISOString() ?? null,
  };
}

export type StatusRecord = ReturnType<typeof statusRecord>;
