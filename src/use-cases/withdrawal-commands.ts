import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { Db } from '../adapters/db';
import type { AdminTarget } from '../domain/withdrawals';
import type { Withdrawal } from '../generated/prisma/client';
import type { AuditEntry } from '../store/admin-audit';
import { dropRefusedCommand, recordAdminCommand, recordDecision } from '../store/withdrawal-commands';
import type { HeadlessHandle } from '../temporal/client/headless';
import { onWithdrawalWorkflow, type WithdrawalStarter } from '../temporal/client/withdrawals';
import { adminRetrySignal } from '../workflows/headless-messages';
import { adminTransitionUpdate, decideUpdate, type DecisionInput, type WithdrawalState } from '../workflows/withdrawal-messages';

/** Sends a recorded command's update; a refusal drops what the command left behind (see dropRefusedCommand). */
async function send<T>(s: WithdrawalStarter, w: Withdrawal, recorded: { commandId: string; auditId?: string }, update: Parameters<typeof onWithdrawalWorkflow<T>>[2]): Promise<T> {
  try {
    return await onWithdrawalWorkflow(s, w, update);
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError) await dropRefusedCommand(s.db, recorded.commandId, recorded.auditId);
    throw err;
  }
}

/**
 * A Mode A admin move (PATCH /admin/withdrawals/:id/status): recorded with its audit row in one transaction, then sent
 * to the workflow naming that record, which acts on nothing else (decision 0038).
 */
export async function moveWithdrawal(s: WithdrawalStarter, w: Withdrawal, move: { to: AdminTarget; adminNote?: string; by: string }, audit: AuditEntry): Promise<WithdrawalState> {
  const recorded = await recordAdminCommand(s.db, { withdrawalId: w.id, kind: 'ADMIN_MOVE', action: move.to, adminEmail: move.by, note: move.adminNote }, audit);
  // The note and email travel too, for a worker not yet upgraded during a rolling upgrade; the workflow writes the row's.
  return send(s, w, recorded, (h) => h.executeUpdate(adminTransitionUpdate, { args: [{ ...move, commandId: recorded.commandId }] }));
}

/** A Mode B decision (POST /withdraw/:id/decision) by `operatorId` (the owner or its parent): recorded, then sent naming the record. */
export async function decideWithdrawal(s: WithdrawalStarter, w: Withdrawal, operatorId: string, input: DecisionInput): Promise<WithdrawalState> {
  const commandId = await recordDecision(s.db, { withdrawalId: w.id, operatorId, decision: input.decision, reason: input.reason });
  return send(s, w, { commandId }, (h) => h.executeUpdate(decideUpdate, { args: [{ ...input, commandId }] }));
}

/**
 * An admin retry of a headless payout (POST /admin/withdrawals/:id/retry): recorded with its audit row, then signalled
 * naming the record. A signal that did not go out leaves neither behind.
 */
export async function retryHeadless(db: Db, handle: HeadlessHandle, w: Withdrawal, by: string, audit: AuditEntry): Promise<void> {
  const { commandId, auditId } = await recordAdminCommand(db, { withdrawalId: w.id, kind: 'ADMIN_RETRY', action: 'RETRY', adminEmail: by }, audit);
  try {
    await handle.signal(adminRetrySignal, { commandId });
  } catch (err) {
    await dropRefusedCommand(db, commandId, auditId);
    throw err;
  }
}
