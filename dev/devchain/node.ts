import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureGoTool } from '../launcher/go-tool';
import { ROOT } from '../launcher/paths';
import { tcpOpen } from '../launcher/processes';
import { DEV_CHAIN, type DevClient } from './spec';

export interface DevNode {
  url: string;
  stop(): Promise<void>;
}

export interface DevNodeOptions {
  port: number;
  /** The node's chain id (default: the first dev chain's). */
  chainId?: number;
  host?: string;
  /** hardhat (default) or geth in dev mode. */
  client?: DevClient;
  /** geth only: its data directory (kept across starts: the chain goes on where it stopped). */
  dataDir?: string;
  /** geth only: a block every so many milliseconds (whole seconds). */
  blockIntervalMs?: number;
  /** Where the node's output goes (appended); without it the output is dropped. */
  logFile?: string;
  /** A generous default: hardhat takes tens of seconds to answer on a machine busy with other services starting. */
  readyTimeoutMs?: number;
}

const HARDHAT_CLI = path.join(ROOT, 'node_modules', 'hardhat', 'internal', 'cli', 'cli.js');
const HARDHAT_CONFIG = path.join(ROOT, 'dev', 'devchain', 'hardhat.config.js');
export const GETH_VERSION = 'v1.17.10';
const GETH_MODULE = `github.com/ethereum/go-ethereum/cmd/geth@${GETH_VERSION}`;
const KILL_AFTER_MS = 5_000;
const TAIL_CHARS = 4_000;

/**
 * geth: $GETH, else `geth` on PATH, else the cached build in .tools/bin, else built once from the Go module proxy
 * (about 4 minutes on 2 cores).
 */
export function ensureGeth(log: (msg: string) => void = () => {}): string {
  return ensureGoTool({ label: `geth ${GETH_VERSION}`, binary: 'geth', envVar: 'GETH', module: GETH_MODULE }, log);
}

/**
 * geth in dev mode (chain id 1337, its default dev genesis and fork rules, one unlocked funded account), JSON-RPC on
 * host:port only: no peers, no discovery, no IPC, and the engine and p2p ports left to the system.
 */
export function gethArgs({ host, port, dataDir, blockIntervalMs }: { host: string; port: number; dataDir: string; blockIntervalMs: number }): string[] {
  return [
    '--dev', '--dev.period', String(Math.max(1, Math.round(blockIntervalMs / 1000))),
    '--datadir', dataDir,
    '--http', '--http.addr', host, '--http.port', String(port), '--http.api', 'eth,net,web3,txpool,miner,debug',
    '--port', '0', '--authrpc.port', '0', '--nodiscover', '--maxpeers', '0', '--ipcdisable', '--verbosity', '2',
  ];
}

/**
 * Starts a dev chain's JSON-RPC node (hardhat with automine, or geth in dev mode) and resolves once it answers
 * eth_chainId with `chainId`. Hardhat's binary is run through node directly rather than through npx, which costs half
 * a second more.
 */
export async function startDevNode({ port, chainId = DEV_CHAIN.chainId, host = '127.0.0.1', client = 'hardhat', dataDir, blockIntervalMs = 1000, logFile, readyTimeoutMs = 90_000 }: DevNodeOptions): Promise<DevNode> {
  const url = `http://${host}:${port}`;
  // Otherwise the readiness probe below could be answered by whatever already listens there.
  if (await tcpOpen(host, port)) throw new Error(`dev chain: ${host}:${port} is already in use`);
  if (client === 'geth' && !dataDir) throw new Error('dev chain: geth needs a data directory');

  const child = client === 'geth'
    ? spawn(ensureGeth(), gethArgs({ host, port, dataDir: dataDir!, blockIntervalMs }), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(
      process.execPath,
      [HARDHAT_CLI, 'node', '--hostname', host, '--port', String(port), '--config', HARDHAT_CONFIG],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DEV_CHAIN_ID: String(chainId) } },
    );
  const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  // The pipes are always drained (a full pipe would block the node); the tail explains a failed start.
  // The banner lists the (well-known) keys of the node's accounts: they go neither to the log nor to an error.
  let tail = '';
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (raw) => {
      const line = raw.replace(/(Private Key:\s*)\S+/i, '$1[redacted]');
      log?.write(`${line}\n`);
      tail = `${tail}${line}\n`.slice(-TAIL_CHARS);
    });
  }
  let exitReason: string | undefined;
  const exited = new Promise<void>((resolve) => {
    const onEnd = (reason: string) => {
      exitReason ??= reason;
      log?.end();
      resolve();
    };
    // 'close', not 'exit': the output pipes are drained by then, so nothing is written to the ended log.
    child.once('close', (code, signal) => onEnd(`exited (${code ?? signal})`));
    // A failed spawn may never emit 'exit'; without a listener it would throw.
    child.once('error', (err) => onEnd(`failed: ${err.message}`));
  });

  const stop = async () => {
    if (exitReason !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + readyTimeoutMs;
  while (!(await answersChainId(url, chainId))) {
    if (exitReason !== undefined || Date.now() > deadline) {
      const why = exitReason ?? `did not answer within ${readyTimeoutMs} ms`;
      await stop();
      throw new Error(`dev chain: ${client} node on ${url} ${why}. Last output:\n${tail.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop };
}

async function answersChainId(url: string, chainId: number): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await res.json()) as { result?: string };
    return body.result !== undefined && Number(body.result) === chainId;
  } catch {
    return false;
  }
}
