/**
 * The internal ApplicationFailure types: what an activity throws that no API caller ever sees as an errorCode. The
 * business refusals use the error catalog's codes (errors.ts) instead. Workflows match these in
 * `nonRetryableErrorTypes` and in their catch blocks, so each is named once, here.
 */

// Final: the activity is never retried.
/** The payout was mined and reverted, and that is final (withdrawConfirmations deep). */
export const PAYOUT_REVERTED = 'PAYOUT_REVERTED' as const;
/** The payout can never be mined: its nonce went to another transaction, or its chain instance is gone. */
export const PAYOUT_NOT_MINED = 'PAYOUT_NOT_MINED' as const;
/** Both end a payout unpaid: the workflows treat them alike, and the type is the withdrawal's reasonCode. */
export const PAYOUT_UNPAID: readonly string[] = [PAYOUT_REVERTED, PAYOUT_NOT_MINED];
export type UnpaidPayout = typeof PAYOUT_REVERTED | typeof PAYOUT_NOT_MINED;
/** A payout was asked to be signed before it was priced: a bug, never retried. */
export const PAYOUT_NOT_PRICED = 'PAYOUT_NOT_PRICED' as const;
/** A sweep-side transfer (gas top-up, sweep, fee) reverted or can never be mined: the deposit waits for an admin. */
export const SWEEP_FAILED = 'SWEEP_FAILED' as const;

/** The bankroll lacks the native coin a treasury send's gas (and, for a native send, its value) needs right now. */
export const BANKROLL_NEEDS_GAS = 'BANKROLL_NEEDS_GAS' as const;
/**
 * Why the worker will not sign a treasury send (its gas estimate refused it, or the bankroll lacks the gas): final,
 * the send ends FAILED with the type as its reason and nothing was signed. An operator sends again when it can go.
 */
export const TREASURY_NOT_SIGNED: readonly string[] = ['GAS_ESTIMATE_FAILED', 'GAS_ABOVE_CEILING', BANKROLL_NEEDS_GAS];

// Waits: benign and retryable, so the activity's retry policy is the poll loop.
/** Not yet deep enough on chain (a payout's or a deposit's confirmations), or a transfer is being re-read. */
export const NOT_CONFIRMED = 'NOT_CONFIRMED' as const;
/** A sweep-side transaction is not mined yet. */
export const TX_PENDING = 'TX_PENDING' as const;
/** No fresh USD price for a deposit's token yet. */
export const PRICE_UNAVAILABLE = 'PRICE_UNAVAILABLE' as const;
/** No USD→fiat rate for the operator's currency yet. */
export const FX_UNAVAILABLE = 'FX_UNAVAILABLE' as const;
/** A sweep would cost more gas than it recovers at current fees and prices (domain/dust: sweepPays). */
export const SWEEP_UNPROFITABLE = 'SWEEP_UNPROFITABLE' as const;
/** A TRON payout is held back until the bankroll has the TRX its energy and bandwidth would burn. */
export const BANKROLL_NEEDS_TRX = 'BANKROLL_NEEDS_TRX' as const;
export type WaitType = typeof NOT_CONFIRMED | typeof TX_PENDING | typeof PRICE_UNAVAILABLE | typeof FX_UNAVAILABLE | typeof SWEEP_UNPROFITABLE | typeof BANKROLL_NEEDS_TRX;
