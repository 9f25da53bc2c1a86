import { pricingFrom } from './adapters/prices';
import { ChainProviders } from './adapters/chains';
import { createDb } from './adapters/db';
import { createLogger } from './adapters/logger';
import { connectTemporal } from './temporal/client/connection';
import { startServer } from './api/server';
import { ConfigError, loadConfig } from './config/env';
import { createWorker, installTemporalLogger } from './temporal/worker';

type Role = 'api' | 'worker' | 'all';

function parseRole(argv: string[]): Role {
  const i = argv.indexOf('--role');
  const role = i >= 0 ? argv[i + 1] : 'all';
  if (role !== 'api' && role !== 'worker' && role !== 'all') throw new ConfigError(`--role must be api, worker or all, got ${role}`);
  return role;
}

/** One service process: the API, the worker, or both (`--role`). Stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const role = parseRole(process.argv);
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, base: { service: `gateway-${role}` } });
  const db = createDb(config.DATABASE_URL);
  const chains = new ChainProviders(config.CHAIN_RPC_URLS);
  const stops: Array<() => Promise<void>> = [];

  const temporal = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  if (role !== 'worker') {
    const server = await startServer({ config, db, temporal, chains, logger, ...pricingFrom(config, db, chains) }, config.PORT, config.HOST);
    logger.info('api listening', { url: server.url });
    stops.push(server.close);
  }
  if (role !== 'api') {
    installTemporalLogger(logger);
    const { worker, connection } = await createWorker(
      { address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE, workflowBundlePath: config.WORKFLOW_BUNDLE_PATH },
      { config, db, chains, logger, temporal: temporal.client },
    );
    const running = worker.run();
    logger.info('worker running', { taskQueue: config.TEMPORAL_TASK_QUEUE });
    stops.push(async () => {
      worker.shutdown();
      await running;
      await connection.close();
    });
  }

  const shutdown = async (signal: string) => {
    logger.info('shutting down', { signal });
    for (const stop of stops.reverse()) await stop().catch((err: unknown) => logger.error('stop failed', { err }));
    await temporal.connection.close();
    chains.destroy();
    await db.$disconnect();
    process.exit(0);
  };
  process.once('SIGINT', (s) => void shutdown(s));
  process.once('SIGTERM', (s) => void shutdown(s));
}

main().catch((err: unknown) => {
  // A bad environment names the variable and exits non-zero; nothing starts.
  process.stderr.write(`${err instanceof ConfigError ? err.message : String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
