import { Router } from 'express';
import { generateAdminToken, verifyPassword } from '../../domain/credentials';
import { AppError } from '../../domain/errors';
import type { ApiDeps } from '../deps';
import { validateBody, validatedBody } from '../middleware/validate';
import { loginSchema } from '../schemas/admin';

// A fixed scrypt hash to verify against when the email is unknown, so timing does not reveal which emails exist.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** POST /admin/login → { token, expiresAt } (raw, like all /admin/*). */
export function adminAuthRoutes({ db, config }: ApiDeps): Router {
  const router = Router();
  router.post('/admin/login', validateBody(loginSchema), async (_req, res) => {
    const { email, password } = validatedBody(res, loginSchema);
    const admin = await db.admin.findUnique({ where: { email: email.toLowerCase() } });
    const valid = verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
    if (!admin || !valid) throw new AppError('UNAUTHORIZED', 'Invalid email or password');
    const { token, tokenHash } = generateAdminToken();
    const expiresAt = new Date(Date.now() + config.ADMIN_TOKEN_TTL_SECONDS * 1000);
    await db.adminSession.create({ data: { adminId: admin.id, tokenHash, expiresAt } });
    res.json({ token, expiresAt: expiresAt.toISOString(), role: admin.role });
  });
  return router;
}
