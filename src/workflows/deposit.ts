import type { RetryPolicy } from '@temporalio/common';
import { ActivityFailure, log, patched, proxyActivities } from '@temporalio/workflow';
import type { DepositActivities } from '../activities/deposits';
import type { HotWalletActivities } from '../activities/hot-wallet';
import { SWEEP_FAILED } from '../domain/failure-types';
import { followActivities, SWEEP_HEARTBEAT } from './follow';

/**
 * A deposit's confirmation checks and its sweep's waits run in one activity attempt each (followDepositConfirmations,
 * followSweep); runs begun before it have the server retry each check and each step.
 */
const WAITS_IN_ONE_ATTEMPT = 'deposit-waits-in-one-attempt';
/**
 * A check is a few chain reads: this bounds one, and is how long a follow lost with its worker (every restart, every
 * deploy) waits before another worker follows the deposit, the old check's own bound.
 */
const CHECK_HEARTBEAT = '20 seconds';

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
  const { creditDeposit } = proxyActivities<DepositActivities>({
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: input.priceRetrySeconds * 1000, backoffCoefficient: 1 },
  });
  const inOneAttempt = patched(WAITS_IN_ONE_ATTEMPT);
  if ((await confirmations(input, poll, inOneAttempt)) === 'DROPPED') return 'DROPPED';
  const sweepRetry = { ...poll, nonRetryableErrorTypes: [SWEEP_FAILED] };
  if (inOneAttempt) await followActivities<DepositActivities>(SWEEP_HEARTBEAT, sweepRetry).followSweep(input.depositId, input.pollMs);
  else await proxyActivities<DepositActivities>({ startToCloseTimeout: '1 minute', retry: sweepRetry }).sweepDeposit(input.depositId);
  await creditDeposit(input.depositId);
  // The sweep raised the bankroll: its chain's hot-wallet ceiling is checked now, not only on the relay's timer.
  if (patched('hot-wallet-check-after-deposit')) await checkCeiling(input.depositId);
  return 'CREDITED';
}

/** Waits for the deposit's confirmations: in one attempt on the follow queue, or (runs begun before it) a check a poll. */
function confirmations(input: DepositWorkflowInput, poll: RetryPolicy, inOneAttempt: boolean) {
  if (inOneAttempt) {
    return followActivities<DepositActivities>(CHECK_HEARTBEAT, poll).followDepositConfirmations(input.depositId, input.pollMs);
  }
  // A check is a few chain reads. Its timeout is also how long a check lost in transit waits before it is retried: a
  // worker that stops while the server hands it a task (every restart, every deploy) drops that task unanswered.
  return proxyActivities<DepositActivities>({ startToCloseTimeout: '20 seconds', retry: poll }).awaitDepositConfirmations(input.depositId);
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
