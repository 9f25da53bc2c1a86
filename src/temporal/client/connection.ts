import { Client, Connection } from '@temporalio/client';

export interface TemporalHandle {
  client: Client;
  connection: Connection;
}

export async function connectTemporal(address: string, namespace: string): Promise<TemporalHandle> {
  const connection = await Connection.connect({ address });
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
