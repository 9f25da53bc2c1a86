import { Client, Connection } from '@temporalio/client';
import type { TemporalConnectOptions } from './connect-options';

export interface TemporalHandle {
  client: Client;
  connection: Connection;
}

export async function connectTemporal(options: TemporalConnectOptions, namespace: string): Promise<TemporalHandle> {
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
