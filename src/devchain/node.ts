import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../launcher/paths';
import { tcpOpen } from '../launcher/processes';
import { DEV_CHAIN } from './spec';

export interface DevNode {
  url: string;
  stop(): Promise<void>;
}

export interface DevNodeOptions {
  port: number;
  /** The node's chain id (default: the first dev chain's). */
  chainId?: number;
  host?: string;
  /** Where the node's output goes (appended); without it the output is dropped. */
  logFile?: string;
  readyTimeoutMs?: number;
}

const HARDHAT_CLI = path.join(ROOT, 'node_modules', 'hardhat', 'internal', 'cli', 'cli.js');
const HARDHAT_CONFIG = path.join(ROOT, 'devchain', 'hardhat.config.js');
const KILL_AFTER_MS = 5_000;
const TAIL_CHARS = 4_000;

/**
 * Starts hardhat's JSON-RPC node (automine, the given chain id) and resolves once it answers eth_chainId with it.
 * Node's binary is run directly rather than through npx, which costs half a second more.
 */
export async function startDevNode({ port, chainId = DEV_CHAIN.chainId, host = '127.0.0.1', logFile, readyTimeoutMs = 30_000 }: DevNodeOptions): Promise<DevNode> {
  const url = `http://${host}:${port}`;
  // Otherwise the readiness probe below could be answered by whatever already listens there.
  if (await tcpOpen(host, port)) throw new Error(`dev chain: ${host}:${port} is already in use`);

  const child = spawn(
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
      throw new Error(`dev chain: hardhat node on ${url} ${why}. Last output:\n${tail.trim()}`);
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
