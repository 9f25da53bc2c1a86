import { ActivityFailure, log, patched, proxyActivities } from '@temporalio/workflow';
import type { DepositActivities } from '../activities/deposits';
import type { HotWalletActivities } from '../activities/hot-wallet';
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
 * bankroll, then credit it with a fresh price: the DEPOSIT event is written with the final state, then check the chain's
 * hot-wallet ceiling. Each step's activity is idempotent and its retry policy is the wait loop.
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
  // The sweep raised the bankroll: its chain's hot-wallet ceiling is checked now, not only on the relay's timer.
  if (patched('hot-wallet-check-after-deposit')) await checkCeiling(input.depositId);
  return 'CREDITED';
}

/** The ceiling check after a credit: a failed check is the relay's to redo on its timer; the deposit is credited either way. */
async function checkCeiling(depositId: string): Promise<void> {
  const { checkHotWalletAfterDeposit } = proxyActivities<HotWalletActivities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 3 } });
  try {
    await checkHotWalletAfterDeposit(depositId);
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    log.warn('hot-wallet ceiling check after a deposit failed', { depositId, cause: err.cause?.message });
  }
}
