import type { Client } from '@temporalio/client';
import type { Db } from '../adapters/db';
import { withdrawalWorkflowId } from '../domain/withdrawals';
import { supersedeUpdate } from '../workflows/withdrawal-messages';

/**
 * A cancelled session takes its unactioned widget withdrawal with it (spec 3.1: CANCELLED when the session is
 * cancelled). Through the workflow, so it runs in turn with any decision: one already settling is left to finish.
 */
export async function cancelUnactionedWithdrawal(db: Db, client: Client, sessionId: string): Promise<void> {
  const live = await db.withdrawal.findFirst({ where: { sessionId, status: { in: ['PENDING', 'AWAITING_APPROVAL'] } } });
  if (live) await client.workflow.getHandle(withdrawalWorkflowId(live)).executeUpdate(supersedeUpdate);
}
