import { ActivityFailure, ApplicationFailure, proxyActivities, sleep } from '@temporalio/workflow';
import type { TreasuryActivities } from '../activities/treasury-sends';
import { TREASURY_NOT_SIGNED } from '../domain/failure-types';
import { treasuryPurpose } from '../domain/keys';
import { runPayout } from './payout';

export interface TreasurySendInput {
  /** The TreasuryTransfer row, recorded and reserved by `treasury send` before the start. */
  transferId: string;
  /** Poll interval of the confirmations. */
  pollMs: number;
  /** Test-only pause between signing and the payout child (TEST_PAUSE_BEFORE_BROADCAST_MS), as the withdrawals have. */
  pauseBeforeBroadcastMs: number;
}

/** How a send ended: CONFIRMED, or FAILED with the reason (nothing moved but, for a reverted one, its gas). */
export type TreasurySendResult = { status: 'CONFIRMED' } | { status: 'FAILED'; reason: string };

/** Why the sign activity refused a send for good; null for any other failure (a bug: the workflow fails). */
const notSigned = (err: unknown): string | null =>
  err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && TREASURY_NOT_SIGNED.includes(err.cause.type ?? '') ? err.cause.type! : null;

/**
 * A treasury send (CONTRACT §9): sign the transfer once in its own decision activity, then the same payout child a
 * withdrawal's payout runs (`treasury-payout-<transferId>`), which sends the stored bytes, bumps the fee when stuck,
 * and completes the send once final; an unpaid or unsigned send ends FAILED with its reservation released.
 */
export async function treasurySendWorkflow(input: TreasurySendInput): Promise<TreasurySendResult> {
  const { signTreasurySend, failTreasurySend } = proxyActivities<TreasuryActivities>({
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', maximumInterval: '30 seconds', nonRetryableErrorTypes: [...TREASURY_NOT_SIGNED] },
  });
  try {
    await signTreasurySend(input.transferId);
  } catch (err) {
    const reason = notSigned(err);
    if (!reason) throw err;
    await failTreasurySend(input.transferId, reason);
    return { status: 'FAILED', reason };
  }
  if (input.pauseBeforeBroadcastMs > 0) await sleep(input.pauseBeforeBroadcastMs);
  const result = await runPayout({ purpose: treasuryPurpose(input.transferId), pollMs: input.pollMs });
  if (result.outcome === 'UNPAID') {
    await failTreasurySend(input.transferId, result.reason);
    return { status: 'FAILED', reason: result.reason };
  }
  return { status: 'CONFIRMED' };
}
