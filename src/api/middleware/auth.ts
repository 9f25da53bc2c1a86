import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Db } from '../../adapters/db';
import { apiKeyId, apiKeyMatches, sha256Hex } from '../../domain/credentials';
import { AppError } from '../../domain/errors';
import type { AdminRole, Operator } from '../../store/rows';
import { adminSessionByTokenHash } from '../../store/admin-sessions';
import type { AdminAction, AuditEntry } from '../../store/admin-audit';
import { operatorKeys } from '../../store/operator-keys';
import { adminCookieToken, csrfMatches } from './admin-cookie';

function bearer(header: string | undefined): string | null {
  const m = /^Bearer ([^\s]+)$/.exec(header ?? '');
  return m?.[1] ?? null;
}

/** Operator key (spec 5): 401 when missing or wrong, then 403 OPERATOR_INACTIVE (CONTRACT §6 order). */
export function operatorAuth(db: Db): RequestHandler {
  const operatorByKeyId = operatorKeys(db);
  return async (req, res, next) => {
    const key = bearer(req.get('authorization'));
    const keyId = key ? apiKeyId(key) : null;
    const operator = keyId ? await operatorByKeyId(keyId) : null;
    if (!key || !operator || !apiKeyMatches(key, operator.apiKeyHash)) {
      throw new AppError('UNAUTHORIZED', 'Missing or invalid operator API key');
    }
    if (operator.status !== 'ACTIVE') throw new AppError('OPERATOR_INACTIVE', 'Operator account is inactive');
    res.locals.operator = operator;
    next();
  };
}

export function currentOperator(res: Response): Operator {
  return res.locals.operator as Operator;
}

export interface AdminPrincipal {
  id: string;
  email: string;
  role: AdminRole;
  /** The session the token names (POST /admin/logout ends it). */
  sessionId: string;
}

/**
 * The client address is the TCP peer: `trust proxy` is off, so a forged X-Forwarded-For cannot pick a fresh
 * address per attempt. Behind a reverse proxy all clients share its address (decision record 0035).
 */
export const clientAddress = (req: Request) => req.socket.remoteAddress ?? 'unknown';

/** The admin a token names, while it is valid: unknown, expired, or a disabled admin's token names nobody. */
export async function adminByToken(db: Db, token: string): Promise<AdminPrincipal | null> {
  const session = await adminSessionByTokenHash(db, sha256Hex(token));
  // Disabling deletes the admin's sessions too; the check holds if one is read as it is disabled.
  if (!session || session.expiresAt.getTime() <= Date.now() || session.admin.disabledAt) return null;
  const { id, email, role } = session.admin;
  return { id, email, role, sessionId: session.id };
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Admin token from POST /admin/login, as a Bearer header or the panel's cookie; an operator key is simply not a
 * token and gets 401. A cookie-authenticated state change needs the session's CSRF token too (403), so another
 * site cannot act with the cookie a browser would send.
 */
export function adminAuth(db: Db): RequestHandler {
  return async (req, res, next) => {
    const header = bearer(req.get('authorization'));
    const token = header ?? adminCookieToken(req);
    const admin = token ? await adminByToken(db, token) : null;
    if (!admin) throw new AppError('UNAUTHORIZED', 'Missing, invalid or expired admin token');
    if (!header && !READS.has(req.method) && !csrfMatches(req, token!)) throw new AppError('CSRF_TOKEN_INVALID', 'A panel request that changes state needs its CSRF token');
    res.locals.admin = admin;
    next();
  };
}

export function currentAdmin(res: Response): AdminPrincipal {
  return res.locals.admin as AdminPrincipal;
}

/** The audit row of the calling admin's action on `targetId` (CONTRACT §9 "Admin audit"). */
export function adminAudit(req: Request, res: Response, action: AdminAction, targetId?: string, note?: string): AuditEntry {
  const a = currentAdmin(res);
  return { adminId: a.id, role: a.role, action, targetId, note, clientAddress: clientAddress(req) };
}

/** SUPERADMIN and ADMIN act; SUPPORT reads only (CONTRACT §2). */
export const requireActingRole: RequestHandler = (_req, res, next) => {
  if (currentAdmin(res).role === 'SUPPORT') throw new AppError('FORBIDDEN_ROLE', 'This role may read but not act');
  next();
};

/** The audit is read by SUPERADMIN and ADMIN, who act; SUPPORT, who only reads the books, does not see it. */
export const requireAuditReader: RequestHandler = (_req, res, next) => {
  if (currentAdmin(res).role === 'SUPPORT') throw new AppError('FORBIDDEN_ROLE', 'This role may not read the admin audit');
  next();
};

/** Spec 5 rule 2: first on every headless endpoint, before anything about the resource is looked at. */
export const requireHeadless: RequestHandler = (_req, res, next) => {
  if (!currentOperator(res).headlessEnabled) throw new AppError('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for this operator');
  next();
};

/** GET /metrics: with METRICS_TOKEN set, only a scraper presenting it as a Bearer token reads it. */
export function metricsAuth(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (token) {
      const given = Buffer.from(req.get('authorization')?.replace(/^Bearer /, '') ?? '');
      const want = Buffer.from(token);
      if (given.length !== want.length || !timingSafeEqual(given, want)) throw new AppError('UNAUTHORIZED', 'Metrics need the metrics token');
    }
    next();
  };
}
