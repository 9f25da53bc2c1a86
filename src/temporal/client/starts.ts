import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { WorkflowStarts } from '../../activities/deps';
import type { Db } from '../../adapters/db';
import type { Config } from '../../config/env';
import { dispatchTarget, dispatchWebhook } from './webhooks';
import { startTreasurySend } from './treasury';
import { startWithdrawalWorkflow } from './withdrawals';

/** The workflow starts the activities are given (createActivities' `workflows`), on one client. */
export function workflowStarts(client: Client, config: Config, db: Db): WorkflowStarts {
  const dispatch = dispatchTarget(config, client, db);
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
