import { spawn } from 'node:child_process';
import path from 'node:path';
import { createTestContext, type TestContext } from '../support/harness';

jest.setTimeout(180_000);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a worker process stopped by Ctrl-C under the launcher', () => {
  it('When it gets SIGINT (from the terminal) and then SIGTERM (from the launcher), Then it stops once: exit 0, no "stop failed"', async () => {
    const child = spawn(process.execPath, [ctx.services.serviceScript, '--role', 'worker'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...ctx.env, LOG_LEVEL: 'info', WORKER_METRICS_PORT: '0', WORKFLOW_BUNDLE_PATH: ctx.services.workflowBundlePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const watch = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"worker running"')) resolve();
      };
      child.stdout.on('data', watch);
      child.stderr.on('data', watch);
      void exited.then(() => reject(new Error(`worker exited before it ran:\n${output}`)));
    });

    child.kill('SIGINT');
    child.kill('SIGTERM');

    expect(await exited).toBe(0);
    expect(output).not.toMatch(/stop failed/);
    expect(output.match(/"shutting down"/g)).toHaveLength(1);
  });
});
