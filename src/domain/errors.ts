/** The one error catalog: errorCode → HTTP status. `error` in the body is the status's reason phrase (spec 7.1). */
export const ERRORS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  INVALID_ADDRESS: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN_ROLE: 403,
  OPERATOR_INACTIVE: 403,
  HEADLESS_NOT_ENABLED: 403,
  NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  SESSION_EXPIRED: 400,
  SESSION_NOT_OPEN: 400,
  AMOUNT_BELOW_MINIMUM: 400,
  AMOUNT_ABOVE_MAXIMUM: 400,
  // Spec 6.2 / 7.3: the operator's WITHDRAW_REQUEST deny codes, and a withdrawal already under way.
  WITHDRAW_DECLINED: 400,
  INSUFFICIENT_BALANCE: 400,
  WITHDRAW_UNAVAILABLE: 400,
  USER_NOT_ELIGIBLE: 400,
  DAILY_LIMIT_EXCEEDED: 400,
  WITHDRAW_AMOUNT_TOO_LOW: 400,
  WITHDRAW_AMOUNT_TOO_HIGH: 400,
  ACCOUNT_VERIFICATION_REQUIRED: 400,
  WITHDRAW_SUSPENDED: 400,
  WITHDRAW_IN_PROGRESS: 400,
  // Spec 7.4 (headless). UNSUPPORTED_CHAIN/TOKEN are 400 at creation and 409 at execute: pass `status`.
  OPERATOR_REFERENCE_REQUIRED: 400,
  HEADLESS_INVALID_RECIPIENT: 400,
  HEADLESS_UNSUPPORTED_CHAIN: 400,
  HEADLESS_UNSUPPORTED_TOKEN: 400,
  OPERATOR_REFERENCE_CONFLICT: 409,
  HEADLESS_INTENT_NOT_EXECUTABLE: 409,
  INSUFFICIENT_LIQUIDITY: 409,
  WITHDRAW_CAP_UNVERIFIABLE: 409,
  HEADLESS_CANCEL_NOT_ALLOWED: 409,
  HEADLESS_RETRY_NOT_ALLOWED: 409,
  HEADLESS_RETRY_IN_PROGRESS: 409,
  PRICE_UNAVAILABLE: 503,
  BALANCE_UNAVAILABLE: 503,
  WEBHOOK_NOT_CONFIGURED: 400,
  EXTERNAL_USER_MISSING: 400,
  INVALID_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERRORS;

export const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface FieldIssue {
  field: string;
  message: string;
}

export interface AppErrorOptions {
  details?: FieldIssue[];
  /** Spec 7.1: a malformed or non-EVM address is a 400 with no errorCode in the body. */
  omitCode?: boolean;
  /** For RATE_LIMITED: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
  /** For the codes whose status depends on when they happen (HEADLESS_UNSUPPORTED_* at execute: 409). */
  status?: number;
}

/** A failure the caller may see: its message must never carry internals (stack, SQL, RPC text, secrets). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return this.options.status ?? ERRORS[this.code];
  }
}

/** 400 VALIDATION_ERROR naming one field, for checks a zod schema cannot make (registry lookups, session kind). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', 'Request validation failed', { details: [{ field, message }] });
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
