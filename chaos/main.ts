/**
 * The crash campaign (`npm run chaos`, `npm run chaos -- --short`): the real services, the API in-process, and the
 * worker as a child process that is SIGKILLed at random points (seeded) and restarted at once, while Mode A, B and C
 * payouts, deposits, treasury top-ups from a registered source and treasury sends to a cold address are driven. Then
 * the worker runs undisturbed until everything is final, the invariants are checked on the chain and in the records,
 * and reconcile runs. Exits 1 on any violation.
 *
 * CHAOS_KILLS (200; 15 with --short), CHAOS_ITEMS (withdrawals, deposits and treasury items together: 80; 12 with --short),
 * CHAOS_SEED (random, printed), CHAOS_SETTLE_SECONDS (300), CHAOS_PAUSE_MS (sign → broadcast window, 300).
 * `--chain 1337` runs the campaign on the second dev chain (geth) instead of the first (hardhat).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEV_CHAIN } from '../dev/devchain/spec';
import { reconcile } from '../src/reconcile';
import { createTestContext } from '../test/support/harness';
import { TEST_ENV } from '../test/support/services';
import { stopOnCrash } from '../dev/launcher/processes';
import { startServices } from '../test/support/start-services';
import { delay, eventually } from '../test/support/wait';
import { ACK, WebhookReceiver } from '../test/support/webhook-receiver';
import { unsettled, violations } from './checks';
import { startMiner } from './miner';
import { between, seeded } from './random';
import { WorkerProcess } from './worker-process';
import { openWorkload, type Kind } from './workload';

const short = process.argv.includes('--short');
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const KILLS = num('CHAOS_KILLS', short ? 15 : 200);
const ITEMS = num('CHAOS_ITEMS', short ? 12 : 80);
const SEED = num('CHAOS_SEED', Math.floor(Math.random() * 2 ** 31));
const SETTLE_MS = num('CHAOS_SETTLE_SECONDS', 300) * 1000;
const chainArg = process.argv.indexOf('--chain');
const CHAIN = chainArg >= 0 ? Number(process.argv[chainArg + 1]) : DEV_CHAIN.chainId;
// Deposits first in each round: the chain scanner is the slowest to come back from a kill (docs/decisions/0024-crash-campaign.md).
const KINDS: Kind[] = ['deposit', 'A', 'B', 'C', 'treasury'];

const log = (msg: string) => console.error(`chaos: ${msg}`);

async function campaign(): Promise<number> {
  const started = Date.now();
  const rand = seeded(SEED);
  log(`seed ${SEED}, ${KILLS} kills, ${ITEMS} items`);
  const { services, stop } = await startServices();
  // The services and the worker process stop however the campaign ends, on an error no `finally` sees too.
  const stops = [stop];
  const withdrawCrashStop = stopOnCrash(async () => {
    for (const s of stops.reverse()) await s();
  }, log);
  process.env[TEST_ENV] = JSON.stringify(services);
  const chain = [{ nodeUrl: services.chainNodeUrl, registry: services.registry }, services.secondChain].find((c) => c.registry.chainId === CHAIN);
  if (!chain) throw new Error(`--chain ${CHAIN}: not a dev chain of the harness`);
  log(`on chain ${CHAIN}`);
  const ctx = await createTestContext({
    secondChain: chain.registry.chainId !== services.registry.chainId,
    env: {
      WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', OUTBOX_RELAY_SECONDS: '1', PRICE_RETRY_SECONDS: '1', HELD_APPROVAL_RETRY_SECONDS: '2',
      GAS_RECHECK_SECONDS: '1', TEST_PAUSE_BEFORE_BROADCAST_MS: String(num('CHAOS_PAUSE_MS', 300)),
    },
  });
  const receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'gw-chaos-')), 'worker.log');
  const worker = new WorkerProcess(services.serviceScript, { ...ctx.env, LOG_LEVEL: 'info', WORKFLOW_BUNDLE_PATH: services.workflowBundlePath }, logFile);
  stops.push(() => worker.stop());
  const ready = () => eventually(async () => worker.ready(), 120_000, 'the worker to start');
  const stopMiner = startMiner(chain.nodeUrl, CHAIN);
  const workload = await openWorkload(ctx, receiver, rand, chain);
  try {
    // The first start stores the opening balances before anything is signed: reconcile counts from there.
    worker.start();
    await ready();
    const items: Array<Promise<void>> = [];
    const launchUpTo = (n: number) => {
      while (items.length < Math.min(n, ITEMS)) items.push(workload.launch(KINDS[items.length % KINDS.length]!));
    };
    // Work is started over the first half of the kills, so the later ones still hit payouts and sweeps in flight.
    const spread = Math.max(1, Math.ceil(KILLS * 0.5));
    let kills = 0;
    while (kills < KILLS) {
      launchUpTo(Math.ceil((ITEMS * (kills + 1)) / spread));
      // One kill in five lands while the process is still starting; the others 0.3-2 s after it polls.
      if (rand() < 0.2) await delay(between(rand, 100, 1500));
      else {
        await ready();
        await delay(between(rand, 300, 2000));
      }
      await worker.kill();
      kills += 1;
      worker.start();
      if (kills % 10 === 0) log(`${kills} kills, ${items.length} items started`);
    }
    launchUpTo(ITEMS);
    await ready();
    workload.calm();
    log(`kills done after ${((Date.now() - started) / 1000).toFixed(0)} s; letting the worker settle`);
    await Promise.all(items);
    log(`every request taken after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await settle(ctx.db, workload.ledger);
    await stopMiner();

    const found = await violations(ctx.db, ctx.chains.require(CHAIN), receiver, workload.ledger);
    const report = await reconcile({ db: ctx.db, chains: ctx.chains, bankroll: ctx.config.BANKROLL_ADDRESS }, CHAIN);
    process.stdout.write(JSON.stringify(report) + '\n');
    if (!report.ok) found.push(`reconcile: ${report.differences.length} difference(s)`);
    for (const v of found) log(`VIOLATION ${v}`);
    const perMode = (m: string) => workload.ledger.withdrawals.filter((w) => w.mode === m).length;
    log(
      `summary: seed ${SEED}, ${kills} kills (${worker.starts} worker starts), withdrawals A=${perMode('A')} B=${perMode('B')} C=${perMode('C')}, ` +
        `deposits ${workload.ledger.deposits.length}, treasury sends ${workload.ledger.treasurySends.length} and top-ups ${workload.ledger.topUps.length}, ${((Date.now() - started) / 1000).toFixed(0)} s, ${found.length} violation(s), reconcile ok=${report.ok}; worker log ${logFile}`,
    );
    return found.length === 0 ? 0 : 1;
  } finally {
    await stopMiner();
    await worker.stop();
    workload.close();
    await receiver.stop();
    await ctx.close();
    await stop();
    withdrawCrashStop();
  }
}

/** Waits, bounded, until every withdrawal and deposit is final and nothing is in flight; fails naming what is not. */
async function settle(db: Parameters<typeof unsettled>[0], ledger: Parameters<typeof unsettled>[1]): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  let open = await unsettled(db, ledger);
  for (let i = 1; open.length > 0; i++) {
    if (Date.now() > deadline) throw new Error(`not final after ${SETTLE_MS / 1000} s without kills:\n  ${open.join('\n  ')}`);
    if (i % 10 === 0) log(`${open.length} not final, e.g. ${open.slice(0, 3).join('; ')}`);
    await delay(1000);
    open = await unsettled(db, ledger);
  }
}

campaign().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
