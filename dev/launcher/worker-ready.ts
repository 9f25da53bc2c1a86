import { hostname } from 'node:os';
import type { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { Config } from '../../src/config/env';
import { temporalConnectOptions } from '../../src/temporal/client/connect-options';
import { connectTemporal } from '../../src/temporal/client/connection';
import { waitFor } from './processes';

/**
 * The Temporal identities of worker processes the launcher started: the SDK's default, `<pid>@<hostname>`. The
 * launcher runs each worker as node itself (no wrapper), so the child's pid is the worker's.
 */
export function workerIdentities(pids: readonly number[]): string[] {
  return pids.map((pid) => `${pid}@${hostname()}`);
}

/**
 * Those of `identities` polling the task queue for workflow tasks. By identity, not a count: the server lists a
 * stopped worker's pollers for minutes after its last poll, so after a restart the previous run's would pass.
 */
export async function pollingWorkers(connection: Connection, namespace: string, taskQueue: string, identities: readonly string[]): Promise<string[]> {
  const res = await connection.workflowService.describeTaskQueue({
    namespace,
    taskQueue: { name: taskQueue, kind: temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
    taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
  });
  const polling = new Set((res.pollers ?? []).map((p) => p.identity));
  return identities.filter((id) => polling.has(id));
}

/** Waits until every worker process of `pids` polls the gateway's task queue for workflow tasks. */
export async function workersPolling(config: Config, pids: readonly number[], timeoutMs = 10 * 60_000): Promise<void> {
  const { connection } = await connectTemporal(temporalConnectOptions(config), config.TEMPORAL_NAMESPACE);
  try {
    const identities = workerIdentities(pids);
    const all = async () => (await pollingWorkers(connection, config.TEMPORAL_NAMESPACE, config.TEMPORAL_TASK_QUEUE, identities).catch(() => [])).length === identities.length;
    await waitFor(`${identities.length} worker process(es) polling ${config.TEMPORAL_TASK_QUEUE}`, all, timeoutMs);
  } finally {
    await connection.close();
  }
}
