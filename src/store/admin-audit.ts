import type { Db } from '../adapters/db';
import { afterCursor, type Cursor } from '../domain/cursor';
import type { AdminAudit, AdminRole, Prisma } from '../generated/prisma/client';

export type AdminAction = 'LOGIN' | 'LOGIN_FAILED' | 'LOGOUT' | 'WITHDRAWAL_STATUS' | 'WITHDRAWAL_RETRY' | 'WEBHOOK_REDELIVER';

/** Who did what to what, from where (CONTRACT §9 "Admin audit"). */
export interface AuditEntry {
  adminId: string;
  role: AdminRole;
  action: AdminAction;
  targetId?: string;
  note?: string;
  clientAddress: string;
}

/** Records an admin action; pass the action's transaction so both are written or neither. */
export async function recordAdminAction(tx: Pick<Prisma.TransactionClient, 'adminAudit'>, e: AuditEntry): Promise<string> {
  const row = await tx.adminAudit.create({ data: e, select: { id: true } });
  return row.id;
}

export interface AuditFilter {
  adminId?: string;
  targetId?: string;
  since?: Date;
  until?: Date;
}

/** Up to `take` audit rows after the cursor, newest first; `since` inclusive, `until` exclusive. */
export function auditPage(db: Db, f: AuditFilter, after: Cursor | null, take: number): Promise<AdminAudit[]> {
  const createdAt = f.since || f.until ? { ...(f.since ? { gte: f.since } : {}), ...(f.until ? { lt: f.until } : {}) } : undefined;
  return db.adminAudit.findMany({
    where: { AND: [{ adminId: f.adminId, targetId: f.targetId, createdAt }, afterCursor(after)] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  });
}
