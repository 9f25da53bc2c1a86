import type { Db } from '../adapters/db';
import type { Config } from '../config/env';
import { adminLoginLimits, EMAIL_FAILURES_BUCKET } from '../domain/admin-login';
import { decryptSecret, generateAdminToken, sha256Hex, verifyPassword } from '../domain/credentials';
import { AppError } from '../domain/errors';
import { isFreshStep, totpStep } from '../domain/totp';
import type { Admin, AdminRole } from '../generated/prisma/client';
import { recordAdminAction } from '../store/admin-audit';
import { adminByEmail, startAdminSession, takeTotpStep } from '../store/admin-sessions';
import { recentHits, recordHit, takeRateLimitSlot } from '../store/rate-limits';

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

export interface AdminLogin {
  token: string;
  expiresAt: Date;
  role: AdminRole;
}

/**
 * An admin's login (CONTRACT §9), the one way to get an admin token: POST /admin/login answers it, the panel keeps
 * it in its cookie. Limits per decision record 0035; throws the refusal (401 UNAUTHORIZED or OTP_REQUIRED, 429).
 */
export async function loginAdmin(
  { db, config }: { db: Db; config: Config },
  { email, password, otp }: { email: string; password: string; otp?: string },
  address: string,
): Promise<AdminLogin> {
  const windowMs = config.ADMIN_LOGIN_WINDOW_SECONDS * 1000;
  const emailHash = sha256Hex(email.toLowerCase());
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
  return { token, expiresAt, role: admin!.role };
}
