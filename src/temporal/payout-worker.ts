import type { WorkerOptions } from '@temporalio/worker';
import { payoutTaskQueue } from '../domain/keys';

/**
 * Payouts followed at once (followPayout): each holds its slot from its send until it is confirmed, minutes on a
 * real chain, while it mostly sleeps between polls. Many, so a burst of payouts is followed at once; past them, a
 * payout waits on the server's queue to be followed, and nothing else waits for them.
 */
const FOLLOW_SLOTS = 2000;

/**
 * The payout queue's worker (beside the gateway's, in the same process and on the same connection): activities only,
 * so the payouts waiting for their confirmations never hold the slots that settlements, deposits and sweeps need.
 */
export function payoutWorkerOptions(gatewayTaskQueue: string): Pick<WorkerOptions, 'taskQueue' | 'maxConcurrentActivityTaskExecutions'> {
  return { taskQueue: payoutTaskQueue(gatewayTaskQueue), maxConcurrentActivityTaskExecutions: FOLLOW_SLOTS };
}
