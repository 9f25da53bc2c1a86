import type { WorkflowStartOptions } from '@temporalio/client';

/**
 * How the worker starts its long-lived loops (scanners, dust sweepers, relays, reconcile): once per task queue, a
 * restarted worker attaching to the running one, and with a workflow task timeout of a minute instead of Temporal's
 * 10 s. A worker that starts under load replays each loop's history before the loop's next step: in a CI run on a
 * saturated two-core host, the replays of a scanner's and two relays' ~460 events took 23-33 s, so every attempt timed
 * out and began again from the start, and a deposit waited minutes for its scanner. A task held by a killed worker
 * waits this long before another takes it, which a loop's next step can. A continued-as-new run keeps its run's
 * timeout (the server copies it), so a loop started before this keeps 10 s until it is started anew.
 */
export const LOOP_START = {
  workflowIdConflictPolicy: 'USE_EXISTING',
  workflowTaskTimeout: '1 minute',
} as const satisfies Pick<WorkflowStartOptions, 'workflowIdConflictPolicy' | 'workflowTaskTimeout'>;
