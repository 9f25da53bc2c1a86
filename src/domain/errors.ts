/**
 * The one error catalog: errorCode → its HTTP status (`error` in the body is the status's reason phrase, spec 7.1) and
 * whether the caller may send the same request again later and expect it to succeed (a dependency was down, a
 * limit or a balance may change, a worker still holds the job). Activities never retry a refusal themselves.
 */
interface ErrorDef {
  http: number;
  retryable: boolean;
}

export const ERRORS = {
  VALIDATION_ERROR: { http: 400, retryable: false },
  INVALID_JSON: { http: 400, retryable: false },
  INVALID_ADDRESS: { http: 400, retryable: false },
  UNAUTHORIZED: { http: 401, retryable: false },
  /** The admin has a TOTP authenticator and the login carried no `otp`: send it again with the code. */
  OTP_REQUIRED: { http: 401, retryable: false },
  FORBIDDEN_ROLE: { http: 403, retryable: false },
  OPERATOR_INACTIVE: { http: 403, retryable: false },
  HEADLESS_NOT_ENABLED: { http: 403, retryable: false },
  NOT_FOUND: { http: 404, retryable: false },
  SESSION_NOT_FOUND: { http: 404, retryable: false },
  SESSION_EXPIRED: { http: 400, retryable: false },
  SESSION_NOT_OPEN: { http: 400, retryable: false },
  AMOUNT_BELOW_MINIMUM: { http: 400, retryable: false },
  AMOUNT_ABOVE_MAXIMUM: { http: 400, retryable: false },
  // Spec 6.2 / 7.3: the operator's WITHDRAW_REQUEST deny codes, and a withdrawal already under way.
  WITHDRAW_DECLINED: { http: 400, retryable: false },
  INSUFFICIENT_BALANCE: { http: 400, retryable: false },
  WITHDRAW_UNAVAILABLE: { http: 400, retryable: false },
  USER_NOT_ELIGIBLE: { http: 400, retryable: false },
  DAILY_LIMIT_EXCEEDED: { http: 400, retryable: false },
  WITHDRAW_AMOUNT_TOO_LOW: { http: 400, retryable: false },
  WITHDRAW_AMOUNT_TOO_HIGH: { http: 400, retryable: false },
  ACCOUNT_VERIFICATION_REQUIRED: { http: 400, retryable: false },
  WITHDRAW_SUSPENDED: { http: 400, retryable: false },
  WITHDRAW_IN_PROGRESS: { http: 400, retryable: false },
  // Spec 7.4 (headless). UNSUPPORTED_CHAIN/TOKEN are 400 at creation and 409 at execute: pass `status`.
  OPERATOR_REFERENCE_REQUIRED: { http: 400, retryable: false },
  HEADLESS_INVALID_RECIPIENT: { http: 400, retryable: false },
  HEADLESS_UNSUPPORTED_CHAIN: { http: 400, retryable: false },
  HEADLESS_UNSUPPORTED_TOKEN: { http: 400, retryable: false },
  OPERATOR_REFERENCE_CONFLICT: { http: 409, retryable: false },
  HEADLESS_INTENT_NOT_EXECUTABLE: { http: 409, retryable: false },
  INSUFFICIENT_LIQUIDITY: { http: 409, retryable: true },
  WITHDRAW_CAP_UNVERIFIABLE: { http: 409, retryable: false },
  HEADLESS_CANCEL_NOT_ALLOWED: { http: 409, retryable: false },
  HEADLESS_RETRY_NOT_ALLOWED: { http: 409, retryable: false },
  HEADLESS_RETRY_IN_PROGRESS: { http: 409, retryable: true },
  PRICE_UNAVAILABLE: { http: 503, retryable: true },
  // A payout the node's gas estimate holds (domain/gas): the call would revert, or it costs more than the chain allows.
  GAS_ESTIMATE_FAILED: { http: 503, retryable: true },
  GAS_ABOVE_CEILING: { http: 409, retryable: true },
  BALANCE_UNAVAILABLE: { http: 503, retryable: true },
  WEBHOOK_NOT_CONFIGURED: { http: 400, retryable: false },
  EXTERNAL_USER_MISSING: { http: 400, retryable: false },
  INVALID_TRANSITION: { http: 409, retryable: false },
  // Idempotency-Key (CONTRACT §9): the key names another request; the key's first run has not answered yet.
  IDEMPOTENCY_KEY_REUSED: { http: 409, retryable: false },
  IDEMPOTENCY_KEY_IN_USE: { http: 409, retryable: true },
  PAYLOAD_TOO_LARGE: { http: 413, retryable: false },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, retryable: false },
  RATE_LIMITED: { http: 429, retryable: true },
  INTERNAL_ERROR: { http: 500, retryable: true },
  SERVICE_UNAVAILABLE: { http: 503, retryable: true },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

/** The HTTP status a code answers with, unless the moment decides otherwise (AppErrorOptions.status). */
export const httpStatus = (code: ErrorCode): number => ERRORS[code].http;

export const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
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
    return this.options.status ?? httpStatus(this.code);
  }
}

/** 400 VALIDATION_ERROR naming one field, for checks a zod schema cannot make (registry lookups, session kind). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', 'Request validation failed', { details: [{ field, message }] });
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
