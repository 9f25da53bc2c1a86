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

/** A failure the caller may see: its message must never carry internals (stack, SQL, RPC text, secrets). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    /** Spec 7.1: a malformed or non-EVM address is a 400 with no errorCode in the body. */
    readonly omitCode = false,
    /** For RATE_LIMITED: the Retry-After header, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERRORS[this.code];
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
