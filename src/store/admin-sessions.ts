import type { Db } from '../adapters/db';
import type { Admin, AdminSession } from '../generated/prisma/client';
import { recordAdminAction, type AuditEntry } from './admin-audit';

/** The admin session a token's hash names, with its admin (expired ones too: the caller judges the expiry). */
export function adminSessionByTokenHash(db: Db, tokenHash: string): Promise<(AdminSession & { admin: Admin }) | null> {
  return db.adminSession.findUnique({ where: { tokenHash }, include: { admin: true } });
}

export function adminByEmail(db: Db, email: string): Promise<Admin | null> {
  return db.admin.findUnique({ where: { email } });
}

/** Stores a new admin token (its hash only) until it expires, with the login's audit row. */
export async function startAdminSession(db: Db, adminId: string, tokenHash: string, expiresAt: Date, audit: AuditEntry): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.adminSession.create({ data: { adminId, tokenHash, expiresAt } });
    await recordAdminAction(tx, audit);
  });
}

/** Revokes one token (POST /admin/logout), with the logout's audit row. */
export async function endAdminSession(db: Db, sessionId: string, audit: AuditEntry): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.adminSession.deleteMany({ where: { id: sessionId } });
    await recordAdminAction(tx, audit);
  });
}

/**
 * Takes a TOTP code's time step if it is later than the last one taken: conditional, so two logins racing with the
 * same code cannot both pass. False: that code (or a later one) was used already.
 */
export async function takeTotpStep(db: Db, adminId: string, step: bigint): Promise<boolean> {
  const res = await db.admin.updateMany({
    where: { id: adminId, totpSecretEnc: { not: null }, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return res.count === 1;
}

/** Disables (no login; every token revoked in the same transaction) or enables an admin. False: no such admin. */
export async function setAdminDisabled(db: Db, adminId: string, disabled: boolean): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const res = await tx.admin.updateMany({ where: { id: adminId }, data: { disabledAt: disabled ? new Date() : null } });
    if (disabled) await tx.adminSession.deleteMany({ where: { adminId } });
    return res.count === 1;
  });
}

/** Enrols (or replaces) the admin's TOTP secret, stored encrypted; a new secret has no code used yet. */
export async function setAdminTotp(db: Db, adminId: string, secretEnc: string): Promise<Admin | null> {
  const res = await db.admin.updateMany({ where: { id: adminId }, data: { totpSecretEnc: secretEnc, totpLastStep: null } });
  return res.count === 1 ? db.admin.findUnique({ where: { id: adminId } }) : null;
}

/** Admins' emails by id, to say who did what in the panel (disabled admins included: their actions stay theirs). */
export async function adminEmails(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.admin.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  return new Map(rows.map((r) => [r.id, r.email]));
}
