import type { Db } from '../adapters/db';
import type { WithdrawalCommandKind } from '../generated/prisma/client';
import { recordAdminAction, type AuditEntry } from './admin-audit';

/** What a workflow checks an update or signal against: the command it names must be this withdrawal's, of this kind and action. */
export interface CommandRef {
  commandId: string;
  withdrawalId: string;
  kind: WithdrawalCommandKind;
  action: string;
}

/** The recorded command's author and note, which the workflow writes (never the message's own text). */
export interface RecordedCommand {
  adminEmail: string | null;
  note: string | null;
}

export interface AdminCommand {
  withdrawalId: string;
  kind: Exclude<WithdrawalCommandKind, 'DECISION'>;
  action: string;
  adminEmail: string;
  note?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records an admin's move or retry with its audit row, in one transaction: both are written or neither. */
export async function recordAdminCommand(db: Db, cmd: AdminCommand, audit: AuditEntry): Promise<{ commandId: string; auditId: string }> {
  return db.$transaction(async (tx) => {
    const { id } = await tx.withdrawalCommand.create({ data: { ...cmd, adminId: audit.adminId }, select: { id: true } });
    return { commandId: id, auditId: await recordAdminAction(tx, audit) };
  });
}

/** Records an operator's decision (APPROVE or REJECT; its reason as the note). */
export async function recordDecision(db: Db, d: { withdrawalId: string; operatorId: string; decision: string; reason?: string }): Promise<string> {
  const row = await db.withdrawalCommand.create({
    data: { withdrawalId: d.withdrawalId, kind: 'DECISION', action: d.decision, operatorId: d.operatorId, note: d.reason },
    select: { id: true },
  });
  return row.id;
}

/**
 * The workflow refused the command: its audit row goes (the audit lists what was done), and so does the command if the
 * workflow never took it (refused by the update's validator). A command the workflow took stays: its history names it.
 */
export async function dropRefusedCommand(db: Db, commandId: string, auditId?: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.withdrawalCommand.deleteMany({ where: { id: commandId, consumedAt: null } });
    if (auditId) await tx.adminAudit.deleteMany({ where: { id: auditId } });
  });
}

/**
 * The command `ref` names if it matches, marked consumed the first time; null when there is none (a message sent to
 * Temporal directly, or naming another withdrawal's or another move's command). Safe to retry: a repeat of the same
 * command is the workflow's to refuse, which remembers what it took.
 */
export async function claimCommand(db: Db, ref: CommandRef): Promise<RecordedCommand | null> {
  if (!UUID.test(ref.commandId)) return null;
  const where = { id: ref.commandId, withdrawalId: ref.withdrawalId, kind: ref.kind, action: ref.action };
  const row = await db.withdrawalCommand.findFirst({ where, select: { adminEmail: true, note: true, consumedAt: true } });
  if (!row) return null;
  if (!row.consumedAt) await db.withdrawalCommand.updateMany({ where: { ...where, consumedAt: null }, data: { consumedAt: new Date() } });
  return { adminEmail: row.adminEmail, note: row.note };
}
