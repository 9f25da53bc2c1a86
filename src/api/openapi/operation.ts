import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { ERRORS, httpStatus, REASON_PHRASES, type ErrorCode } from '../../domain/errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../domain/idempotency';
import { takesIdempotencyKey, type AuthKind, type Endpoint } from '../endpoint';
import { z } from './zod';

/** CONTRACT §5: every error body. Validation failures name each bad field in `details`; a malformed address has no errorCode. */
export const errorBody = z
  .object({
    message: z.string(),
    errorCode: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]).optional(),
    error: z.string().describe("The HTTP status's reason phrase"),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .openapi('Error');

/**
 * Who may call an operation. The widget's `sid` travels in the JSON body of its POST operations (their request schema
 * requires it) and in the query of its pages; OpenAPI has no body location for a credential, so the scheme names the
 * query and its description says both.
 */
const SECURITY: Record<AuthKind, Array<Record<string, string[]>>> = {
  operator: [{ operatorKey: [] }],
  admin: [{ adminToken: [] }],
  metrics: [{ metricsToken: [] }, {}],
  sid: [{ sessionId: [] }],
  public: [],
};

/** The signature header of every webhook the gateway sends (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Signature';

export function registerSecuritySchemes(r: OpenAPIRegistry): void {
  r.registerComponent('securitySchemes', 'operatorKey', {
    type: 'http',
    scheme: 'bearer',
    description: "The operator's API key (`Authorization: Bearer <OPERATOR_SECRET_KEY>`), provisioned by the service team; server-side use only.",
  });
  r.registerComponent('securitySchemes', 'adminToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'An admin token from POST /admin/login (`Authorization: Bearer <token>`); the operator key does not work on /admin/*.',
  });
  r.registerComponent('securitySchemes', 'sessionId', {
    type: 'apiKey',
    in: 'query',
    name: 'sid',
    description:
      "The widget session's id (from POST /session/deposit or /session/withdraw). The widget pages take it in the query; " +
      "the widget's POST operations take it as the `sid` field of the JSON body instead (OpenAPI has no body location for a credential).",
  });
  r.registerComponent('securitySchemes', 'metricsToken', { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when it is set' });
  r.registerComponent('securitySchemes', 'webhookSignature', {
    type: 'apiKey',
    in: 'header',
    name: WEBHOOK_SIGNATURE_HEADER,
    description:
      'How the gateway signs every webhook it sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the operator\'s webhook secret>`. ' +
      'Verify it on the raw body before parsing and compare in constant time; retries keep `t`, so deduplicate on X-Event-Id (docs/webhooks.md).',
  });
}

export const json = (description: string, schema: z.ZodType): ResponseConfig => ({ description, content: { 'application/json': { schema } } });

/** The X-Next-Cursor header of a paged list. */
export const nextCursorHeader = { 'X-Next-Cursor': { description: 'The next page, absent on the last', schema: { type: 'string' as const } } };

/** The Idempotency-Key header of every operator POST (CONTRACT §9). */
const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .openapi({
      description:
        'Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). ' +
        'The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. ' +
        'A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.',
      example: 'order-9001-attempt',
    }),
});

/** Every catalog code an endpoint may answer, by status: its auth's, its input validation's, its own. */
export function errorCodesByStatus(e: Endpoint): Map<number, ErrorCode[]> {
  const keyed = takesIdempotencyKey(e);
  const input: ErrorCode[] = [
    ...(e.body || e.query || e.rejectBadParams || keyed ? (['VALIDATION_ERROR'] as const) : []),
    ...(e.body ? (['INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
    ...(keyed ? (['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'] as const) : []),
  ];
  const all = [...e.auth.errors, ...input, ...(e.errors ?? [])].map((c) => (typeof c === 'string' ? { code: c, status: httpStatus(c) } : c));
  const byStatus = new Map<number, ErrorCode[]>(e.otherErrorStatuses?.map((s) => [s, []]));
  for (const { code, status } of all) {
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    byStatus.set(status, codes);
  }
  return byStatus;
}

/** A code's line in an error answer's description: whether sending the same request again later can succeed. */
const codeLine = (code: ErrorCode) => `\`${code}\` (${ERRORS[code].retryable ? 'retryable' : 'not retryable'})`;

/**
 * An error answer: the §5 body; the catalog codes this operation may answer with that status, each with its retryable
 * flag from src/domain/errors.ts, in the description and in `x-error-codes` for tools.
 */
function errorResponse(status: number, codes: ErrorCode[]): ResponseConfig {
  const phrase = REASON_PHRASES[status] ?? 'Error';
  const response = json(codes.length ? `${phrase}. errorCode: ${codes.map(codeLine).join(', ')}.` : phrase, errorBody);
  return codes.length ? ({ ...response, 'x-error-codes': codes.map((code) => ({ code, retryable: ERRORS[code].retryable })) } as ResponseConfig) : response;
}

/** `/withdrawals/:sessionRef` → `/withdrawals/{sessionRef}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** One endpoint's operation: its auth, inputs, success answers, its error answers and a default error (CONTRACT §5). */
export function registerEndpoint(r: OpenAPIRegistry, e: Endpoint): void {
  const codes = errorCodesByStatus(e);
  const errors = Object.fromEntries([...codes.keys()].sort().map((s) => [s, errorResponse(s, codes.get(s)!)]));
  r.registerPath({
    operationId: e.operationId,
    method: e.method,
    path: openApiPath(e.path),
    tags: [e.tag],
    summary: e.summary,
    description: [e.auth.note, e.description].filter(Boolean).join(' ') || undefined,
    security: SECURITY[e.auth.kind],
    request: {
      ...(e.body ? { body: { required: true, content: { 'application/json': { schema: e.body } } } } : {}),
      ...(e.query ? { query: e.query as z.ZodObject } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(takesIdempotencyKey(e) ? { headers: idempotencyHeaders } : {}),
    },
    responses: { ...e.responses, ...errors, default: json('Any other error (e.g. 500 INTERNAL_ERROR)', errorBody) },
  });
}
