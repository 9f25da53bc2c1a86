import { proxyActivities, workflowInfo, type ActivityOptions } from '@temporalio/workflow';
import { followTaskQueue } from '../domain/keys';

/** An attempt ends before this only by a failure other than a wait; a transaction waited on longer is followed anew. */
const FOLLOW_ATTEMPT = '1 hour';

/** A sweep step (a deposit's or dust's) signs, sends and looks for a receipt for up to a poll: the old step's own bound. */
export const SWEEP_HEARTBEAT = '1 minute';

/**
 * Activities that follow a chain transaction inside one attempt (activities/waiting.ts follow), on the follow queue's
 * worker, whose slots only follows take. The follow heartbeats before each step and every few seconds of its sleeps, so
 * `heartbeatTimeout` bounds one step (its reads of the node and PostgreSQL), and a killed worker's follows are retried
 * by another within it; one that stops with its worker fails at once and is retried by `retry`.
 */
export function followActivities<A>(heartbeatTimeout: ActivityOptions['heartbeatTimeout'], retry: ActivityOptions['retry']) {
  return proxyActivities<A>({ taskQueue: followTaskQueue(workflowInfo().taskQueue), startToCloseTimeout: FOLLOW_ATTEMPT, heartbeatTimeout, retry });
}
