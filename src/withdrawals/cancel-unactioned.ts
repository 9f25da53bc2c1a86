import { WIDGET_MOVES } from '../domain/withdrawal-machine';
import { supersedeUpdate } from '../workflows/withdrawal-messages';
import { onWithdrawalWorkflow, type WithdrawalStarter } from './start-withdrawal';

/**
 * A cancelled session takes its unactioned widget withdrawal with it (spec 3.1: CANCELLED when the session is
 * cancelled). Through the workflow, so it runs in turn with any decision: one already settling is left to finish.
 * Call after the session's cancel committed: a submission holding the session's lock has committed by then, so its
 * request is found here, even if its workflow has not been started yet (it is started now).
 */
export async function cancelUnactionedWithdrawal(s: WithdrawalStarter, sessionId: string): Promise<void> {
  const live = await s.db.withdrawal.findFirst({ where: { sessionId, status: { in: [...WIDGET_MOVES.supersede.from] } } });
  if (live) await onWithdrawalWorkflow(s, live, (h) => h.executeUpdate(supersedeUpdate));
}
