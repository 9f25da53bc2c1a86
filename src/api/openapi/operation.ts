import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { ERRORS, REASON_PHRASES, type ErrorCode } from '../../domain/errors';
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
 * Who may call an operation. `sid`: the widget's session id is the credential, in the body (or the query of a widget
 * page); OpenAPI has no scheme for a credential inside a JSON body, so those operations say it in their description.
 */
export type Auth = 'operator' | 'admin' | 'sid' | 'metrics' | 'public';

const SECURITY: Record<Auth, Array<Record<string, string[]>>> = {
  operator: [{ operatorKey: [] }],
  admin: [{ adminToken: [] }],
  metrics: [{ metricsToken: [] }, {}],
  sid: [],
  public: [],
};

/** The errors every operation of a group can answer, before its own. */
const AUTH_ERRORS: Record<Auth, number[]> = { operator: [401, 403], admin: [401], metrics: [401], sid: [404], public: [] };

export function registerSecuritySchemes(r: OpenAPIRegistry): void {
  r.registerComponent('securitySchemes', 'operatorKey', { type: 'http', scheme: 'bearer', description: "The operator's API key" });
  r.registerComponent('securitySchemes', 'adminToken', { type: 'http', scheme: 'bearer', description: 'A token from POST /admin/login' });
  r.registerComponent('securitySchemes', 'metricsToken', { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when it is set' });
}

export const json = (description: string, schema: z.ZodType): ResponseConfig => ({ description, content: { 'application/json': { schema } } });

export interface Operation {
  method: 'get' | 'post' | 'patch';
  /** OpenAPI form: `/withdrawals/{sessionRef}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** Success answers by status. */
  responses: Record<number, ResponseConfig>;
  /** Error statuses beyond the group's own (400 is added for any operation with a body or query; 413 and 415 with a body). */
  errors?: number[];
}

/** One operation: its auth, inputs, success answers, its error statuses and a default error (CONTRACT §5). */
export function registerOperation(r: OpenAPIRegistry, op: Operation): void {
  const statuses = new Set([...AUTH_ERRORS[op.auth], ...(op.body || op.query ? [400] : []), ...(op.body ? [413, 415] : []), ...(op.errors ?? [])]);
  const errors = Object.fromEntries([...statuses].sort().map((s) => [s, json(REASON_PHRASES[s] ?? 'Error', errorBody)]));
  const sid = op.auth === 'sid' ? "Auth: the session's `sid` is the credential (no operator key). " : '';
  r.registerPath({
    method: op.method,
    path: op.path,
    tags: [op.tag],
    summary: op.summary,
    description: `${sid}${op.description ?? ''}`.trim() || undefined,
    security: SECURITY[op.auth],
    request: {
      ...(op.body ? { body: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.params ? { params: op.params } : {}),
    },
    responses: { ...op.responses, ...errors, default: json('Any other error (e.g. 500 INTERNAL_ERROR)', errorBody) },
  });
}
