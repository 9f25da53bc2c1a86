import {
  ChildWorkflowCancellationType,
  executeChild,
  ParentClosePolicy,
  patched,
  proxyActivities,
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { TypedSearchAttributes, WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { PayoutActivities } from '../activities/payouts';
import { PAYOUT_UNPAID, type UnpaidPayout } from '../domain/failure-types';
import { confirmPayoutArg, payoutChildWorkflowId, payoutTarget } from '../domain/keys';
import { followActivities } from './follow';
import { unpaidPayout } from './payout-failures';
import { ExternalUserId, OperatorId, PayoutState, SessionRef } from './search-attributes';

/** The payout's polls run inside one activity attempt (followPayout); runs begun before it are retried every poll. */
const POLLS_IN_ONE_ATTEMPT = 'polls-in-one-attempt';
/** A payout's step (sign, send, poll, bump, complete) slower than this is followed twice: safe, and rare. */
const FOLLOW_HEARTBEAT = '30 seconds';

export interface PayoutWorkflowInput {
  /** The withdrawal whose payout (OutboundTx `payout:<id>`) is signed and stored already; absent for a treasury send. */
  withdrawalId?: string;
  /**
   * The stored transfer's purpose when it is no withdrawal's payout: `treasury:<transferId>`. Absent (every run begun
   * before treasury sends): the withdrawal's payout.
   */
  purpose?: string;
  /** Poll interval of the confirmations (the activity's retry interval). */
  pollMs: number;
}

/** How a payout ended: paid and completed, or unpaid (nothing moved) with the reason, for the parent to record. */
export type PayoutResult = { outcome: 'COMPLETED' } | { outcome: 'UNPAID'; reason: UnpaidPayout };

/** The unpaid reason a payout answered; null when it completed. */
export const unpaidReason = (result: PayoutResult): UnpaidPayout | null => (result.outcome === 'UNPAID' ? result.reason : null);

/**
 * One outbound transfer from its stored signed transaction on: the uncertainty boundary. A hash exists, so nothing is
 * ever signed anew: the same bytes are sent (again after a crash), a stuck one is replaced at the same nonce with a
 * higher fee, and it ends confirmed and completed (a withdrawal's WITHDRAW_COMPLETE once; a treasury send's row
 * CONFIRMED), or unpaid: reverted, or never mineable. Unpaid is a result, not a failure, so the parent decides what it
 * means for its withdrawal or send.
 */
export async function payoutWorkflow(input: PayoutWorkflowInput): Promise<PayoutResult> {
  // Retried until it is confirmed and completed, or known unpaid: never abandoned.
  const retry = { initialInterval: input.pollMs, backoffCoefficient: 1, maximumInterval: input.pollMs, nonRetryableErrorTypes: [...PAYOUT_UNPAID] };
  const arg = confirmPayoutArg(payoutTarget(input));
  try {
    if (patched(POLLS_IN_ONE_ATTEMPT)) {
      await followActivities<PayoutActivities>(FOLLOW_HEARTBEAT, retry).followPayout(arg, input.pollMs);
    } else {
      // Retried by the server every poll.
      await proxyActivities<PayoutActivities>({ startToCloseTimeout: '1 minute', retry }).confirmPayout(arg);
    }
  } catch (err) {
    const reason = unpaidPayout(err);
    if (!reason) throw err;
    upsertSearchAttributes([{ key: PayoutState, value: reason }]);
    return { outcome: 'UNPAID', reason };
  }
  upsertSearchAttributes([{ key: PayoutState, value: 'COMPLETED' }]);
  return { outcome: 'COMPLETED' };
}

/**
 * Runs the payout as its child workflow (id `payout-<withdrawalId>`, or `treasury-payout-<transferId>` for a treasury
 * send) and answers how it ended. The child outlives its parent (ABANDON on close and on cancel): a payout in flight always finishes, whatever happens to the
 * withdrawal's workflow. A parent reset to before its start finds the payout running: it waits for that run to end,
 * then starts it once more, which reads the same final state from the chain (confirmPayout is idempotent).
 */
export async function runPayout(input: PayoutWorkflowInput): Promise<PayoutResult> {
  const inherited = [OperatorId, ExternalUserId, SessionRef].flatMap((key) => {
    const value = workflowInfo().typedSearchAttributes.get(key);
    return value === undefined ? [] : [{ key, value }];
  });
  const target = payoutTarget(input);
  for (;;) {
    try {
      return await executeChild(payoutWorkflow, {
        workflowId: payoutChildWorkflowId(target),
        args: [input],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        cancellationType: ChildWorkflowCancellationType.ABANDON,
        typedSearchAttributes: new TypedSearchAttributes([...inherited, { key: PayoutState, value: 'SENDING' }]),
        memo: target.kind === 'withdrawal' ? { withdrawalId: target.withdrawalId } : { treasuryTransferId: target.transferId },
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      // Rare (a reset), and a payout may take minutes: a slow look keeps this history small.
      await sleep('30 seconds');
    }
  }
}
