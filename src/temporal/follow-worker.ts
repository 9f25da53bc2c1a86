import type { WorkerOptions } from '@temporalio/worker';
import { followTaskQueue } from '../domain/keys';

/**
 * Follows run at once: each holds its slot from a payout's send (or a deposit's sighting) until it is confirmed, minutes
 * on a real chain, while it mostly sleeps between polls. Many, so a burst is followed at once; past them, a follow
 * waits on the server's queue, and nothing else waits for them.
 */
const FOLLOW_SLOTS = 2000;

/**
 * The follow queue's worker (beside the gateway's, in the same process and on the same connection): activities only,
 * so payouts and deposits waiting for blocks never hold the slots that settlements and credits need.
 */
export function followWorkerOptions(gatewayTaskQueue: string): Pick<WorkerOptions, 'taskQueue' | 'maxConcurrentActivityTaskExecutions'> {
  return { taskQueue: followTaskQueue(gatewayTaskQueue), maxConcurrentActivityTaskExecutions: FOLLOW_SLOTS };
}
