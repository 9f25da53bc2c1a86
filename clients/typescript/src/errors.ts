import { ERROR_CODES, type ErrorCode } from './catalog';

/** The statuses the client retries by itself (rate limit, service busy), and that count as retryable without a code. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Every non-2xx answer, thrown by the client's calls after its retries. `errorCode` is the gateway's code (absent on
 * the few refusals the spec sends without one, such as a malformed address); `retryable` says whether the same
 * request may succeed later, from the gateway's own error catalog; `requestId` is the gateway's X-Request-Id, to
 * quote to its operators.
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';

  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: ErrorCode | string | undefined,
    readonly retryable: boolean,
    readonly requestId: string | undefined,
    readonly details: FieldIssue[] | undefined,
  ) {
    super(message);
  }

  /** Reads the gateway's `{ message, errorCode, error, details? }` body; a body of another shape keeps its status. */
  static async fromResponse(response: Response): Promise<GatewayError> {
    let body: { message?: unknown; errorCode?: unknown; details?: unknown } = {};
    try {
      const parsed: unknown = JSON.parse(await response.clone().text());
      if (parsed !== null && typeof parsed === 'object') body = parsed;
    } catch {
      // not JSON (a proxy's page): the status alone speaks
    }
    const errorCode = typeof body.errorCode === 'string' ? body.errorCode : undefined;
    const message = typeof body.message === 'string' ? body.message : `${response.status} ${response.statusText}`.trim();
    const known = errorCode !== undefined && Object.hasOwn(ERROR_CODES, errorCode) ? ERROR_CODES[errorCode as ErrorCode] : undefined;
    const retryable = known ? known.retryable : RETRY_STATUSES.has(response.status);
    const details = Array.isArray(body.details) ? (body.details as FieldIssue[]) : undefined;
    return new GatewayError(message, response.status, errorCode, retryable, response.headers.get('x-request-id') ?? undefined, details);
  }
}
