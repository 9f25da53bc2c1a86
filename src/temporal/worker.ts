import { existsSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker, type ActivityInboundCallsInterceptor, type LogLevel } from '@temporalio/worker';
import { redactError, rpcUrlRedactor, type Redact } from '../adapters/rpc-redaction';
import { Client, WorkflowNotFoundError } from '@temporalio/client';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { Config } from '../config/env';
import type { Signers } from '../chain/signer';
import type { chainScannerWorkflow } from '../workflows/chain-scanner';
import { chainScannerWorkflowId, dustSweeperWorkflowId, reconcileWorkflowId, treasuryRelayWorkflowId, webhookRelayWorkflowId, withdrawalRelayWorkflowId } from '../domain/keys';
import type { dustSweeperWorkflow } from '../workflows/dust-sweeper';
import type { reconcileWorkflow } from '../workflows/reconcile';
import type { treasuryRelayWorkflow } from '../workflows/treasury-relay';
import type { webhookRelayWorkflow } from '../workflows/webhook-relay';
import type { withdrawalRelayWorkflow } from '../workflows/withdrawal-relay';
import { createActivities, type Activities } from '../activities';
import type { WorkflowStarts } from '../activities/deps';
import { evmInstanceOf, openScanCursor, registerChainInstance } from '../provisioning/chain-instance';
import { openTronChain } from '../provisioning/tron-instance';
import { bankrollAssets, ensureOpenings } from '../reconcile/openings';
import { ensureTronOpenings } from '../reconcile/tron';
import { tronFromEvm } from '../adapters/tron-address';
import { workflowStarts } from './client/starts';
import { LOOP_START } from './loops';
import { TASK_POLLING } from './polling';
import { followWorkerOptions } from './follow-worker';
import { webhookWorkerOptions } from './webhook-worker';
import type { TemporalConnectOptions } from './client/connect-options';

export interface WorkerOptions extends TemporalConnectOptions {
  namespace: string;
  taskQueue: string;
  /** A prebuilt bundle (tests bundle once); else the build's (PREBUILT_WORKFLOW_BUNDLE), else bundled from source at start. */
  workflowBundlePath?: string;
  /** Replaces some of the worker's activities: tests inject faults with it. */
  wrapActivities?: (activities: Activities) => Activities;
}

/** What the worker runs on: the activities' outside world and the client it starts workflows with. */
export interface WorkerDeps {
  config: Config;
  db: Db;
  chains: ChainProviders;
  logger: Logger;
  temporal: Client;
  signers: Signers;
}

/**
 * Where `npm run build` writes the workflow bundle: dist/workflow-bundle.js, beside dist/temporal/. Running from source
 * finds none and bundles at start (webpack and swc, which @temporalio/worker installs as its own dependencies).
 */
export const PREBUILT_WORKFLOW_BUNDLE = path.join(__dirname, '..', 'workflow-bundle.js');

/** Every activity failure leaves without RPC URLs: failures land in workflow histories and in API error bodies. */
function safeFailures(redact: Redact): ActivityInboundCallsInterceptor {
  return {
    execute: (input, next) =>
      next(input).catch((err: unknown) => {
        throw redactError(err, redact);
      }),
  };
}

/** The worker process's three Temporal workers as one: run() polls every queue, shutdown() stops every worker. */
export type GatewayWorker = Pick<Worker, 'run' | 'shutdown'>;

/**
 * Creates the workers of the gateway on one connection: one on the task queue every workflow and activity runs on, one
 * on its webhook queue (webhookTaskQueue), where deliveries wait on operators' endpoints, and one on its follow queue
 * (followTaskQueue), where payouts, deposits and sweeps wait for their blocks. Call run() to poll.
 * `starts` are the workflow starts its activities make (tests and benchmarks dispatch through them as activities do).
 */
export async function createWorker(opts: WorkerOptions, deps: WorkerDeps): Promise<{ worker: GatewayWorker; connection: NativeConnection; starts: WorkflowStarts }> {
  const connection = await NativeConnection.connect({ address: opts.address, tls: opts.tls, apiKey: opts.apiKey });
  // The starts that follow from what the activities commit; webhook deliveries go over this connection (workflowStarts).
  const starts = workflowStarts(deps.temporal, deps.config, deps.db, new Client({ connection, namespace: opts.namespace }));
  const { config, db, chains, logger, signers } = deps;
  const activities = createActivities({ config, db, chains, logger, signers, workflows: starts });
  const bundlePath = opts.workflowBundlePath ?? (existsSync(PREBUILT_WORKFLOW_BUNDLE) ? PREBUILT_WORKFLOW_BUNDLE : undefined);
  // Which workflow code runs is worth one line: a stale bundle would run old workflows.
  deps.logger.info('workflow bundle', { prebuilt: bundlePath ?? null });
  const common = {
    connection,
    namespace: opts.namespace,
    // Bundled once for the two workers that run workflows.
    workflowBundle: bundlePath
      ? { codePath: bundlePath }
      : await bundleWorkflowCode({ workflowsPath: require.resolve('../workflows'), logger: Runtime.instance().logger }),
    activities: opts.wrapActivities?.(activities) ?? activities,
    ...TASK_POLLING,
    interceptors: { activity: [() => ({ inbound: safeFailures(rpcUrlRedactor({ ...deps.config.CHAIN_RPC_URLS, ...deps.config.TRON_RPC_URLS })) })] },
  };
  const workers = [
    await Worker.create({ ...common, taskQueue: opts.taskQueue }),
    await Worker.create({
      ...common,
      ...webhookWorkerOptions(opts.taskQueue),
    }),
    // No workflows: the follows only (followWorkerOptions).
    await Worker.create({ ...common, workflowBundle: undefined, ...followWorkerOptions(opts.taskQueue) }),
  ];
  await startRelays(deps.temporal, opts.taskQueue, deps.config);
  await startChainScanners(deps, opts.taskQueue);
  await startTronScanners(deps, opts.taskQueue);
  await startReconcile(deps, opts.taskQueue);
  const worker: GatewayWorker = {
    run: async () => {
      await Promise.all(workers.map((w) => w.run()));
    },
    shutdown: () => workers.filter((w) => w.getState() === 'RUNNING').forEach((w) => w.shutdown()),
  };
  return { worker, connection, starts };
}

/**
 * One scanner and one dust sweeper per active EVM chain that has an RPC URL; a restarted worker attaches to the running ones. Each chain's
 * instance is checked first: signing against another network than the stored state's would corrupt its nonces.
 */
async function startChainScanners(deps: WorkerDeps, taskQueue: string): Promise<void> {
  const chains = await deps.db.chain.findMany({ where: { active: true, type: 'EVM' } });
  for (const chain of chains.filter((c) => deps.chains.get(c.chainId))) {
    const provider = deps.chains.require(chain.chainId);
    const live = await evmInstanceOf(provider);
    const { genesisHash } = live;
    await registerChainInstance(deps.db, chain.chainId, live, { retire: false });
    // A chain registered without an RPC at hand gets its cursor here, before its scanner's first step.
    await openScanCursor(deps.db, chain.chainId, provider);
    const key = { chainId: chain.chainId, genesisHash, bankroll: deps.config.BANKROLL_ADDRESS };
    await openBooks(deps, chain.chainId, async () => ensureOpenings(deps.db, provider, key, (await bankrollAssets(deps.db, key)).map((a) => a.asset)));
    await startChainScanner(deps, taskQueue, chain.chainId);
    await deps.temporal.workflow.start<typeof dustSweeperWorkflow>('dustSweeperWorkflow', {
      workflowId: dustSweeperWorkflowId(taskQueue, chain.chainId),
      taskQueue,
      args: [{ chainId: chain.chainId, intervalSeconds: deps.config.DUST_SWEEP_SECONDS, pollMs: deps.config.CHAIN_POLL_MS }],
      ...LOOP_START,
    });
  }
}

/** A chain's scanner; a restarted worker, or a second one, attaches to the running one. */
async function startChainScanner(deps: WorkerDeps, taskQueue: string, chainId: number): Promise<void> {
  await deps.temporal.workflow.start<typeof chainScannerWorkflow>('chainScannerWorkflow', {
    workflowId: chainScannerWorkflowId(taskQueue, chainId),
    taskQueue,
    args: [{ chainId, pollMs: deps.config.CHAIN_POLL_MS, maxBlocks: deps.config.SCAN_MAX_BLOCKS }],
    ...LOOP_START,
  });
}

/** One scanner per active TRON chain with a node URL (TRC-20 deposits; no dust sweeper on TRON yet), its books opened first. */
async function startTronScanners(deps: WorkerDeps, taskQueue: string): Promise<void> {
  const chains = await deps.db.chain.findMany({ where: { active: true, type: 'TRON' } });
  for (const chain of chains.filter((c) => deps.chains.tron(c.chainId))) {
    const node = deps.chains.requireTron(chain.chainId);
    await openTronChain(deps.db, chain.chainId, node);
    const { genesisHash } = await deps.db.chain.findUniqueOrThrow({ where: { chainId: chain.chainId } });
    await openBooks(deps, chain.chainId, () => ensureTronOpenings(deps.db, node, { chainId: chain.chainId, genesisHash: genesisHash!, bankroll: tronFromEvm(deps.config.BANKROLL_ADDRESS) }));
    await startChainScanner(deps, taskQueue, chain.chainId);
  }
}

/**
 * The bankroll's opening balances of a chain instance, stored on the first start on it, before this worker signs
 * anything there (reconcile counts from them). A failure only defers them to the first reconcile: payouts must not
 * wait for bookkeeping.
 */
async function openBooks(deps: WorkerDeps, chainId: number, open: () => Promise<unknown>): Promise<void> {
  try {
    await open();
  } catch (err) {
    deps.logger.warn('opening balances not stored', { chainId, err: String(err) });
  }
}

/**
 * The scheduled reconcile, one per task queue; a restarted worker attaches to the running one, so its timer survives
 * restarts. Its interval is in its memo: a worker started with another RECONCILE_EVERY_SECONDS replaces it (what
 * reconcile writes, openings, top-ups and its run, is written once or whole, so a run cut short loses nothing), and
 * 0 ends it.
 */
async function startReconcile(deps: WorkerDeps, taskQueue: string): Promise<void> {
  const workflowId = reconcileWorkflowId(taskQueue);
  const intervalSeconds = deps.config.RECONCILE_EVERY_SECONDS;
  const handle = deps.temporal.workflow.getHandle(workflowId);
  const running = await handle.describe().then((d) => (d.status.name === 'RUNNING' ? d : null), (err: unknown) => {
    if (err instanceof WorkflowNotFoundError) return null;
    throw err;
  });
  if (running && running.memo?.intervalSeconds !== intervalSeconds) {
    await handle.terminate(`RECONCILE_EVERY_SECONDS is now ${intervalSeconds}`).catch((err: unknown) => {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    });
  }
  if (intervalSeconds === 0) return;
  await deps.temporal.workflow.start<typeof reconcileWorkflow>('reconcileWorkflow', {
    workflowId,
    taskQueue,
    args: [{ intervalSeconds }],
    memo: { intervalSeconds },
    ...LOOP_START,
  });
}

/**
 * The relays (webhook deliveries, withdrawal workflows, treasury sends and the hot-wallet ceiling) run once per task
 * queue; a restarted worker attaches to them.
 */
async function startRelays(client: Client, taskQueue: string, config: Pick<Config, 'OUTBOX_RELAY_SECONDS' | 'HOT_WALLET_CHECK_SECONDS'>): Promise<void> {
  const intervalSeconds = config.OUTBOX_RELAY_SECONDS;
  await client.workflow.start<typeof webhookRelayWorkflow>('webhookRelayWorkflow', {
    workflowId: webhookRelayWorkflowId(taskQueue),
    taskQueue,
    args: [{ intervalSeconds }],
    ...LOOP_START,
  });
  await client.workflow.start<typeof withdrawalRelayWorkflow>('withdrawalRelayWorkflow', {
    workflowId: withdrawalRelayWorkflowId(taskQueue),
    taskQueue,
    args: [{ intervalSeconds }],
    ...LOOP_START,
  });
  await client.workflow.start<typeof treasuryRelayWorkflow>('treasuryRelayWorkflow', {
    workflowId: treasuryRelayWorkflowId(taskQueue),
    taskQueue,
    args: [{ intervalSeconds: config.HOT_WALLET_CHECK_SECONDS }],
    ...LOOP_START,
  });
}

const LEVELS: Record<LogLevel, keyof Omit<Logger, 'child' | 'enabled'>> = { TRACE: 'debug', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' };

/**
 * Routes the Temporal SDK's own logs (worker state, bundler) into our JSON logger and, given `metricsBindAddress`,
 * has Temporal's core serve its worker metrics (task slots, polls, latencies) in Prometheus form there. Call once,
 * before createWorker.
 */
export function installTemporalLogger(logger: Logger, level: LogLevel = 'WARN', metricsBindAddress?: string): void {
  Runtime.install({
    logger: new DefaultLogger(level, ({ level: l, message, meta }) => logger[LEVELS[l]](message, { temporal: meta })),
    ...(metricsBindAddress ? { telemetryOptions: { metrics: { prometheus: { bindAddress: metricsBindAddress, countersTotalSuffix: true } } } } : {}),
  });
}
