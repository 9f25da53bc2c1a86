import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { endProcess } from '../test/support/service-processes';

const ROOT = path.resolve(__dirname, '..');

/**
 * The worker as a separate service process (`src/main.ts --role worker`, the run's bundle of it), the way it runs in
 * production, so that a SIGKILL stops it mid-activity with no cleanup at all: no graceful shutdown, no flushed state,
 * open connections cut.
 */
export class WorkerProcess {
  private child: ChildProcess | null = null;
  private readyAt: number | null = null;
  private readonly log: WriteStream;
  starts = 0;

  constructor(private readonly script: string, private readonly env: Record<string, string>, logFile: string) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  /** Starts a worker process; `ready()` turns true once it logs that it polls its task queue. */
  start(): void {
    if (this.child) throw new Error('the worker is already running');
    this.starts += 1;
    this.readyAt = null;
    const child = spawn(process.execPath, [this.script, '--role', 'worker'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const watch = (chunk: Buffer) => {
      this.log.write(chunk);
      if (this.readyAt === null && chunk.toString('utf8').includes('"worker running"')) this.readyAt = Date.now();
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.once('exit', () => {
      if (this.child === child) this.child = null;
    });
    this.child = child;
  }

  ready(): boolean {
    return this.child !== null && this.readyAt !== null;
  }

  /** SIGKILL, and resolves once the process is gone (its PID is ours: we spawned it). */
  async kill(): Promise<void> {
    if (this.child) await endProcess(this.child, 'SIGKILL');
    this.child = null;
  }

  /** A clean stop at the end: SIGTERM lets the worker finish its tasks and close its connections. */
  async stop(): Promise<void> {
    this.log.end();
    if (this.child) await endProcess(this.child, 'SIGTERM');
    this.child = null;
  }
}
