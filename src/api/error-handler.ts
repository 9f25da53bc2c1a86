import { ApplicationFailure } from '@temporalio/common';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { isTransactionTimeout } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import { temporalUnreachable } from '../temporal/client/unreachable';
import { AppError, httpStatus, isErrorCode, REASON_PHRASES, type ErrorCode, type FieldIssue } from '../domain/errors';

export function zodDetails(err: ZodError): FieldIssue[] {
  return err.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
}

function body(code: ErrorCode, message: string, details?: FieldIssue[], omitCode = false, status: number = httpStatus(code)) {
  return {
    status,
    json: {
      message,
      ...(omitCode ? {} : { errorCode: code }),
      error: REASON_PHRASES[status] ?? 'Error',
      ...(details ? { details } : {}),
    },
  };
}

/**
 * A business rejection from a workflow (an update's validator or handler, or an activity) travels as an
 * ApplicationFailure whose type is the errorCode, possibly wrapped (WorkflowUpdateFailedError → ActivityFailure → …).
 * Its first detail may carry `{ status }` for the codes whose HTTP status depends on the moment.
 */
function businessFailure(err: unknown): ApplicationFailure | null {
  let f: unknown = err;
  while (f instanceof Error && !(f instanceof ApplicationFailure) && f.cause) f = f.cause;
  return f instanceof ApplicationFailure && isErrorCode(f.type) ? f : null;
}

/** Express body-parser failures carry a `type`; anything else is ours or a bug. */
function classify(err: unknown): ReturnType<typeof body> | null {
  if (err instanceof AppError) return body(err.code, err.message, err.options.details, err.options.omitCode, err.status);
  const failure = businessFailure(err);
  if (failure && isErrorCode(failure.type)) {
    const status = (failure.details?.[0] as { status?: number } | undefined)?.status;
    return body(failure.type, failure.message, undefined, false, status ?? httpStatus(failure.type));
  }
  if (err instanceof ZodError) return body('VALIDATION_ERROR', 'Request validation failed', zodDetails(err));
  if (isTransactionTimeout(err)) return body('SERVICE_UNAVAILABLE', 'The service is busy; nothing was changed, try again shortly');
  if (temporalUnreachable(err)) return body('SERVICE_UNAVAILABLE', 'The service could not finish this now; try again shortly (a repeat is refused if it was already done)');
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return body('INVALID_JSON', 'Request body is not valid JSON');
  if (type === 'entity.too.large') return body('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return body('VALIDATION_ERROR', 'Unsupported request body encoding');
  // The router decodes path parameters; a malformed %-sequence is the caller's mistake, not ours.
  if (err instanceof URIError) return body('VALIDATION_ERROR', 'Request validation failed', [{ field: 'path', message: 'malformed %-encoding' }]);
  // Any other refusal of the request's framing by the body parser (aborted, bad length): a 400, never a 500.
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return body('VALIDATION_ERROR', 'The request could not be read');
  return null;
}

/** The one error mapper: every failure leaves as { message, errorCode, error }, never with internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = classify(err);
    const out = known ?? body('INTERNAL_ERROR', 'Internal error');
    if (!known) logger.error('unhandled error', { requestId: res.locals.requestId, path: req.path, err });
    if (err instanceof AppError && err.options.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.options.retryAfterSeconds));
    if (isTransactionTimeout(err)) {
      // Overload, not a defect: every connection was busy for DB_TX_MAX_WAIT_MS. Worth an alert when it repeats.
      logger.warn('database busy', { requestId: res.locals.requestId, route: req.route ? String(req.route.path) : null });
      res.setHeader('Retry-After', '1');
    } else if (temporalUnreachable(err)) {
      // Temporal or the worker behind the workflow is down or restarting: the caller's retry is the remedy, an alert
      // is due when it lasts.
      logger.warn('temporal unreachable', { requestId: res.locals.requestId, route: req.route ? String(req.route.path) : null, err });
      res.setHeader('Retry-After', '1');
    }
    res.status(out.status).json(out.json);
  };
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
};
