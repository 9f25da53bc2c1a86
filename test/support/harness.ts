import type { Activities } from '../../src/activities';
import type { WorkflowStarts } from '../../src/activities/deps';
import { pricingFrom } from '../../src/chain/prices';
import { randomBytes } from 'node:crypto';
import { Mnemonic } from 'ethers';
import { ChainProviders } from '../../src/adapters/chains';
import { createDb, type Db } from '../../src/adapters/db';
import { createLogger, type Logger } from '../../src/adapters/logger';
import { rpcUrlRedactor } from '../../src/adapters/rpc-redaction';
import { connectTemporal, type TemporalHandle } from '../../src/temporal/client/connection';
import { startServer } from '../../src/http/server';
import { loadConfig, type Config } from '../../src/config/env';
import { loadSigningKeys, type SigningKeys } from '../../src/config/signing-keys';
import { localSigners } from '../../src/chain/signer';
import { publicKeysOf } from '../../src/adapters/hd-wallet';
import { createDatabaseIfMissing, dropDatabase, withDatabase } from '../../dev/launcher/postgres';
import { upsertChain } from '../../src/provisioning/chain-registry';
import { webhookTaskQueue } from '../../src/domain/keys';
import { openScanCursor } from '../../src/provisioning/chain-instance';
import { createWorker, installTemporalLogger } from '../../src/temporal/worker';
import { testServices, type TestServices } from './services';
import { startServiceProcesses, testProcessCount } from './service-processes';

export interface TestContext {
  services: TestServices;
  config: Config;
  /** The worker's signing keys (the API never gets them). */
  keys: SigningKeys;
  /** The environment the service would run with: pass it to the CLI. */
  env: Record<string, string>;
  db: Db;
  temporal: TemporalHandle;
  chains: ChainProviders;
  logger: Logger;
  apiUrl: string;
  /** How many API processes and workers run (GATEWAY_TEST_PROCESSES); 1 means both in this process. */
  processes: number;
  /**
   * Starts (or restarts) the worker on this context's task queue; `wrap` may replace activities to inject faults
   * (in-process only). With several processes, starts every worker process.
   */
  startWorker(wrap?: (activities: Activities) => Activities): Promise<void>;
  stopWorker(): Promise<void>;
  /** The workflow starts of the worker in this process, as its activities make them; null without one. */
  workerStarts(): WorkflowStarts | null;
  close(): Promise<void>;
}

/**
 * A fresh database (cloned from the migrated template), a task queue of its own on the shared Temporal server,
 * the registry of the shared dev chain (and of the second one with `secondChain`), and the API on a free port. Durations come from `env` overrides; `logStream`
 * captures every log line at debug level. With GATEWAY_TEST_PROCESSES=N the API and the worker are N + N real service
 * processes (`src/main.ts --role api|worker`) with `env`, and `apiUrl` spreads requests over the API processes.
 */
export async function createTestContext(opts: { env?: Record<string, string>; worker?: boolean; logStream?: NodeJS.WritableStream; secondChain?: boolean } = {}): Promise<TestContext> {
  const services = testServices();
  const second = services.secondChain;
  const dbName = `gw_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabaseIfMissing(services.pgAdminUrl, dbName, services.templateDb);
  const keys = { HD_MNEMONIC: Mnemonic.fromEntropy(randomBytes(16)).phrase, BANKROLL_PRIVATE_KEY: services.bankrollKey };
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: withDatabase(services.pgAdminUrl, dbName),
    TEMPORAL_ADDRESS: services.temporalAddress,
    TEMPORAL_TASK_QUEUE: `test-${dbName}`,
    CHAIN_RPC_URLS: `${services.registry.chainId}=${services.chainRpcUrl}${opts.secondChain ? `,${second.registry.chainId}=${second.rpcUrl}` : ''}`,
    DEV_CHAIN_NODE_URLS: `${services.registry.chainId}=${services.chainNodeUrl},${second.registry.chainId}=${second.nodeUrl}`,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    ...keys,
    ...publicKeysOf(keys),
    PORT: '0',
    // No worker metrics unless a test asks: a worker process spawned with this environment (the crash campaign's)
    // would otherwise take the launcher's fixed 9464 beside restart-check's `npm start`.
    WORKER_METRICS_PORT: '0',
    FX_RATES: 'EUR=0.92,GBP=0.79',
    CHAIN_POLL_MS: '200',
    // CI runs three integration shards beside its checks on two cores, where a burst of 50 requests (or a worker's
    // start) holds a test process's event loop for seconds: a 3 s price or balance read then answers unknown
    // (PRICE_UNAVAILABLE, a withdraw page without its options) where the tests assert what a priced, funded request
    // does. The timeouts themselves are tested in prices.test and chain-read-timeout.test.
    PRICE_READ_TIMEOUT_MS: '30000',
    CHAIN_READ_TIMEOUT_MS: '30000',
    // The tests' receivers listen on this machine, which a webhook may reach only inside this allowance.
    WEBHOOK_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    ...opts.env,
  };
  const config = loadConfig(env);
  const signingKeys = loadSigningKeys(env, config);
  const logger = createLogger({
    level: opts.logStream ? 'debug' : config.LOG_LEVEL,
    stream: opts.logStream ?? process.stderr,
    redact: rpcUrlRedactor({ ...config.CHAIN_RPC_URLS, ...config.TRON_RPC_URLS }),
  });
  const db = createDb(config.DATABASE_URL, config.DB_POOL_SIZE, config.DB_TX_MAX_WAIT_MS);
  // The second dev chain only where a test asks for it: every other file sees the one chain it was written for.
  const registries = [services.registry, ...(opts.secondChain ? [second.registry] : [])];
  const chains = ChainProviders.fromConfig(config, logger);
  for (const registry of registries) {
    await upsertChain(db, registry, { isDev: true });
    // As a registration does: from here on, a deposit to any address of this context is the scanner's to find.
    await openScanCursor(db, registry.chainId, chains.require(registry.chainId));
  }
  const temporal = await connectTemporal({ address: config.TEMPORAL_ADDRESS }, config.TEMPORAL_NAMESPACE);
  const processes = testProcessCount();
  const cluster = processes > 1 ? await startServiceProcesses(processes, services.serviceScript, { ...env, WORKFLOW_BUNDLE_PATH: services.workflowBundlePath }) : null;
  const server = cluster
    ? { url: cluster.frontUrl, close: cluster.stopApis }
    : await startServer({ config, db, temporal, chains, logger, ...pricingFrom(config, db, chains) }, 0, '127.0.0.1');

  let worker: { stop(): Promise<void>; starts?: WorkflowStarts } | null = null;
  const ctx: TestContext = {
    services,
    config,
    keys: signingKeys,
    env,
    db,
    temporal,
    chains,
    logger,
    apiUrl: server.url,
    processes,
    async startWorker(wrap) {
      if (worker) return;
      if (cluster) {
        if (wrap) throw new Error('activities cannot be replaced in worker processes: mark the test inProcessOnly');
        await cluster.startWorkers();
        worker = { stop: cluster.stopWorkers };
        return;
      }
      quietTemporalLogs(logger);
      const deps = { config, db, chains, logger, temporal: temporal.client, signers: localSigners(signingKeys) };
      const { worker: w, connection, starts } = await createWorker(
        {
          address: config.TEMPORAL_ADDRESS,
          namespace: config.TEMPORAL_NAMESPACE,
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          workflowBundlePath: services.workflowBundlePath,
          wrapActivities: wrap,
        },
        deps,
      );
      const running = w.run();
      worker = {
        starts,
        async stop() {
          w.shutdown();
          await running;
          await connection.close();
        },
      };
    },
    workerStarts: () => worker?.starts ?? null,
    async stopWorker() {
      await worker?.stop();
      worker = null;
    },
    async close() {
      await ctx.stopWorker();
      await terminateOpenWorkflows(temporal, config.TEMPORAL_TASK_QUEUE);
      await server.close();
      await temporal.connection.close();
      chains.destroy();
      await db.$disconnect();
      await dropDatabase(services.pgAdminUrl, dbName);
      await assertSharedChainLeftUsable(services.chainNodeUrl);
    },
  };
  if (opts.worker) await ctx.startWorker();
  return ctx;
}

/** Above this the next file's sweeps and payouts would wait for cheaper gas (a 6 USDT sweep is unprofitable at 60 gwei). */
const SHARED_BASE_FEE_LIMIT = 2_000_000_000n;

/**
 * Every integration file shares one dev chain, and a file that raised its base fee (fee-bump tests) and left it high
 * stalls the deposits and payouts of the files after it: they wait for gas that never gets cheaper, since the chain
 * mines only on demand. Such a file fails here, at its own close, instead of a later file timing out.
 */
async function assertSharedChainLeftUsable(nodeUrl: string): Promise<void> {
  const res = await fetch(nodeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] }),
  });
  const baseFee = BigInt(((await res.json()) as { result: { baseFeePerGas: string } }).result.baseFeePerGas);
  if (baseFee > SHARED_BASE_FEE_LIMIT) {
    throw new Error(`this file left the shared dev chain's base fee at ${baseFee} wei: bring it back down in its afterAll`);
  }
}

/** The SDK's own logs (worker state changes) would flood the test output; keep its warnings and errors. */
function quietTemporalLogs(logger: Logger): void {
  const g = globalThis as { __gwTemporalLogger?: boolean };
  if (g.__gwTemporalLogger) return;
  try {
    installTemporalLogger(logger, 'WARN');
  } catch {
    // Already installed by an earlier test file in this process.
  }
  g.__gwTemporalLogger = true;
}

/** Long-running workflows (relay, scanners, retrying deliveries) of a closed context would otherwise wait forever on the shared server. */
async function terminateOpenWorkflows(temporal: TemporalHandle, taskQueue: string): Promise<void> {
  const queues = `TaskQueue="${taskQueue}" OR TaskQueue="${webhookTaskQueue(taskQueue)}"`;
  for await (const wf of temporal.client.workflow.list({ query: `(${queues}) AND ExecutionStatus="Running"` })) {
    await temporal.client.workflow.getHandle(wf.workflowId, wf.runId).terminate('test context closed').catch(() => {});
  }
}
