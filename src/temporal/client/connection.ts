import type { Client, Connection } from '@temporalio/client';
import type { TemporalConnectOptions } from './connect-options';

export interface TemporalHandle {
  client: Client;
  connection: Connection;
}

/**
 * The client package (gRPC and its protobufs) is loaded on the first connection, not when this module is: most
 * provisioning CLI commands never reach Temporal, and loading it was about half of such a command's start-up.
 */
export async function connectTemporal(options: TemporalConnectOptions, namespace: string): Promise<TemporalHandle> {
  const { Client, Connection } = await import('@temporalio/client');
  const connection = await Connection.connect(options);
  return { connection, client: new Client({ connection, namespace }) };
}

/** True when the frontend answers within the deadline. */
export async function temporalUp(connection: Connection, timeoutMs = 2000): Promise<boolean> {
  try {
    await connection.withDeadline(Date.now() + timeoutMs, () => connection.workflowService.getSystemInfo({}));
    return true;
  } catch {
    return false;
  }
}
