/**
 * `npm run restart-check`: the README's `npm start`, three times in a row, as a user would run it. Each start takes a
 * deposit through sweep and credit on each dev chain (hardhat's 31337, new at every start, and geth's 1337, whose chain
 * goes on from .data/geth); the second and third also pay a Mode B withdrawal out on each and wait for its
 * confirmations. What was provisioned in the first run (the operator and its key) must keep working. Ctrl-C (SIGINT to
 * the process group) stops each run. Uses the launcher's fixed ports, so nothing else may hold them. Each run's output
 * goes to .data/restart-check-<run>.log. Its API calls are asked again after a 503 "busy" (`httpWhenServed`), and an
 * APPROVE held TEMPORARILY_UNAVAILABLE is sent again, as an operator's client does: CI runs it beside the test shards,
 * where a first start once took 369 s and a request then waited past the service's 10 s for a transaction.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { mine } from '../dev/devchain/dev-commands';
import { DATA_DIR, ROOT } from '../dev/launcher/paths';
import { tcpOpen } from '../dev/launcher/processes';
import { runCli } from '../test/support/cli';
import { httpWhenServed } from '../test/support/http';
import { delay } from '../test/support/wait';
import { ACK, WebhookReceiver } from '../test/support/webhook-receiver';

const API = 'http://127.0.0.1:3000';
/** Each dev chain's node, as the launcher starts it: hardhat, then geth. */
const NODES: Record<number, string> = { 31337: 'http://127.0.0.1:8546', 1337: 'http://127.0.0.1:8548' };
const CHAINS = Object.keys(NODES).map(Number);
const RUNS = 3;
/**
 * How long a deposit's credit or a payout's confirmation may take. Generous: CI runs this beside the test shards on two
 * cores, where a step that takes seconds alone took over two minutes once; each step's time is printed.
 */
const STEP_TIMEOUT_MS = 5 * 60_000;
/**
 * How often an APPROVE held TEMPORARILY_UNAVAILABLE ("cannot settle now, safe to retry", spec 4.8) is sent again, as an
 * operator's client does rather than wait for the service's own retry (HELD_APPROVAL_RETRY_SECONDS, 300 s by default).
 * On a saturated host a decision's bankroll balance read can outlast CHAIN_READ_TIMEOUT_MS (3 s under npm start).
 */
const HELD_RESEND_MS = 10_000;
const HELD_TEMPORARILY = 'TEMPORARILY_UNAVAILABLE';

/** `npm run --silent cli -- ...` (with the .data/dev.env the running start wrote), in this process. */
async function cli(args: string[]): Promise<Record<string, unknown>> {
  const r = await runCli(args, process.env as Record<string, string>);
  if (r.code !== 0) throw new Error(`cli ${args.slice(0, 2).join(' ')} exited ${r.code}: ${r.stdout.trim()}`);
  return r.json as Record<string, unknown>;
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number, mineOn?: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await check().catch(() => null);
    if (v) return v;
    // A block on the node itself, as `dev mine` does (no CLI process a second: each costs seconds of CPU under load).
    if (mineOn !== undefined) await mine({ nodeUrl: NODES[mineOn]!, chainId: mineOn }).catch(() => null);
    await delay(1000);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** SIGKILL to a run's whole process group; a group already gone (every process of it exited) is no error. */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function start(run: number): Promise<ChildProcess> {
  const t0 = Date.now();
  mkdirSync(DATA_DIR, { recursive: true }); // a fresh clone has none yet
  const logPath = path.join(DATA_DIR, `restart-check-${run}.log`);
  const log = openSync(logPath, 'w');
  const child = spawn('npm', ['start'], { cwd: ROOT, detached: true, stdio: ['ignore', log, log] });
  // A start that exits fails at once rather than at the readiness timeout; either way nothing of it is left running,
  // and its last lines say why.
  const exited = new Promise<never>((_resolve, reject) => child.once('exit', (code, signal) => reject(new Error(`start ${run}: npm start exited (${signal ?? code}) before it logged gateway ready`))));
  try {
    // What a user waits for: the launcher's `gateway ready` (the API's /readyz and the worker polling), not /readyz
    // alone, which answers while the worker still bundles its workflows.
    const ready = async () => readFileSync(logPath, 'utf8').includes('"msg":"gateway ready"') && (await fetch(`${API}/readyz`)).ok;
    await Promise.race([until(`start ${run}: gateway ready`, ready, 10 * 60_000), exited]);
  } catch (err) {
    killGroup(child);
    const tail = readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-40).join('\n');
    throw new Error(`${err instanceof Error ? err.message : String(err)}; the last lines of ${path.relative(ROOT, logPath)}:\n${tail}`, { cause: err });
  }
  console.error(`restart-check: start ${run} ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return child;
}

/** The launcher's fixed ports: API, Temporal gRPC and Web UI, each dev chain's RPC proxy and node, the TRON stand-in, worker metrics. */
const PORTS = [3000, 7233, 8233, 8545, 8546, 8547, 8548, 8090, 9464];

/**
 * Ctrl-C (SIGINT to the whole foreground group), or SIGTERM to `npm start` alone, as a process manager sends it: either
 * way every process of the run must be gone, its ports free, before the next start.
 */
async function stop(child: ChildProcess, how: 'ctrl-c' | 'sigterm'): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (how === 'ctrl-c') process.kill(-child.pid!, 'SIGINT');
  else process.kill(child.pid!, 'SIGTERM');
  await Promise.race([exited, delay(60_000).then(() => Promise.reject(new Error('npm start did not stop within 60 s')))]);
  const listening = async () => {
    const open = await Promise.all(PORTS.map((p) => tcpOpen('127.0.0.1', p)));
    return PORTS.filter((_p, i) => open[i]);
  };
  const deadline = Date.now() + 30_000;
  let held = await listening();
  while (held.length && Date.now() < deadline) {
    await delay(500);
    held = await listening();
  }
  if (held.length) {
    killGroup(child);
    throw new Error(`after ${how}, something still listens on ${held.join(', ')} (the stopped run's, or another program's on the launcher's fixed ports)`);
  }
}

async function deposit(apiKey: string, receiver: WebhookReceiver, user: string, chainId: number): Promise<void> {
  const session = await httpWhenServed(API, 'POST', '/session/deposit', { token: apiKey, json: { externalUserId: user, lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '5.00' } });
  if (session.status !== 201) throw new Error(`deposit session: ${session.status} ${session.text}`);
  const addr = await httpWhenServed(API, 'POST', '/depositor/address', { json: { sid: session.body.data.sid, currency: 'USDT', chainId } });
  if (addr.status !== 200) throw new Error(`deposit address: ${addr.status} ${addr.text}`);
  const { txHash } = await cli(['dev', 'fund', '--chain', String(chainId), '--address', addr.body.data.address, '--token', 'USDT', '--amount', '5']);
  await until(`DEPOSIT for ${String(txHash)}`, async () => receiver.received.some((r) => new URLSearchParams(r.body).get('transactionHash') === txHash), STEP_TIMEOUT_MS, chainId);
}

/** The lines of a start's log that name a withdrawal: what the worker did with it, for a payout that timed out. */
function logLinesOf(run: number, id: string): string {
  const lines = readFileSync(path.join(DATA_DIR, `restart-check-${run}.log`), 'utf8').split('\n').filter((l) => l.includes(id));
  return lines.length ? lines.slice(-20).join('\n') : '(none)';
}

async function payout(apiKey: string, receiver: WebhookReceiver, user: string, chainId: number, run: number): Promise<void> {
  const session = await httpWhenServed(API, 'POST', '/session/withdraw', { token: apiKey, json: { externalUserId: user, lang: 'en', platformFiatCurrency: 'USD', userBalance: '100', amount: '3.00' } });
  if (session.status !== 201) throw new Error(`withdraw session: ${session.status} ${session.text}`);
  const chain = (await httpWhenServed(API, 'GET', '/chain')).body as Array<{ chainId: number; tokens: Array<{ symbol: string; address: string }> }>;
  const usdt = chain.find((c) => c.chainId === chainId)!.tokens.find((t) => t.symbol === 'USDT')!.address;
  const to = Wallet.createRandom().address;
  const submitted = await httpWhenServed(API, 'POST', '/withdraw/direct-transfer', { json: { sid: session.body.data.sid, address: to, chainId, tokenAddress: usdt } });
  if (submitted.status !== 201) throw new Error(`direct-transfer: ${submitted.status} ${submitted.text}`);
  const id = submitted.body.data.withdrawRequestId as string;
  type Decision = { withdrawStatus: string; held: boolean; heldReason: string | null };
  const decide = async (): Promise<Decision> => {
    const decided = await httpWhenServed(API, 'POST', `/withdraw/${id}/decision`, { token: apiKey, json: { decision: 'APPROVE' } });
    if (decided.status !== 200) throw new Error(`decision: ${decided.status} ${decided.text}`);
    return decided.body.data as Decision;
  };
  const end = Date.now() + STEP_TIMEOUT_MS;
  let decision = await decide();
  while (decision.held && decision.heldReason === HELD_TEMPORARILY && Date.now() < end) {
    console.error(`restart-check: start ${run}: payout on chain ${chainId} held ${HELD_TEMPORARILY} at its decision; approving again in ${HELD_RESEND_MS / 1000} s`);
    await delay(HELD_RESEND_MS);
    decision = await decide();
  }
  if (decision.held) throw new Error(`payout ${id}: still held at its decision: ${JSON.stringify(decision)}`);
  await until(`WITHDRAW_COMPLETE for ${id}`, async () => receiver.received.some((r) => {
    const f = new URLSearchParams(r.body);
    return f.get('event') === 'WITHDRAW_COMPLETE' && f.get('withdrawRequestId') === id;
  }), STEP_TIMEOUT_MS, chainId).catch((err: unknown) => {
    throw new Error(`${err instanceof Error ? err.message : String(err)} (decided ${JSON.stringify(decision)}); the start's log lines naming it:\n${logLinesOf(run, id)}`, { cause: err });
  });
  const provider = new JsonRpcProvider(NODES[chainId], undefined, { staticNetwork: true });
  const paid = (await new Contract(usdt, ['function balanceOf(address) view returns (uint256)'], provider).getFunction('balanceOf')(to)) as bigint;
  provider.destroy();
  if (paid !== 3_000_000n) throw new Error(`payout ${id}: recipient holds ${paid} raw units, expected 3000000`);
}

async function main(): Promise<void> {
  const receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  let apiKey = '';
  try {
    for (let run = 1; run <= RUNS; run++) {
      const child = await start(run);
      try {
        if (run === 1) {
          const op = await cli(['operator', 'create', '--name', `Restart check ${Date.now()}`, '--webhook-url', receiver.url, '--approval-mode', 'external', '--auto-release']);
          apiKey = op.apiKey as string;
        }
        for (const chainId of CHAINS) {
          let t0 = Date.now();
          const took = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
          await deposit(apiKey, receiver, `restart-user-${run}-${chainId}`, chainId);
          console.error(`restart-check: start ${run}: deposit on chain ${chainId} swept and credited in ${took()}`);
          if (run > 1) {
            t0 = Date.now();
            await payout(apiKey, receiver, `restart-payee-${run}-${chainId}`, chainId, run);
            console.error(`restart-check: start ${run}: payout on chain ${chainId} confirmed in ${took()}`);
          }
        }
      } finally {
        await stop(child, run === RUNS ? 'sigterm' : 'ctrl-c');
      }
    }
    console.log(`restart-check: ${RUNS} starts; on each of chains ${CHAINS.join(' and ')}: ${RUNS} deposits credited, ${RUNS - 1} payouts confirmed`);
  } finally {
    await receiver.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`restart-check failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
