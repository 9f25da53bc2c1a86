import { ActivityFailure, continueAsNew, log, proxyActivities, sleep } from '@temporalio/workflow';
import type { HotWalletActivities } from '../activities/hot-wallet';

export interface TreasuryRelayInput {
  /** Seconds between two rounds (HOT_WALLET_CHECK_SECONDS). */
  intervalSeconds: number;
}

/** Rounds per run before continue-as-new, which keeps the history small. */
const ROUNDS_PER_RUN = 100;

/**
 * The treasury relay, one per task queue, started by the worker: on a timer, starts the workflow of every treasury
 * send whose start was lost (recorded, REQUESTED, never started), then checks the hot-wallet ceiling of every chain
 * that has one, one activity per chain, so a chain whose node is down delays no other. A swept deposit also runs its
 * chain's check (depositWorkflow); the chain's lock keeps the two from sending the same excess twice.
 */
export async function treasuryRelayWorkflow(input: TreasuryRelayInput): Promise<never> {
  const { restartLostTreasurySends, ceilingChainIds, checkHotWalletCeiling } = proxyActivities<HotWalletActivities>({
    startToCloseTimeout: '1 minute',
    retry: { maximumInterval: '30 seconds', maximumAttempts: 3 },
  });
  for (let round = 0; round < ROUNDS_PER_RUN; round++) {
    try {
      await restartLostTreasurySends();
      for (const chainId of await ceilingChainIds()) {
        try {
          await checkHotWalletCeiling(chainId);
        } catch (err) {
          if (!(err instanceof ActivityFailure)) throw err;
          log.warn('hot-wallet ceiling check failed', { chainId, cause: err.cause?.message });
        }
      }
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      log.warn('treasury relay round failed', { cause: err.cause?.message });
    }
    await sleep(input.intervalSeconds * 1000);
  }
  return continueAsNew<typeof treasuryRelayWorkflow>(input);
}
