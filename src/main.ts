import { pricingFrom } from './chain/prices';
import { ChainProviders } from './adapters/chains';
import { createDb } from './adapters/db';
import { createLogger } from './adapters/logger';
import { rpcUrlRedactor } from './adapters/rpc-redaction';
import { connectTemporal } from './temporal/client/connection';
import { temporalConnectOptions } from './temporal/client/connect-options';
import { startServer } from './http/server';
import { ConfigError, loadConfig, type Config } from './config/env';
import { SIGNING_KEY_VARS, loadSigningKeys, type SigningKeys } from './config/signing-keys';
import { localSigners } from './chain/signer';
import { createWorker, installTemporalLogger } from './temporal/worker';
import { serveWorkerMetrics, workerMetricsAddress } from './temporal/worker-metrics';

type Role = 'api' | 'worker';

/** No combined role: the API and the worker run as separate processes, so the API never holds a signing key. */
function parseRole(argv: string[]): Role {
  const i = argv.indexOf('--role');
  const role = i >= 0 ? argv[i + 1] : undefined;
  if (role !== 'api' && role !== 'worker') throw new ConfigError(`--role must be api or worker, got ${role ?? 'nothing'}`);
  return role;
}

/** The API refuses to start with a signing key in its environment; the worker refuses to start without them. */
function signingKeysFor(role: Role, config: Config): SigningKeys | null {
  if (role === 'worker') return loadSigningKeys(process.env, config);
  const present = SIGNING_KEY_VARS.filter((k) => process.env[k] !== undefined);
  if (present.length) throw new ConfigError(`Invalid environment:\n${present.map((k) => `  ${k}: the API must not hold signing keys; give it to the worker only`).join('\n')}`);
  return null;
}

/** One service process: the API or the worker (`--role`). Stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const role = parseRole(process.argv);
  const config = loadConfig();
  const keys = signingKeysFor(role, config);
  const logger = createLogger({ level: config.LOG_LEVEL, base: { service: `gateway-${role}` }, redact: rpcUrlRedactor({ ...config.CHAIN_RPC_URLS, ...config.TRON_RPC_URLS }) });
  const db = createDb(config.DATABASE_URL, config.DB_POOL_SIZE, config.DB_TX_MAX_WAIT_MS);
  const chains = ChainProviders.fromConfig(config, logger);
  const stops: Array<() => Promise<void>> = [];

  const temporalTarget = temporalConnectOptions(config);
  const temporal = await connectTemporal(temporalTarget, config.TEMPORAL_NAMESPACE);
  if (role === 'api') {
    const server = await startServer({ config, db, temporal, chains, logger, ...pricingFrom(config, db, chains) }, config.PORT, config.HOST);
    logger.info('api listening', { url: server.url });
    stops.push(server.close);
  }
  if (keys) {
    const coreMetrics = config.WORKER_METRICS_PORT ? await workerMetricsAddress() : undefined;
    installTemporalLogger(logger, 'WARN', coreMetrics);
    if (coreMetrics) {
      // Payouts matter more than their metrics: a taken port is logged loudly, and the worker runs on.
      const metrics = await serveWorkerMetrics(config.WORKER_METRICS_PORT, coreMetrics, db, config.WORKER_METRICS_HOST).catch((err: unknown) => {
        logger.error('worker metrics not served', { port: config.WORKER_METRICS_PORT, err });
        return null;
      });
      if (metrics) stops.push(metrics.close);
    }
    const { worker, connection } = await createWorker(
      { ...temporalTarget, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE, workflowBundlePath: config.WORKFLOW_BUNDLE_PATH },
      { config, db, chains, logger, temporal: temporal.client, signers: localSigners(keys) },
    );
    const running = worker.run();
    logger.info('worker running', { taskQueue: config.TEMPORAL_TASK_QUEUE });
    stops.push(async () => {
      worker.shutdown();
      await running;
      await connection.close();
    });
  }

  // Once, whatever arrives: Ctrl-C under the launcher sends SIGINT (the terminal's process group) and then SIGTERM
  // (the launcher stopping its services), and a second run would close the closed connections again.
  let stopping: Promise<void> | null = null;
  const shutdown = (signal: string) =>
    (stopping ??= (async () => {
      logger.info('shutting down', { signal });
      for (const stop of stops.reverse()) await stop().catch((err: unknown) => logger.error('stop failed', { err }));
      await temporal.connection.close();
      chains.destroy();
      await db.$disconnect();
      process.exit(0);
    })());
  process.once('SIGINT', (s) => void shutdown(s));
  process.once('SIGTERM', (s) => void shutdown(s));
}

main().catch((err: unknown) => {
  // A bad environment names the variable and exits non-zero; nothing starts.
  process.stderr.write(`${err instanceof ConfigError ? err.message : String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
