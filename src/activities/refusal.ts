import { ApplicationFailure } from '@temporalio/common';
import type { ErrorCode } from '../domain/errors';

/**
 * A business refusal thrown from an activity: the errorCode travels as ApplicationFailure.type (STYLE 11) and is never
 * retried by the activity (the caller decides, by the catalog's `retryable`). Where the catalog's status does not
 * apply (HEADLESS_UNSUPPORTED_* at execute: 409) the status goes in details, which the error handler reads.
 */
export function refusal(code: ErrorCode, message: string, status?: number): ApplicationFailure {
  return ApplicationFailure.create({ type: code, message, nonRetryable: true, details: status ? [{ status }] : [] });
}
