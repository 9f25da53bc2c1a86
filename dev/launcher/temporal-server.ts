import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { temporalUp } from '../../src/temporal/client/connection';
import { ensureGoTool } from './go-tool';
import { ROOT } from './paths';
import { startProcess, tcpOpen, waitFor, type Managed } from './processes';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const TEMPORAL_CLI_MODULE = `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`;

const devServerSchema = z.object({
  ip: z.string(),
  port: z.number().int(),
  /** null: no Web UI (the test harness's server). */
  uiPort: z.number().int().nullable(),
  namespace: z.string(),
  dbFilename: z.string().optional(),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('warn'),
  searchAttributes: z.record(z.string(), z.enum(['Text', 'Keyword', 'Int', 'Double', 'Bool', 'Datetime', 'KeywordList'])),
  dynamicConfig: z.record(z.string(), z.unknown()).default({}),
});
export type DevServerSettings = z.infer<typeof devServerSchema>;

export function readDevServerSettings(file = path.join(ROOT, 'temporal-dev.yml')): DevServerSettings {
  return devServerSchema.parse(parse(readFileSync(file, 'utf8')));
}

/**
 * The Temporal CLI: $TEMPORAL_CLI, else `temporal` on PATH, else the cached build in .tools/bin, else built once
 * from the Go module proxy (minutes the first time).
 */
export function ensureTemporalCli(log: (msg: string) => void = () => {}): string {
  return ensureGoTool({ label: `the Temporal CLI ${TEMPORAL_CLI_VERSION}`, binary: 'temporal', envVar: 'TEMPORAL_CLI', module: TEMPORAL_CLI_MODULE }, log);
}

export function devServerArgs(s: DevServerSettings): string[] {
  const args = ['server', 'start-dev', '--ip', s.ip, '--port', String(s.port)];
  args.push(...(s.uiPort === null ? ['--headless'] : ['--ui-port', String(s.uiPort)]));
  args.push('--namespace', s.namespace, '--log-level', s.logLevel, '--log-format', 'json');
  if (s.dbFilename) args.push('--db-filename', path.resolve(ROOT, s.dbFilename));
  for (const [key, type] of Object.entries(s.searchAttributes)) args.push('--search-attribute', `${key}=${type}`);
  for (const [key, value] of Object.entries(s.dynamicConfig)) args.push('--dynamic-config-value', `${key}=${JSON.stringify(value)}`);
  return args;
}

/**
 * True when the address answers as Temporal's frontend (WorkflowService). A port that merely accepts connections may be
 * another dev server's: `start-dev` binds its internal services (history, matching) to free ports of its own choosing,
 * and one of them took a port picked for a test's frontend once, answering UNIMPLEMENTED to every call.
 */
async function frontendAnswers(address: string): Promise<boolean> {
  const { Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address, connectTimeout: 2000 }).catch(() => null);
  if (!connection) return false;
  try {
    return await temporalUp(connection);
  } finally {
    await connection.close().catch(() => {});
  }
}

/**
 * Starts `temporal server start-dev` and waits for its frontend to answer (and its UI, when on, to accept connections).
 * `ownProcessGroup`: the server is not in its starter's process group, so a signal to that group (Ctrl-C in a terminal)
 * does not reach it and its starter stops it when it chooses (`stop()`).
 */
export async function startTemporalDevServer(cli: string, s: DevServerSettings, logFile?: string, opts: { ownProcessGroup?: boolean } = {}): Promise<Managed> {
  if (await tcpOpen(s.ip, s.port)) throw new Error(`port ${s.ip}:${s.port} is taken: another Temporal server? Set TEMPORAL_ADDRESS to use it`);
  if (s.dbFilename) mkdirSync(path.dirname(path.resolve(ROOT, s.dbFilename)), { recursive: true });
  const proc = startProcess('temporal', cli, devServerArgs(s), { logFile, detached: opts.ownProcessGroup === true });
  await waitFor('Temporal dev server', async () => (await tcpOpen(s.ip, s.port)) && (await frontendAnswers(`${s.ip}:${s.port}`)), 60_000, proc);
  // Answered, but by this server? One that could not bind a port of its own has exited by now.
  if (proc.child.exitCode !== null) throw new Error(`Temporal dev server: exited with code ${proc.child.exitCode} (a port of its own taken?)`);
  const uiPort = s.uiPort;
  if (uiPort !== null) await waitFor('Temporal Web UI', () => tcpOpen(s.ip, uiPort), 30_000, proc);
  return proc;
}

/**
 * Ends the dev server a launcher started and could not stop (killed outright): the process `pidFile` names, if it is
 * still a `temporal server start-dev`. Its store is on disk, so nothing of it is lost. A pid reused by another program
 * is left alone.
 */
export async function stopLeftoverDevServer(pidFile: string, log: (msg: string) => void): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  const alive = () => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start-dev');
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !alive()) return;
  log(`a Temporal dev server from an earlier start is still running (pid ${pid}); stopping it`);
  const gone = async () => !alive();
  process.kill(pid, 'SIGTERM');
  await waitFor('the earlier Temporal dev server to stop', gone, 10_000).catch(() => process.kill(pid, 'SIGKILL'));
  await waitFor('the earlier Temporal dev server to end after SIGKILL', gone, 5000);
}
