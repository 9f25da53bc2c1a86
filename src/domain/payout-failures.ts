/** Activity failure types that end an outbound transfer without moving value (ApplicationFailure.type, never retried). */

/** The payout was mined and reverted, and that is final (withdrawConfirmations deep). */
export const PAYOUT_REVERTED = 'PAYOUT_REVERTED' as const;
/** The payout can never be mined: its nonce went to another transaction, or its chain instance is gone. */
export const PAYOUT_NOT_MINED = 'PAYOUT_NOT_MINED' as const;
/** Both end a payout unpaid: the workflows treat them alike, and the type is the withdrawal's reasonCode. */
export const PAYOUT_UNPAID: readonly string[] = [PAYOUT_REVERTED, PAYOUT_NOT_MINED];
export type UnpaidPayout = typeof PAYOUT_REVERTED | typeof PAYOUT_NOT_MINED;

/** A sweep-side transfer (gas top-up, sweep, fee) reverted or can never be mined: the deposit waits for an admin. */
export const SWEEP_FAILED = 'SWEEP_FAILED';
