import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { ROOT, TOOLS_BIN } from './paths';
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

function onPath(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * The Temporal CLI: $TEMPORAL_CLI, else `temporal` on PATH, else the cached build in .tools/bin, else built once
 * from the Go module proxy (minutes the first time). Without Go either, say exactly what to install.
 */
export function ensureTemporalCli(log: (msg: string) => void = () => {}): string {
  const candidates = [process.env.TEMPORAL_CLI, onPath('temporal'), path.join(TOOLS_BIN, 'temporal')];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (found) return found;
  if (process.env.TEMPORAL_CLI) throw new Error(`TEMPORAL_CLI=${process.env.TEMPORAL_CLI} does not exist`);
  const go = onPath('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : null);
  if (!go) {
    throw new Error(
      'The Temporal CLI is needed and neither it nor Go was found. Install Go (https://go.dev/dl, or `apt-get install golang`) ' +
        `so the launcher can run \`go install ${TEMPORAL_CLI_MODULE}\`, or put a \`temporal\` binary on PATH or in TEMPORAL_CLI.`,
    );
  }
  log(`building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go into .tools/bin (first time only; takes minutes)`);
  mkdirSync(TOOLS_BIN, { recursive: true });
  execFileSync(go, ['install', TEMPORAL_CLI_MODULE], { env: { ...process.env, GOBIN: TOOLS_BIN }, stdio: 'inherit' });
  return path.join(TOOLS_BIN, 'temporal');
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

/** Starts `temporal server start-dev` and waits for its frontend (and UI, when on) to accept connections. */
export async function startTemporalDevServer(cli: string, s: DevServerSettings, logFile?: string): Promise<Managed> {
  if (await tcpOpen(s.ip, s.port)) throw new Error(`port ${s.ip}:${s.port} is taken: another Temporal server? Set TEMPORAL_ADDRESS to use it`);
  if (s.dbFilename) mkdirSync(path.dirname(path.resolve(ROOT, s.dbFilename)), { recursive: true });
  const proc = startProcess('temporal', cli, devServerArgs(s), { logFile });
  await waitFor('Temporal dev server', () => tcpOpen(s.ip, s.port), 60_000, proc);
  const uiPort = s.uiPort;
  if (uiPort !== null) await waitFor('Temporal Web UI', () => tcpOpen(s.ip, uiPort), 30_000, proc);
  return proc;
}
