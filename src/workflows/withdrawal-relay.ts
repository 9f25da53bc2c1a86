import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { WithdrawalActivities } from '../activities/withdrawals';

export interface WithdrawalRelayInput {
  intervalSeconds: number;
}

/** Rounds per run before continue-as-new, which keeps the history small. */
const ROUNDS_PER_RUN = 200;

/**
 * The withdrawal relay, the outbox relay's twin for workflow starts: on a timer, starts the workflow of every Mode A/B
 * request whose start was lost (a crash or a Temporal outage between the commit and the start), so it still expires,
 * can be decided and does not block its session. One per task queue, started by the worker.
 */
export async function withdrawalRelayWorkflow(input: WithdrawalRelayInput): Promise<never> {
  const { startPendingWithdrawals } = proxyActivities<WithdrawalActivities>({
    startToCloseTimeout: '1 minute',
    retry: { maximumInterval: '30 seconds' },
  });
  for (let round = 0; round < ROUNDS_PER_RUN; round++) {
    await startPendingWithdrawals();
    await sleep(input.intervalSeconds * 1000);
  }
  return continueAsNew<typeof withdrawalRelayWorkflow>(input);
}
