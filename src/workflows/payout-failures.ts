import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { PAYOUT_UNPAID, type UnpaidPayout } from '../domain/failure-types';

/** Why awaitPayoutConfirmations ended a payout without moving value (reverted, or never mineable); null otherwise. */
export const unpaidPayout = (err: unknown): UnpaidPayout | null =>
  err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && PAYOUT_UNPAID.includes(err.cause.type ?? '')
    ? (err.cause.type as UnpaidPayout)
    : null;
