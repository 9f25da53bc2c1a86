import type { RequestHandler } from 'express';
import type { Auth, AuthKind, EndpointDeps } from './endpoint';
import { adminAuth, metricsAuth, operatorAuth, requireActingRole, requireAuditReader, requireHeadless } from './middleware/auth';
import { requireDepositSession, sidAuth } from './middleware/sid-auth';

/** No credential. */
export const publicAccess: Auth = { kind: 'public', steps: () => [], errors: [] };

/** METRICS_TOKEN as a Bearer token, when the gateway sets one. */
export const metricsToken: Auth = { kind: 'metrics', steps: (d) => [metricsAuth(d.config.METRICS_TOKEN)], errors: ['UNAUTHORIZED'] };

/**
 * The widget's session id in the body (spec 4, auth "session (sid)"). `allowClosed`: the endpoint only reads, so an
 * expired or closed session still answers; `deposit`: a withdraw session's sid is refused naming `sid`.
 */
export function sidCredential(opts: { allowClosed?: boolean; deposit?: boolean } = {}): Auth {
  return {
    kind: 'sid',
    steps: (d) => [sidAuth(d.db, { allowClosed: opts.allowClosed }), ...(opts.deposit ? [requireDepositSession] : [])],
    errors: ['VALIDATION_ERROR', 'SESSION_NOT_FOUND', 'RATE_LIMITED', ...(opts.allowClosed ? [] : (['SESSION_EXPIRED', 'SESSION_NOT_OPEN'] as const))],
    note: "Auth: the session's `sid` is the credential (no operator key).",
  };
}

/** The operator's API key (spec 5); `headless`: the operator must have headless mode (spec 5 rule 2, first of the route's checks). */
export function operatorKey(opts: { headless?: boolean } = {}): Auth {
  return {
    kind: 'operator',
    steps: () => (opts.headless ? [requireHeadless] : []),
    errors: ['UNAUTHORIZED', 'OPERATOR_INACTIVE', ...(opts.headless ? (['HEADLESS_NOT_ENABLED'] as const) : [])],
    note: opts.headless ? 'Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED).' : undefined,
  };
}

/**
 * An admin token from POST /admin/login (Bearer, or the panel's cookie); `acting`: SUPPORT may read but not act
 * (CONTRACT §2); `audit`: the audit is read by ADMIN and SUPERADMIN only; `changes` (implied by `acting`): the
 * endpoint changes state, so the panel's cookie needs its CSRF token there.
 */
export function adminToken(opts: { acting?: boolean; audit?: boolean; changes?: boolean } = {}): Auth {
  const restricted = opts.acting || opts.audit;
  return {
    kind: 'admin',
    steps: () => (opts.acting ? [requireActingRole] : opts.audit ? [requireAuditReader] : []),
    errors: ['UNAUTHORIZED', ...(opts.acting || opts.changes ? (['CSRF_TOKEN_INVALID'] as const) : []), ...(restricted ? (['FORBIDDEN_ROLE'] as const) : [])],
    note: restricted ? 'ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE.' : undefined,
  };
}

/**
 * Header credentials guard every path under their endpoints' first segments, declared or not (CONTRACT §6 order):
 * a wrong key is 401 even on a route that does not exist, and it is judged before the route's path is decoded.
 */
export const GUARDS: Partial<Record<AuthKind, (deps: EndpointDeps) => RequestHandler>> = {
  operator: (d) => operatorAuth(d.db),
  admin: (d) => adminAuth(d.db),
};
