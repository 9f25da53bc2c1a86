import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import { payoutWorkflowId } from '../../src/domain/keys';
import { eventually } from './wait';

/**
 * Every payoutWorkflow run of a withdrawal, as on-call finds them (visibility, by workflow type and id), once the
 * expected number is listed: visibility lags the run by a moment.
 */
export async function payoutRuns(client: Client, withdrawalId: string, expected = 1): Promise<WorkflowExecutionInfo[]> {
  const query = `WorkflowType = 'payoutWorkflow' AND WorkflowId = '${payoutWorkflowId(withdrawalId)}'`;
  return eventually(async () => {
    const runs: WorkflowExecutionInfo[] = [];
    for await (const run of client.workflow.list({ query })) runs.push(run);
    return runs.length >= expected && runs.every((r) => r.status.name !== 'RUNNING') ? runs : null;
  }, 15_000, `${expected} closed payoutWorkflow run(s) of ${withdrawalId}`);
}

/** The activity types a workflow run scheduled, in order. */
export async function scheduledActivities(client: Client, workflowId: string, runId?: string): Promise<string[]> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  return history.events!.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
}

/**
 * The activity types a workflow run ran as local activities, in order: each is a marker the SDK records in the workflow
 * task that ran it (its details' `data` payload names the type), not a scheduled activity.
 */
export async function localActivities(client: Client, workflowId: string, runId?: string): Promise<string[]> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  return history.events!.flatMap((e) => {
    const marker = e.markerRecordedEventAttributes;
    const data = marker?.markerName === 'core_local_activity' ? marker.details?.data?.payloads?.[0]?.data : undefined;
    return data ? [(JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type: string }).activity_type] : [];
  });
}

/** The attempt number of every activity a workflow run started, in order (a retried activity shows its last). */
export async function activityAttempts(client: Client, workflowId: string, runId?: string): Promise<number[]> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  return history.events!.flatMap((e) => e.activityTaskStartedEventAttributes?.attempt ?? []);
}
