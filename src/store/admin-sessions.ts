import type { Db } from '../adapters/db';
import type { Admin, AdminSession } from '../generated/prisma/client';

/** The admin session a token's hash names, with its admin (expired ones too: the caller judges the expiry). */
export function adminSessionByTokenHash(db: Db, tokenHash: string): Promise<(AdminSession & { admin: Admin }) | null> {
  return db.adminSession.findUnique({ where: { tokenHash }, include: { admin: true } });
}

export function adminByEmail(db: Db, email: string): Promise<Admin | null> {
  return db.admin.findUnique({ where: { email } });
}

/** Stores a new admin token (its hash only) until it expires. */
export async function startAdminSession(db: Db, adminId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.adminSession.create({ data: { adminId, tokenHash, expiresAt } });
}
