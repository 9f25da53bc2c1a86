import type { CommandRef, RecordedCommand } from '../store/withdrawal-commands';
import type { SettlementOutcome } from './settlement';

export interface RecordedApproval {
  /** The recorded command, or null: none was recorded for this APPROVE, and nothing was approved. */
  command: RecordedCommand | null;
  outcome: SettlementOutcome | null;
}

interface RecordedApprovalDeps {
  claim(ref: CommandRef): Promise<RecordedCommand | null>;
  approveAndSettle(withdrawalId: string): Promise<SettlementOutcome>;
}

/**
 * A Mode B APPROVE as one activity: its recorded command claimed (decision 0038), then the approval settled, where
 * they were two activities with a workflow task between (decision 0047). Both steps are idempotent, so a retry of the
 * whole claims the same command again and settles from where the last attempt stopped.
 */
export function createRecordedApprovalActivities(d: RecordedApprovalDeps) {
  return {
    async settleRecordedApproval(ref: CommandRef): Promise<RecordedApproval> {
      const command = await d.claim(ref);
      return { command, outcome: command ? await d.approveAndSettle(ref.withdrawalId) : null };
    },
  };
}

export type RecordedApprovalActivities = ReturnType<typeof createRecordedApprovalActivities>;
