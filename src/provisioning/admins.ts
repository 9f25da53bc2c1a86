import type { Db } from '../adapters/db';
import { encryptSecret, hashPassword } from '../domain/credentials';
import { newTotpSecret, totpUri } from '../domain/totp';
import type { AdminRole } from '../generated/prisma/client';
import { setAdminDisabled, setAdminTotp } from '../store/admin-sessions';

export async function createAdmin(db: Db, email: string, password: string, role: AdminRole) {
  const admin = await db.admin.create({
    data: { email: email.toLowerCase(), passwordHash: await hashPassword(password), role },
  });
  return { id: admin.id };
}

/** `admin disable` / `admin enable`: a disabled admin cannot log in and its tokens stop working at once. */
export async function setAdminEnabled(db: Db, id: string, enabled: boolean) {
  if (!(await setAdminDisabled(db, id, !enabled))) throw new Error('not found');
  return { id, disabled: !enabled };
}

/**
 * `admin totp`: enrols a new authenticator (replacing any earlier one) and answers its otpauth URI, shown this once;
 * the secret is stored encrypted with SECRETS_KEY.
 */
export async function enrollAdminTotp(db: Db, id: string, secretsKey: string) {
  const secret = newTotpSecret();
  const admin = await setAdminTotp(db, id, encryptSecret(secret, secretsKey));
  if (!admin) throw new Error('not found');
  return { otpauthUri: totpUri(secret, admin.email) };
}
