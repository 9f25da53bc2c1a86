import type { WorkerOptions } from '@temporalio/worker';

/**
 * How the worker polls for workflow tasks: as many pollers as the backlog the server reports calls for. The SDK's
 * default is a fixed ten, of which a fifth poll the shared queue where every new workflow's first task waits: with the
 * dev server's four task-queue partitions, a burst of new workflows (webhook deliveries, say) left a few in partitions
 * no poller was on, picked up seconds after the rest (docs/performance.md). Activity pollers keep the default: scaling
 * them too measured slower for Mode B decisions. The benchmark's bare-workflow baseline polls the same way, so both
 * measure the same server.
 */
export const TASK_POLLING = {
  workflowTaskPollerBehavior: { type: 'autoscaling' },
} as const satisfies Pick<WorkerOptions, 'workflowTaskPollerBehavior'>;
