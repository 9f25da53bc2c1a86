import { continueAsNew, patched, proxyActivities, sleep } from '@temporalio/workflow';
import type { DustSweepActivities } from '../activities/dust-sweeps';
import { followActivities, SWEEP_HEARTBEAT } from './follow';

/** A dust sweep's waits run in one activity attempt (followDustSweep); runs begun before it have each step retried. */
const SWEEP_IN_ONE_ATTEMPT = 'dust-sweep-in-one-attempt';

export interface DustSweeperInput {
  chainId: number;
  /** How often the chain's dust is weighed against the gas of sweeping it. */
  intervalSeconds: number;
  /** How often a sweep's receipts are re-checked. */
  pollMs: number;
}

/** Rounds per run before continue-as-new, which keeps the history small. */
const ROUNDS_PER_RUN = 200;

/**
 * One per active chain: on a timer, claims each deposit address's dust whose total now pays for its sweep's gas, and
 * sweeps it in one transfer to the bankroll. Dust is never swept one transfer at a time.
 */
export async function dustSweeperWorkflow(input: DustSweeperInput): Promise<never> {
  const { claimDustSweeps } = proxyActivities<DustSweepActivities>({
    startToCloseTimeout: '1 minute',
    retry: { maximumInterval: '30 seconds' },
  });
  const poll = { initialInterval: input.pollMs, backoffCoefficient: 1, maximumInterval: input.pollMs };
  const sweep = (id: string) =>
    patched(SWEEP_IN_ONE_ATTEMPT)
      ? followActivities<DustSweepActivities>(SWEEP_HEARTBEAT, poll).followDustSweep(id, input.pollMs)
      : proxyActivities<DustSweepActivities>({ startToCloseTimeout: '1 minute', retry: poll }).sweepDust(id);
  for (let round = 0; round < ROUNDS_PER_RUN; round++) {
    for (const id of await claimDustSweeps(input.chainId)) await sweep(id);
    await sleep(input.intervalSeconds * 1000);
  }
  return continueAsNew<typeof dustSweeperWorkflow>(input);
}
