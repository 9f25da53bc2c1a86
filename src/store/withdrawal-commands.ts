import { randomUUID } from 'node:crypto';
import type { Db } from '../adapters/db';
import type { WithdrawalCommandKind } from '../generated/prisma/client';
import { recordAdminAction, type AuditEntry } from './admin-audit';
import { sqlRows, type Statement } from './sql';

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

const DECISION: Statement = {
  name: 'withdrawal-decision-record',
  text: `INSERT INTO "WithdrawalCommand" (id, "withdrawalId", kind, action, "operatorId", note, "createdAt")
    VALUES ($1::uuid, $2::uuid, 'DECISION', $3, $4::uuid, $5, now())`,
};

/**
 * Records an operator's decision (APPROVE or REJECT; its reason as the note). One prepared statement on the pool, off
 * Prisma's engine (src/store/sql.ts): every Mode B decision records one.
 */
export async function recordDecision(db: Db, d: { withdrawalId: string; operatorId: string; decision: string; reason?: string }): Promise<string> {
  const id = randomUUID();
  await sqlRows(db, DECISION, [id, d.withdrawalId, d.decision, d.operatorId, d.reason ?? null]);
  return id;
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

/** Marks a matching command consumed unless it already was (the first time stays), and answers it. */
const CLAIM: Statement = {
  name: 'withdrawal-command-claim',
  text: `UPDATE "WithdrawalCommand" SET "consumedAt" = COALESCE("consumedAt", now())
    WHERE id = $1::uuid AND "withdrawalId" = $2::uuid AND kind = $3::"WithdrawalCommandKind" AND action = $4
    RETURNING "adminEmail", note`,
};

/**
 * The command `ref` names if it matches, marked consumed the first time; null when there is none (a message sent to
 * Temporal directly, or naming another withdrawal's or another move's command). Safe to retry: a repeat of the same
 * command is the workflow's to refuse, which remembers what it took. One statement on the pool (src/store/sql.ts):
 * every Mode B decision, admin move and admin retry claims one, where Prisma took a read and an update.
 */
export async function claimCommand(db: Db, ref: CommandRef): Promise<RecordedCommand | null> {
  if (!UUID.test(ref.commandId)) return null;
  const [row] = await sqlRows<RecordedCommand>(db, CLAIM, [ref.commandId, ref.withdrawalId, ref.kind, ref.action]);
  return row ?? null;
}
