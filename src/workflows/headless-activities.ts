import { patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { HeadlessActivities } from '../activities/headless';
import type { ExecuteCheckedActivities } from '../activities/headless-execute-checked';
import type { HeadlessReadiness, PayoutActivities } from '../activities/payouts';
import { PAYOUT_UNPAID } from '../domain/failure-types';
import type { HeadlessWorkflowInput } from './headless-messages';

const EXEC_OPTIONS = { startToCloseTimeout: '2 minutes', retry: { initialInterval: '1 second', maximumInterval: '5 seconds', maximumAttempts: 3 } } as const;

/** The activities, by how hard each kind of step may be retried. */
export function headlessActivities(input: HeadlessWorkflowInput) {
  return {
    // State transitions must land: retried until the database answers.
    book: proxyActivities<HeadlessActivities>({ startToCloseTimeout: '1 minute', retry: { initialInterval: '1 second', maximumInterval: '30 seconds' } }),
    exec: proxyActivities<HeadlessActivities & ExecuteCheckedActivities>(EXEC_OPTIONS),
    // The execute inside the workflow task that took the update (decision 0052): the same attempts.
    execLocal: proxyLocalActivities<ExecuteCheckedActivities>(EXEC_OPTIONS),
    // Before signing: bounded, then FAILED(retryable).
    check: proxyActivities<HeadlessActivities & PayoutActivities>({
      startToCloseTimeout: '1 minute',
      retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: input.settleAttempts },
    }),
    // From signing on: only ever reconciled, never abandoned. A short ceiling: a broadcast refused because an earlier
    // nonce is not out yet (nodes that do not queue gapped nonces) succeeds moments later.
    settle: proxyActivities<PayoutActivities>({ startToCloseTimeout: '1 minute', retry: { initialInterval: input.pollMs, maximumInterval: '5 seconds' } }),
    poll: proxyActivities<PayoutActivities>({
      startToCloseTimeout: '1 minute',
      retry: { initialInterval: input.pollMs, backoffCoefficient: 1, maximumInterval: input.pollMs, nonRetryableErrorTypes: [...PAYOUT_UNPAID] },
    }),
  };
}

/** An attempt's asset and gas checks as one activity (headlessReadiness); runs begun before it keep two. */
const ONE_READINESS_CHECK = 'one-readiness-check';

/** What an attempt finds before it may sign: the intent's asset still supported, then gas for its payout. */
export async function attemptReadiness(acts: ReturnType<typeof headlessActivities>, input: HeadlessWorkflowInput): Promise<HeadlessReadiness> {
  if (patched(ONE_READINESS_CHECK)) return acts.check.headlessReadiness(input.chainId, input.withdrawalId);
  if (!(await acts.check.headlessAssetSupported(input.withdrawalId))) return 'ASSET_UNSUPPORTED';
  return (await acts.check.bankrollHasGas(input.chainId, input.withdrawalId)) ? 'READY' : 'NO_GAS';
}

/** The payout steps as runs begun before the payout child workflow take them (payInParent). */
export const parentPayoutSteps = (acts: ReturnType<typeof headlessActivities>) => ({
  confirmPayout: acts.poll.confirmPayout,
  broadcastPayout: acts.settle.broadcastPayout,
  awaitPayoutConfirmations: acts.poll.awaitPayoutConfirmations,
  completePayout: acts.settle.completePayout,
});
