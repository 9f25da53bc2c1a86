import { adminLoginLimits, EMAIL_FAILURES_BUCKET } from '../../domain/admin-login';
import { decryptSecret, generateAdminToken, sha256Hex, verifyPassword } from '../../domain/credentials';
import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { AppError } from '../../domain/errors';
import { isFreshStep, totpStep } from '../../domain/totp';
import type { Admin } from '../../store/rows';
import { auditPage, recordAdminAction } from '../../store/admin-audit';
import { adminByEmail, endAdminSession, startAdminSession, takeTotpStep } from '../../store/admin-sessions';
import { recentHits, recordHit, takeRateLimitSlot } from '../../store/rate-limits';
import type { Config } from '../../config/env';
import type { Db } from '../../adapters/db';
import { adminToken, publicAccess } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { clientAddress, currentAdmin } from '../middleware/auth';
import { json, nextCursorHeader } from '../openapi/operation';
import { z } from '../openapi/zod';
import { adminAuditListQuery, loginSchema } from '../schemas/admin';
import { adminAuditView, loginResponse } from '../schemas/admin-responses';

// A fixed scrypt hash to verify against when the email is unknown, so timing does not reveal which emails exist.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/**
 * The second factor of an enrolled admin whose password was right: null when it passes (its step taken, so the same
 * code never logs in twice), else the refusal.
 */
async function secondFactor(db: Db, config: Config, admin: Admin, otp: string | undefined): Promise<AppError | null> {
  if (!admin.totpSecretEnc) return null;
  if (otp === undefined) return new AppError('OTP_REQUIRED', 'This admin needs the authenticator code (otp)');
  const step = await totpStep(decryptSecret(admin.totpSecretEnc, config.SECRETS_KEY), otp);
  if (step === null || !isFreshStep(step, admin.totpLastStep) || !(await takeTotpStep(db, admin.id, step))) {
    return new AppError('UNAUTHORIZED', 'Invalid email, password or code');
  }
  return null;
}

/** POST /admin/login → { token, expiresAt, role } (raw, like all /admin/*). */
export const adminLoginEndpoint = endpoint({
  operationId: 'adminLogin',
  method: 'post',
  path: '/admin/login',
  tag: 'Admin',
  auth: publicAccess,
  summary: 'Exchange an email and password (and the TOTP code, once enrolled) for an admin token',
  description:
    'Limits (decision record 0035): attempts per client address and per (email, client address); while an email has ' +
    'many failed logins from anywhere, each address gets only 3 attempts at it, so a flood slows that email without ' +
    'locking out a right login from another address.',
  body: loginSchema,
  responses: { 200: json('A token', loginResponse) },
  errors: ['UNAUTHORIZED', 'OTP_REQUIRED', 'RATE_LIMITED'],
  handler: async ({ deps: { db, config }, body: { email, password, otp }, req, res }) => {
    const windowMs = config.ADMIN_LOGIN_WINDOW_SECONDS * 1000;
    const emailHash = sha256Hex(email.toLowerCase());
    const address = clientAddress(req);
    // Every attempt counts, before the scrypt work: a guesser is slowed and cannot spend our CPU. The email is kept
    // only as its hash.
    const limits = adminLoginLimits(
      { maxPerAddress: config.ADMIN_LOGIN_MAX_PER_IP, maxPerEmailAddress: config.ADMIN_LOGIN_MAX_PER_EMAIL, emailFailuresBeforeSlowdown: config.ADMIN_LOGIN_EMAIL_FAILURES },
      { address, emailHash, emailFailures: await recentHits(db, emailHash, EMAIL_FAILURES_BUCKET, windowMs) },
    );
    for (const l of limits) await takeRateLimitSlot(db, l.subject, l.bucket, l.limit, windowMs);
    const admin = await adminByEmail(db, email.toLowerCase());
    const valid = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
    const refusal =
      !admin || !valid || admin.disabledAt ? new AppError('UNAUTHORIZED', 'Invalid email, password or code') : await secondFactor(db, config, admin, otp);
    if (refusal) {
      // OTP_REQUIRED is the first half of a right login, not a failure: it is counted only as an attempt.
      if (refusal.code !== 'OTP_REQUIRED') await recordHit(db, emailHash, EMAIL_FAILURES_BUCKET, windowMs);
      if (admin) await recordAdminAction(db, { adminId: admin.id, role: admin.role, action: 'LOGIN_FAILED', note: refusal.code, clientAddress: address });
      throw refusal;
    }
    const { token, tokenHash } = generateAdminToken();
    const expiresAt = new Date(Date.now() + config.ADMIN_TOKEN_TTL_SECONDS * 1000);
    await startAdminSession(db, admin!.id, tokenHash, expiresAt, { adminId: admin!.id, role: admin!.role, action: 'LOGIN', clientAddress: address });
    res.json({ token, expiresAt: expiresAt.toISOString(), role: admin!.role });
  },
});

/** POST /admin/logout: the caller's token stops working at once. */
const logout = endpoint({
  operationId: 'adminLogout',
  method: 'post',
  path: '/admin/logout',
  tag: 'Admin',
  auth: adminToken(),
  summary: "Revoke the caller's admin token",
  responses: { 204: { description: 'The token is revoked' } },
  handler: async ({ deps: { db }, req, res }) => {
    const a = currentAdmin(res);
    await endAdminSession(db, a.sessionId, { adminId: a.id, role: a.role, action: 'LOGOUT', clientAddress: clientAddress(req) });
    res.status(204).end();
  },
});

/** GET /admin/audit (ADMIN and SUPERADMIN): every admin action, newest first. */
const audit = endpoint({
  operationId: 'adminListAudit',
  method: 'get',
  path: '/admin/audit',
  tag: 'Admin',
  auth: adminToken({ audit: true }),
  summary: 'The admin audit (logins, logouts, status moves, retries, redeliveries), newest first',
  query: adminAuditListQuery,
  responses: { 200: { ...json('A page of audit rows', z.array(adminAuditView)), headers: nextCursorHeader } },
  handler: async ({ deps: { db }, query: q, res }) => {
    const rows = await auditPage(db, q, q.cursor ? decodeCursor(q.cursor) : null, q.limit + 1);
    const page = rows.slice(0, q.limit);
    if (rows.length > q.limit) res.setHeader('X-Next-Cursor', encodeCursor(page.at(-1)!));
    res.json(
      page.map((r) => ({
        id: r.id,
        adminId: r.adminId,
        role: r.role,
        action: r.action as z.infer<typeof adminAuditView>['action'],
        targetId: r.targetId,
        note: r.note,
        clientAddress: r.clientAddress,
        createdAt: r.createdAt.toISOString(),
      })),
    );
  },
});

export const adminSessionEndpoints = [logout, audit];
