import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { WorkflowStarts } from '../../activities/deps';
import type { Db } from '../../adapters/db';
import type { Config } from '../../config/env';
import { dispatchTarget, dispatchWebhook } from './webhooks';
import { startTreasurySend } from './treasury';
import { startWithdrawalWorkflow } from './withdrawals';

/**
 * The workflow starts the activities are given (createActivities' `workflows`). Given `local`, a client on the worker's
 * own connection, webhook deliveries start on it with eager start: the server hands the delivery's first workflow task
 * back in the start's answer to this process's webhook worker, so the task is never queued, matched and polled
 * (docs/performance.md, decision 0048).
 */
export function workflowStarts(client: Client, config: Config, db: Db, local?: Client): WorkflowStarts {
  const dispatch = dispatchTarget(config, local ?? client, db, { eager: local !== undefined });
  return {
    dispatchWebhook: (event) => dispatchWebhook(dispatch, event),
    startWithdrawalWorkflow: (w) => startWithdrawalWorkflow({ client, config, db }, w),
    startTreasurySend: (transferId) =>
      startTreasurySend(client, config, transferId).then(
        () => 'started' as const,
        (err: unknown) => {
          if (err instanceof WorkflowExecutionAlreadyStartedError) return 'already-started' as const;
          throw err;
        },
      ),
  };
}
