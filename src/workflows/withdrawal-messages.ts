import { defineUpdate } from '@temporalio/workflow';
import type { AdminTarget } from '../domain/withdrawals';

export interface AdminTransitionInput {
  to: AdminTarget;
  adminNote?: string;
  /** The admin's email, kept with the note by runs begun before recorded commands (since, the recorded row's is). */
  by?: string;
  /** The WithdrawalCommand row the API recorded for this move; without a matching one the move is refused (decision 0038). */
  commandId?: string;
}

export interface DecisionInput {
  decision: 'APPROVE' | 'REJECT';
  reason?: string;
  /** The WithdrawalCommand row the API recorded for this decision; without a matching one it is refused (decision 0038). */
  commandId?: string;
}

/** What a decision or admin move answers: the withdrawal's state after it. */
export interface WithdrawalState {
  withdrawStatus: string;
  settlementTxHash: string | null;
  held: boolean;
  heldReason: string | null;
}

/**
 * Mode A admin move (PATCH /admin/withdrawals/:id/status); the validator refuses an illegal move unrecorded, the handler
 * a move with no recorded command (in the history).
 */
export const adminTransitionUpdate = defineUpdate<WithdrawalState, [AdminTransitionInput]>('adminTransition');
/** Mode B decision (POST /withdraw/:id/decision); the handler refuses a decision with no recorded command (in the history). */
export const decideUpdate = defineUpdate<WithdrawalState, [DecisionInput]>('decide');
/**
 * Cancels the request while still unactioned (PENDING or AWAITING_APPROVAL): a newer Mode B request supersedes it,
 * or its session was cancelled. An update, not a signal: it runs in turn with a decision, and the caller learns
 * whether it was cancelled or had already moved on.
 */
export const supersedeUpdate = defineUpdate<WithdrawalState, []>('supersede');
