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
  /** A state change authenticated by the panel's cookie without its session's CSRF token (CONTRACT §9). */
  CSRF_TOKEN_INVALID: { http: 403, retryable: false },
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

/**
 * What an operator should do on each code: docs/errors.md is generated from this and ERRORS (`npm run docs:errors`),
 * and the API reference lists each operation's codes with their retryable flag.
 */
export const OPERATOR_ACTIONS: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Fix the request: `details` names each bad field and why.',
  INVALID_JSON: 'Send a well-formed JSON body with `Content-Type: application/json`.',
  INVALID_ADDRESS: 'Send a valid address for the chain (EVM: 0x and 40 hex digits).',
  UNAUTHORIZED: 'Check the credential: the operator key as `Authorization: Bearer <key>`, or a live admin token.',
  OTP_REQUIRED: "Log in again with the admin's current one-time code in `otp`.",
  FORBIDDEN_ROLE: 'Use an ADMIN or SUPERADMIN account; SUPPORT may only read.',
  CSRF_TOKEN_INVALID: "From the panel: reload the page (it carries the session's CSRF token); API callers use the Bearer header, which needs none.",
  OPERATOR_INACTIVE: 'Ask the service team to reactivate the operator.',
  HEADLESS_NOT_ENABLED: 'Ask the service team to enable headless mode for the operator.',
  NOT_FOUND: 'Check the id: it does not exist or belongs to another operator.',
  SESSION_NOT_FOUND: "Check the sid or session id: unknown, or another operator's session.",
  SESSION_EXPIRED: 'Create a new session: this one passed its time to live.',
  SESSION_NOT_OPEN: 'Create a new session: this one was cancelled or completed.',
  AMOUNT_BELOW_MINIMUM: "Send an amount at or above the operator's minimum.",
  AMOUNT_ABOVE_MAXIMUM: "Send an amount at or below the operator's maximum for a session.",
  WITHDRAW_DECLINED: 'None: your WITHDRAW_REQUEST answer declined it (error 1); show the user.',
  INSUFFICIENT_BALANCE: "None: your WITHDRAW_REQUEST answer said the user's balance is short (error 2).",
  WITHDRAW_UNAVAILABLE: 'None: your WITHDRAW_REQUEST answer said withdrawals are unavailable (error 3); the user may try later.',
  USER_NOT_ELIGIBLE: 'None: your WITHDRAW_REQUEST answer said the user is not eligible (error 4).',
  DAILY_LIMIT_EXCEEDED: 'Wait until the rolling 24 h total leaves room, or raise the daily limit; nothing was reserved.',
  WITHDRAW_AMOUNT_TOO_LOW: 'None: your WITHDRAW_REQUEST answer said the amount is too low (error 6).',
  WITHDRAW_AMOUNT_TOO_HIGH: 'Send a smaller amount, or raise the single-withdrawal limit; nothing was reserved.',
  ACCOUNT_VERIFICATION_REQUIRED: 'None: your WITHDRAW_REQUEST answer asked for verification (error 8); verify the user first.',
  WITHDRAW_SUSPENDED: 'None: your WITHDRAW_REQUEST answer said the account is suspended (error 9).',
  WITHDRAW_IN_PROGRESS: "Wait for the session's withdrawal under way to finish (its webhook says how).",
  OPERATOR_REFERENCE_REQUIRED: 'Send a non-empty operatorReference with executionMode HEADLESS.',
  HEADLESS_INVALID_RECIPIENT: 'Send a real destination address (not the zero address).',
  HEADLESS_UNSUPPORTED_CHAIN: 'Pick a chain from GET /withdraw/options (EVM, active); at execute, create a new intent on a supported chain.',
  HEADLESS_UNSUPPORTED_TOKEN: 'Pick a registered ERC-20 token from GET /withdraw/options; at execute, create a new intent.',
  OPERATOR_REFERENCE_CONFLICT: 'Use a new operatorReference, or resend the first payload unchanged.',
  HEADLESS_INTENT_NOT_EXECUTABLE: 'Create a new intent: this one expired, was cancelled or is past execution.',
  INSUFFICIENT_LIQUIDITY: 'Retry later, or pick another asset: the bankroll cannot fund it now; nothing was reserved.',
  WITHDRAW_CAP_UNVERIFIABLE: "Check the operator's limits and cap currency with the service team; nothing was reserved.",
  HEADLESS_CANCEL_NOT_ALLOWED: 'Do not cancel: a transaction may exist; follow GET /withdrawals/{sessionRef} and the webhooks.',
  HEADLESS_RETRY_NOT_ALLOWED: 'None: only WAITING_FOR_GAS or retryable FAILED payouts with no transaction can be requeued.',
  HEADLESS_RETRY_IN_PROGRESS: 'Wait: a settlement worker holds the job; check the status again later.',
  PRICE_UNAVAILABLE: 'Retry later: no fresh price could be read; nothing was reserved.',
  GAS_ESTIMATE_FAILED: 'Retry later; if it persists, tell the service team (the payout would revert or the node is failing).',
  GAS_ABOVE_CEILING: "Retry later, when the chain's gas price falls under the ceiling.",
  BALANCE_UNAVAILABLE: 'Retry later: the bankroll balance could not be read; nothing was reserved.',
  WEBHOOK_NOT_CONFIGURED: 'Ask the service team to set the operator\'s webhook URL and secret.',
  EXTERNAL_USER_MISSING: 'Send the test event for a session that has an externalUserId.',
  INVALID_TRANSITION: 'Read the current status first: the move or redelivery does not apply to it.',
  IDEMPOTENCY_KEY_REUSED: 'Use a new Idempotency-Key for a different request; resend the same body to get the kept answer.',
  IDEMPOTENCY_KEY_IN_USE: 'Retry after a moment: the first request with this key is still running.',
  PAYLOAD_TOO_LARGE: 'Send a smaller body.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the body as `application/json`.',
  RATE_LIMITED: 'Retry after the seconds in the Retry-After header.',
  INTERNAL_ERROR: 'Retry with the same Idempotency-Key; tell the service team if it persists.',
  SERVICE_UNAVAILABLE: 'Retry later: a dependency is down; tell the service team if it persists.',
};

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
