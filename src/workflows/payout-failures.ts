import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';

/** The payout was mined and reverted (awaitPayoutConfirmations' final answer): no tokens moved. */
export const payoutReverted = (err: unknown): boolean =>
  err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === 'PAYOUT_REVERTED';
