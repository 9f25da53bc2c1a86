import { proxyActivities } from '@temporalio/workflow';

/** The Temporal baseline: the least a workflow can do that still schedules and completes one activity. */
export async function bareWorkflow(): Promise<void> {
  const { noop } = proxyActivities<{ noop(): Promise<void> }>({ startToCloseTimeout: '1 minute' });
  await noop();
}
