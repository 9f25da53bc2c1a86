import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { isErrorCode, type ErrorCode } from '../domain/errors';

/**
 * A business refusal raised by workflow code (an update's validator or handler): an ApplicationFailure typed by its
 * errorCode, so it fails the update (or the workflow), never the workflow task (STYLE 11).
 */
export const refusal = (code: ErrorCode, message: string): ApplicationFailure => ApplicationFailure.create({ type: code, message, nonRetryable: true });

/**
 * An activity's business refusal keeps its errorCode (and status); anything else is a fail-closed 503. A local
 * activity's failure reaches the workflow as the activity's own ApplicationFailure, not wrapped in an ActivityFailure.
 */
export function refusalOf(err: unknown): ApplicationFailure {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.nonRetryable && isErrorCode(cause.type)) {
    return ApplicationFailure.create({ type: cause.type, message: cause.message, details: cause.details ?? [], nonRetryable: true });
  }
  return refusal('SERVICE_UNAVAILABLE', 'Execute could not be completed now; retry it');
}
