/**
 * Rules of the treasury's top-ups: which transfers into the bankroll the books count as the service team's own
 * money coming in (CONTRACT §9, "Reconcile with treasury").
 */

/** What the books make of a transfer into the bankroll that no sweep explains. */
export type TopUpState =
  /** Recorded as a top-up already: it stays one after its source is removed, since it was one when it came in. */
  | 'BOOKED'
  /** From an active source and as deep as the chain's deposit confirmations: record it, then it is booked. */
  | 'RECORD'
  /** From an active source, not that deep yet (a reorganisation could still undo it): counted as pending. */
  | 'PENDING'
  /** From an address that is not a source: money the books cannot explain. */
  | 'UNBOOKED';

export function topUpState(t: { recorded: boolean; fromActiveSource: boolean; depth: number; confirmations: number }): TopUpState {
  if (t.recorded) return 'BOOKED';
  if (!t.fromActiveSource) return 'UNBOOKED';
  return t.depth >= t.confirmations ? 'RECORD' : 'PENDING';
}

/** Confirmations of a transfer mined in `block` when `head` is the latest block read (1 when in the head itself). */
export function depthOf(block: number, head: number): number {
  return Math.max(0, head - block + 1);
}

/** Names one Transfer log: its transaction (any letter case) and its index in the block. */
export function transferKey(txHash: string, logIndex: number): string {
  return `${txHash.toLowerCase()}:${logIndex}`;
}
