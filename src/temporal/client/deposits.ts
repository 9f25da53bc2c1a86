import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { DepositRun } from '../../activities/deps';
import type { Config } from '../../config/env';
import { depositWorkflowId } from '../../domain/keys';
import type { Deposit } from '../../generated/prisma/client';
import type { depositWorkflow } from '../../workflows/deposit';
import { searchAttributes } from '../../workflows/search-attributes';

/**
 * Starts a detected deposit's workflow (id `deposit-<chainId>-<txHash>-<logIndex|native>`): a rescan never starts a
 * second one. False when the id is taken by a run that stays.
 */
export async function startDepositWorkflow(client: Client, config: Config, deposit: Deposit, run: DepositRun): Promise<boolean> {
  try {
    await client.workflow.start<typeof depositWorkflow>('depositWorkflow', {
      workflowId: depositWorkflowId(deposit),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ pollMs: config.CHAIN_POLL_MS, priceRetrySeconds: config.PRICE_RETRY_SECONDS, depositId: deposit.id.toString() }],
      // A confirming deposit needs a run: a new one if the last has closed (it ended on a drop). A revived deposit's
      // old run may still be returning its DROPPED result: nothing is left for it to do, so it is replaced.
      workflowIdReusePolicy: run.confirming ? 'ALLOW_DUPLICATE' : 'REJECT_DUPLICATE',
      workflowIdConflictPolicy: run.revived ? 'TERMINATE_EXISTING' : 'FAIL',
      typedSearchAttributes: searchAttributes({ operatorId: run.operatorId, externalUserId: run.externalUserId, sessionRef: run.sessionRef }),
    });
    return true;
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return false;
  }
}
