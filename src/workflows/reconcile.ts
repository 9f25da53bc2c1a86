import { ActivityFailure, log, makeContinueAsNewFunc, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { ReconcileActivities } from '../activities/reconcile';

export interface ReconcileInput {
  /** Seconds between two reconciles of every chain (RECONCILE_EVERY_SECONDS). */
  intervalSeconds: number;
}

/** Rounds per run before continue-as-new, which keeps the history small. */
const ROUNDS_PER_RUN = 100;

/**
 * One per task queue: every `intervalSeconds`, reconciles each active chain the worker can read, one activity per
 * chain, so a chain whose node is down delays no other. A chain that cannot be read is left without a run this
 * round: its last-run timestamp ages, which the runbook's alert watches.
 */
export async function reconcileWorkflow(input: ReconcileInput): Promise<never> {
  const { reconcileChainIds } = proxyActivities<ReconcileActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '30 seconds' } });
  // A full reconcile reads every outbound transaction's receipt: minutes on a long history, and a second try at most.
  const { reconcileAndRecord } = proxyActivities<ReconcileActivities>({ startToCloseTimeout: '15 minutes', retry: { maximumAttempts: 2 } });
  for (let round = 0; round < ROUNDS_PER_RUN; round++) {
    await sleep(input.intervalSeconds * 1000);
    for (const chainId of await reconcileChainIds()) {
      try {
        await reconcileAndRecord(chainId);
      } catch (err) {
        if (!(err instanceof ActivityFailure)) throw err;
        log.warn('reconcile of a chain failed', { chainId, cause: err.cause?.message });
      }
    }
  }
  // The memo carries the interval the worker compares RECONCILE_EVERY_SECONDS with (src/temporal/worker.ts).
  return makeContinueAsNewFunc<typeof reconcileWorkflow>({ memo: workflowInfo().memo })(input);
}
