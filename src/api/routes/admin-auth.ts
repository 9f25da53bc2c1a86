import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { auditPage } from '../../store/admin-audit';
import { endAdminSession } from '../../store/admin-sessions';
import { loginAdmin } from '../../use-cases/admin-login';
import { adminToken, publicAccess } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { adminCookieToken, clearAdminCookie } from '../middleware/admin-cookie';
import { clientAddress, currentAdmin } from '../middleware/auth';
import { json, nextCursorHeader } from '../openapi/operation';
import { z } from '../openapi/zod';
import { adminAuditListQuery, loginSchema } from '../schemas/admin';
import { adminAuditView, loginResponse } from '../schemas/admin-responses';

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
  handler: async ({ deps, body, req, res }) => {
    const { token, expiresAt, role } = await loginAdmin(deps, body, clientAddress(req));
    res.json({ token, expiresAt: expiresAt.toISOString(), role });
  },
});

/** POST /admin/logout: the caller's token stops working at once. */
const logout = endpoint({
  operationId: 'adminLogout',
  method: 'post',
  path: '/admin/logout',
  tag: 'Admin',
  auth: adminToken({ changes: true }),
  summary: "Revoke the caller's admin token",
  description:
    "Revokes the token that authenticated the call (204); it stops working at once. Recorded in the admin audit. From the management panel (its cookie and CSRF token) it also clears the panel's cookie.",
  responses: { 204: { description: 'The token is revoked' } },
  handler: async ({ deps: { db }, req, res }) => {
    const a = currentAdmin(res);
    await endAdminSession(db, a.sessionId, { adminId: a.id, role: a.role, action: 'LOGOUT', clientAddress: clientAddress(req) });
    if (adminCookieToken(req)) clearAdminCookie(req, res);
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
  description:
    'Every admin action (status move, retry, redeliver, login, logout) with admin id, role, action, target, note, time and client address, newest first; a raw array with the next page in X-Next-Cursor.',
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
