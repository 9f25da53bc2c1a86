import { ActivityFailure, ApplicationFailure, patched } from '@temporalio/workflow';
import { PAYOUT_UNPAID, type UnpaidPayout } from '../domain/failure-types';

/** Why awaitPayoutConfirmations ended a payout without moving value (reverted, or never mineable); null otherwise. */
export const unpaidPayout = (err: unknown): UnpaidPayout | null =>
  err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && PAYOUT_UNPAID.includes(err.cause.type ?? '')
    ? (err.cause.type as UnpaidPayout)
    : null;

/** Broadcast, confirmations and completion as one activity (confirmPayout); runs begun before it keep three. */
const ONE_PAYOUT_ACTIVITY = 'one-payout-activity';

/** The payout steps of a run begun before the payout child workflow (payout.ts), bound to that run's retry policies. */
export interface PayoutInParentSteps {
  confirmPayout(id: string): Promise<unknown>;
  broadcastPayout(id: string): Promise<unknown>;
  awaitPayoutConfirmations(id: string): Promise<unknown>;
  completePayout(id: string): Promise<unknown>;
}

/** The payout as runs begun before the payout child workflow make it, in the parent's own history: unpaid's reason, or null. */
export async function payInParent(steps: PayoutInParentSteps, withdrawalId: string): Promise<UnpaidPayout | null> {
  try {
    if (patched(ONE_PAYOUT_ACTIVITY)) await steps.confirmPayout(withdrawalId);
    else {
      await steps.broadcastPayout(withdrawalId);
      await steps.awaitPayoutConfirmations(withdrawalId);
      await steps.completePayout(withdrawalId);
    }
    return null;
  } catch (err) {
    const reason = unpaidPayout(err);
    if (!reason) throw err;
    return reason;
  }
}
