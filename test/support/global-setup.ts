import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { Wallet } from 'ethers';
import { createDatabaseIfMissing, findOrStartPostgres, migrate, withDatabase } from '../../src/launcher/postgres';
import { freePort } from '../../src/launcher/processes';
import { ensureTemporalCli, readDevServerSettings, startTemporalDevServer } from '../../src/launcher/temporal-server';
import { setupDevChain } from './devchain-setup';
import { TEST_ENV, type TestServices } from './services';

/** Starts the real services once for the integration project: PostgreSQL, a Temporal dev server, an EVM node. */
export default async function globalSetup(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'gw-test-'));
  const cli = ensureTemporalCli(console.error);
  const [temporalPort, nodePort, proxyPort, pgPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const settings = { ...readDevServerSettings(), port: temporalPort, uiPort: null, dbFilename: undefined };

  const bankrollKey = Wallet.createRandom().privateKey;
  const [temporal, pg, chain, bundle] = await Promise.all([
    startTemporalDevServer(cli, settings, path.join(tmp, 'temporal.log')),
    findOrStartPostgres({ embeddedPort: pgPort, dataDir: path.join(tmp, 'pg'), logFile: path.join(tmp, 'pg.log') }),
    setupDevChain({ nodePort, proxyPort, bankrollAddress: new Wallet(bankrollKey).address }),
    bundleWorkflowCode({ workflowsPath: require.resolve('../../src/workflows'), logger: quietLogger }),
  ]);

  // Every test file clones this migrated template, so each gets a fresh database in milliseconds.
  const templateDb = `gw_test_tpl_${process.pid}`;
  await createDatabaseIfMissing(pg.adminUrl, templateDb);
  await migrate(withDatabase(pg.adminUrl, templateDb));

  const bundlePath = path.join(tmp, 'workflow-bundle.js');
  writeFileSync(bundlePath, bundle.code);

  const services: TestServices = {
    pgAdminUrl: pg.adminUrl,
    templateDb,
    temporalAddress: `${settings.ip}:${temporalPort}`,
    chainNodeUrl: chain.nodeUrl,
    chainRpcUrl: chain.rpcUrl,
    registry: chain.registry,
    bankrollKey,
    workflowBundlePath: bundlePath,
  };
  process.env[TEST_ENV] = JSON.stringify(services);
  (globalThis as Record<string, unknown>).__gwTestStops = [chain.stop, pg.proc?.stop, temporal.stop].filter(Boolean);
}

const quietLogger = {
  log: () => {},
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (msg: string) => console.error(msg),
};
