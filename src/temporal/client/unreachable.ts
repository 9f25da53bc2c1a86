import { ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError, isGrpcServiceError } from '@temporalio/client';
import { rejectedUnprocessed } from './unprocessed-updates';

/**
 * gRPC codes of a Temporal call that did not get through or was not answered in time: the server or the workflow's
 * worker is down, restarting or overloaded. The call may be retried: the workflow's handlers refuse what was already done.
 */
const TRANSIENT = new Set<number>([
  1, // CANCELLED
  4, // DEADLINE_EXCEEDED
  8, // RESOURCE_EXHAUSTED
  10, // ABORTED
  14, // UNAVAILABLE
]);
const FAILED_PRECONDITION = 9;

/** Whether a client call failed because Temporal (or the worker behind a workflow) could not be reached in time. */
export function temporalUnreachable(err: unknown): boolean {
  if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return true;
  // Still rejected unprocessed after its resends (resendingUnprocessed): the workflow never saw it.
  if (rejectedUnprocessed(err)) return true;
  if (!(err instanceof ServiceError)) return false;
  const cause = err.cause;
  if (!isGrpcServiceError(cause)) return false;
  // The workflow's last task failed (a worker killed or restarting mid-task) and its retry has not run yet: the server
  // refuses updates until it has. Seen in the crash campaign; it clears without anyone acting.
  if (cause.code === FAILED_PRECONDITION && /Workflow Task in failed state/i.test(cause.details)) return true;
  return TRANSIENT.has(cause.code);
}
