import type { WorkerOptions } from '@temporalio/worker';

/**
 * How the worker polls its task queue: poller counts that scale with the backlog the server reports, for workflow and
 * activity tasks alike. The SDK's default is a fixed ten workflow pollers of which a fifth poll the shared queue, where
 * every new workflow's first task waits: with the dev server's four task-queue partitions, a burst of new workflows
 * (webhook deliveries, say) left a few behind in partitions no poller was on, picked up seconds after the rest
 * (docs/performance.md). The benchmark's bare-workflow baseline polls the same way, so it measures the same server.
 */
export const TASK_POLLING = {
  workflowTaskPollerBehavior: { type: 'autoscaling' },
  activityTaskPollerBehavior: { type: 'autoscaling' },
} as const satisfies Pick<WorkerOptions, 'workflowTaskPollerBehavior' | 'activityTaskPollerBehavior'>;
