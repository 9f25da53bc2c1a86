import { proxyActivities } from '@temporalio/workflow';
import type { DepositActivities } from '../activities/deposits';
import { SWEEP_FAILED } from '../domain/failure-types';

export interface DepositWorkflowInput {
  depositId: string;
  /** How often confirmations (and the sweep's receipts) are re-checked. */
  pollMs: number;
  /** How often a deposit waiting for a fresh price re-tries. */
  priceRetrySeconds: number;
}

/**
 * One detected transfer: wait for the chain's confirmations (dropping it if a reorg keeps it out that deep), sweep it to the
 * bankroll, then credit it with a fresh price: the DEPOSIT event is written with the final state. Each step's
 * activity is idempotent and its retry policy is the wait loop.
 */
export async function depositWorkflow(input: DepositWorkflowInput): Promise<'CREDITED' | 'DROPPED'> {
  const poll = { initialInterval: input.pollMs, backoffCoefficient: 1, maximumInterval: input.pollMs };
  // A check is a few chain reads. Its timeout is also how long a check lost in transit waits before it is retried: a
  // worker that stops while the server hands it a task (every restart, every deploy) drops that task unanswered.
  const { awaitDepositConfirmations } = proxyActivities<DepositActivities>({ startToCloseTimeout: '20 seconds', retry: poll });
  const { sweepDeposit } = proxyActivities<DepositActivities>({
    startToCloseTimeout: '1 minute',
    retry: { ...poll, nonRetryableErrorTypes: [SWEEP_FAILED] },
  });
  const { creditDeposit } = proxyActivities<DepositActivities>({
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: input.priceRetrySeconds * 1000, backoffCoefficient: 1 },
  });
  if ((await awaitDepositConfirmations(input.depositId)) === 'DROPPED') return 'DROPPED';
  await sweepDeposit(input.depositId);
  await creditDeposit(input.depositId);
  return 'CREDITED';
}
