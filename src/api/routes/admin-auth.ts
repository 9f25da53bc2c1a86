import type { Request } from 'express';
import { generateAdminToken, sha256Hex, verifyPassword } from '../../domain/credentials';
import { AppError } from '../../domain/errors';
import { adminByEmail, startAdminSession } from '../../store/admin-sessions';
import { publicAccess } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { json } from '../openapi/operation';
import { takeRateLimitSlot } from '../../store/rate-limits';
import { loginSchema } from '../schemas/admin';
import { loginResponse } from '../schemas/admin-responses';

// A fixed scrypt hash to verify against when the email is unknown, so timing does not reveal which emails exist.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/**
 * The client address is the TCP peer: `trust proxy` is off, so a forged X-Forwarded-For cannot pick a fresh
 * address per attempt. Behind a reverse proxy all clients share its address; the per-email limit still holds.
 */
const clientAddress = (req: Request) => req.socket.remoteAddress ?? 'unknown';

/** POST /admin/login → { token, expiresAt } (raw, like all /admin/*). */
export const adminLoginEndpoint = endpoint({
  operationId: 'adminLogin',
  method: 'post',
  path: '/admin/login',
  tag: 'Admin',
  auth: publicAccess,
  summary: 'Exchange an email and password for an admin token',
  body: loginSchema,
  responses: { 200: json('A token', loginResponse) },
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
  handler: async ({ deps: { db, config }, body: { email, password }, req, res }) => {
    const windowMs = config.ADMIN_LOGIN_WINDOW_SECONDS * 1000;
    const normalised = email.toLowerCase();
    // Every attempt counts, before the scrypt work: a guesser is slowed and cannot spend our CPU; an admin locked
    // out by someone else's attempts waits at most the window. The email is kept only as its hash.
    await takeRateLimitSlot(db, clientAddress(req), 'admin-login-ip', config.ADMIN_LOGIN_MAX_PER_IP, windowMs);
    await takeRateLimitSlot(db, sha256Hex(normalised), 'admin-login-email', config.ADMIN_LOGIN_MAX_PER_EMAIL, windowMs);
    const admin = await adminByEmail(db, normalised);
    const valid = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
    if (!admin || !valid) throw new AppError('UNAUTHORIZED', 'Invalid email or password');
    const { token, tokenHash } = generateAdminToken();
    const expiresAt = new Date(Date.now() + config.ADMIN_TOKEN_TTL_SECONDS * 1000);
    await startAdminSession(db, admin.id, tokenHash, expiresAt);
    res.json({ token, expiresAt: expiresAt.toISOString(), role: admin.role });
  },
});
