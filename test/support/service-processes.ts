import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withoutSigningKeys } from '../../src/config/signing-keys';
import { startFrontProxy } from '../../dev/launcher/front-proxy';
import { freePort } from '../../src/adapters/free-port';
import { spreadRequests } from './http';

const ROOT = path.resolve(__dirname, '../..');

/** GATEWAY_TEST_PROCESSES=N runs each test context's API and worker as N + N service processes (default 1: in-process). */
export function testProcessCount(): number {
  const n = Number(process.env.GATEWAY_TEST_PROCESSES ?? '1');
  if (!Number.isInteger(n) || n < 1) throw new Error(`GATEWAY_TEST_PROCESSES must be a whole number ≥ 1, got ${process.env.GATEWAY_TEST_PROCESSES}`);
  return n;
}

/**
 * `describe` for tests that need the worker or its logs in this process (they replace activities to inject faults,
 * or read every log line): skipped, with the reason in the name, when the services run as separate processes.
 */
export function describeInProcessOnly(reason: string): (name: string, body: () => void) => void {
  if (testProcessCount() === 1) return describe;
  return (name, body) => describe.skip(`${name} [in-process only: ${reason}]`, body);
}

/**
 * One `src/main.ts --role <role>` child (the run's bundle of it, `serviceScript`), ready once it logs `readyLine` (the
 * line main.ts logs when it serves).
 */
class ServiceProcess {
  private child: ChildProcess | null = null;

  constructor(
    readonly name: string,
    private readonly role: 'api' | 'worker',
    private readonly script: string,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {}

  /** The running process's id (the soak reads its memory), or null when stopped. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [this.script, '--role', this.role], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const readyLine = this.role === 'api' ? '"api listening"' : '"worker running"';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: not ready after 120 s (log: ${this.logFile})`)), 120_000);
      const watch = (chunk: Buffer) => {
        log.write(chunk);
        if (chunk.toString('utf8').includes(readyLine)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', watch);
      child.stderr!.on('data', watch);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        log.end();
        if (this.child === child) this.child = null;
        const tail = readFileSync(this.logFile, 'utf8').split('\n').slice(-15).join('\n');
        reject(new Error(`${this.name} exited (${code ?? signal}) before it was ready:\n${tail}`));
      });
    });
  }

  /** SIGTERM (the worker finishes its tasks and closes its connections), SIGKILL after 15 s. */
  async stop(): Promise<void> {
    if (this.child) await endProcess(this.child, 'SIGTERM');
    this.child = null;
  }
}

/**
 * Sends `signal` to a spawned service process and resolves once it is gone; a SIGTERM that is not obeyed within 15 s
 * becomes a SIGKILL. A process that already exited resolves at once.
 */
export async function endProcess(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = signal === 'SIGTERM' ? setTimeout(() => child.kill('SIGKILL'), 15_000) : null;
  await gone;
  if (timer) clearTimeout(timer);
}

export interface ServiceProcesses {
  /** The front proxy's URL, which the test's requests are spread from (test/support/http.ts rotates per request). */
  frontUrl: string;
  apiUrls: string[];
  startWorkers(): Promise<void>;
  stopWorkers(): Promise<void>;
  stopApis(): Promise<void>;
  /** The running API and worker processes' ids. */
  pids(): { api: number[]; worker: number[] };
}

/**
 * `count` API processes (each on its own free port, behind one front proxy) and `count` workers, all with the test
 * context's environment: the API without the signing keys, as in production. Logs go to files in a temporary
 * directory, named in the error when a process does not come up.
 */
export async function startServiceProcesses(count: number, script: string, env: Record<string, string>): Promise<ServiceProcesses> {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'gw-procs-'));
  // Info level for the ready lines; no worker metrics port, which every worker would otherwise take at 9464 (a single
  // worker may be given one: the soak reads its Temporal metrics).
  const base = { ...env, LOG_LEVEL: 'info', WORKER_METRICS_PORT: count === 1 ? (env.WORKER_METRICS_PORT ?? '0') : '0' };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const front = await startFrontProxy(ports.map((port) => ({ host: '127.0.0.1', port })), 0);
  // Widget links name the front, as behind a load balancer.
  const apiEnv = { ...withoutSigningKeys(base), HOST: '127.0.0.1', PUBLIC_BASE_URL: front.url };
  const apis = ports.map((port, i) => new ServiceProcess(`api-${i + 1}`, 'api', script, { ...apiEnv, PORT: String(port) }, path.join(logDir, `api-${i + 1}.log`)));
  const workers = ports.map((_, i) => new ServiceProcess(`worker-${i + 1}`, 'worker', script, base, path.join(logDir, `worker-${i + 1}.log`)));
  const apiUrls = ports.map((p) => `http://127.0.0.1:${p}`);
  await Promise.all(apis.map((a) => a.start()));
  const unspread = spreadRequests(front.url, apiUrls);
  return {
    frontUrl: front.url,
    apiUrls,
    startWorkers: async () => {
      await Promise.all(workers.map((w) => w.start()));
    },
    stopWorkers: async () => {
      await Promise.all(workers.map((w) => w.stop()));
    },
    stopApis: async () => {
      unspread();
      await front.stop();
      await Promise.all(apis.map((a) => a.stop()));
    },
    pids: () => ({
      api: apis.flatMap((a) => (a.pid === null ? [] : [a.pid])),
      worker: workers.flatMap((w) => (w.pid === null ? [] : [w.pid])),
    }),
  };
}
