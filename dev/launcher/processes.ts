import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';

export interface Managed {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns a child whose output goes to a log file (or is inherited), and stops it with SIGTERM, then SIGKILL. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  opts: SpawnOptions & { logFile?: string } = {},
): Managed {
  const { logFile, ...spawnOpts } = opts;
  const child = spawn(command, args, { stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...spawnOpts });
  if (logFile) {
    const out = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Whether something accepts TCP connections on host:port. A timeout is decided one turn of the event loop later: when
 * the process was busy past it (a workflow bundle's build beside the probe), its timer runs before the loop reads a
 * connect that completed meanwhile, and a listening PostgreSQL read as absent (an embedded one started beside it).
 */
export function tcpOpen(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => setImmediate(() => done(false)));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Waits until `check` passes; when it never does, `proc` is stopped before the error: a failed start leaves nothing running. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, proc?: Managed) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${what}: process exited with code ${proc.child.exitCode}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  await proc?.stop();
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

/**
 * A long-running driver (the launcher, the crash campaign, the soak) starts services as child processes and stops them in a
 * `finally`. An error no `finally` sees (a rejection nothing awaits, thrown by a library's timer) would end the process
 * at once and leave them running beside whatever runs next. `stopOnCrash(stop)` runs `stop` first on such an error
 * and then exits 1; the function it returns withdraws it once the driver has stopped them itself.
 */
export function stopOnCrash(stop: () => Promise<void>, log: (msg: string) => void = console.error): () => void {
  const crash = (err: unknown) => {
    withdraw();
    log(`crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}; stopping the services it started`);
    stop().then(
      () => process.exit(1),
      (stopErr: unknown) => {
        log(`stopping the services failed: ${String(stopErr)}`);
        process.exit(1);
      },
    );
  };
  const withdraw = () => {
    process.off('unhandledRejection', crash);
    process.off('uncaughtException', crash);
  };
  process.on('unhandledRejection', crash);
  process.on('uncaughtException', crash);
  return withdraw;
}
