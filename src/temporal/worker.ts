import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  /** A prebuilt bundle (tests bundle once); else the workflows are bundled from source at start. */
  workflowBundlePath?: string;
}

/** Creates the worker that runs every workflow and activity of the gateway. Call run() to poll. */
export async function createWorker(opts: WorkerOptions, deps: ActivityDeps): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: opts.address });
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    ...(opts.workflowBundlePath
      ? { workflowBundle: { codePath: opts.workflowBundlePath } }
      : { workflowsPath: require.resolve('../workflows') }),
    activities: createActivities(deps),
  });
  return { worker, connection };
}
