import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { build as esbuild, type Plugin } from 'esbuild';
import { Wallet } from 'ethers';
import { DATA_DIR, ROOT } from '../../dev/launcher/paths';
import { createDatabaseIfMissing, dropDatabase, findOrStartPostgres, migrate, withDatabase } from '../../dev/launcher/postgres';
import { freePort } from '../../src/adapters/free-port';
import { ensureTemporalCli, readDevServerSettings, startTemporalDevServer } from '../../dev/launcher/temporal-server';
import { SECOND_DEV_CHAIN } from '../../dev/devchain/spec';
import { setupDevChain } from './devchain-setup';
import type { TestServices } from './services';

const quietLogger = { log: () => {}, trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: (m: string) => console.error(m) };

/**
 * The real services for integration tests and benchmarks: a Temporal dev server (in memory, headless, free
 * port), PostgreSQL (local server, else embedded) with a migrated template database, the two dev chains (hardhat, and
 * geth in dev mode with its data in a temp dir) with the test tokens and feeds, and the workflow bundle, the
 * provisioning CLI and the service (bundleScripts) built once. `dynamicConfig` adds to temporal-dev.yml's (the
 * history recorder lowers the continue-as-new suggestion so a long wait reaches it in seconds).
 */
export async function startServices(opts: { dynamicConfig?: Record<string, unknown> } = {}): Promise<{ services: TestServices; stop(): Promise<void> }> {
  try {
    return await startServicesOnce(opts);
  } catch (err) {
    // CI starts several sets of services at once on a saturated machine: a port the kernel handed out may be taken
    // by another start before ours binds it, or a start may outlast its wait. The reason is printed; one more try,
    // on fresh ports, and a second failure is the run's.
    console.error(`services did not start (${(err as Error).message}); starting them again on fresh ports`);
    return startServicesOnce(opts);
  }
}

async function startServicesOnce(opts: { dynamicConfig?: Record<string, unknown> }): Promise<{ services: TestServices; stop(): Promise<void> }> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'gw-test-'));
  const cli = ensureTemporalCli(console.error);
  const [temporalPort, nodePort, proxyPort, pgPort, node2Port, proxy2Port] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
  const defaults = readDevServerSettings();
  // In memory, so no older store's tasks to drain from the other partitions (temporal-dev.yml): every poller polls the
  // one partition every task goes to.
  const dynamicConfig = { ...defaults.dynamicConfig, 'matching.numTaskqueueReadPartitions': 1, ...opts.dynamicConfig };
  const settings = { ...defaults, port: temporalPort, uiPort: null, dbFilename: undefined, dynamicConfig };
  const bankrollKey = Wallet.createRandom().privateKey;
  const bankrollAddress = new Wallet(bankrollKey).address;
  // Every service started is stopped if another fails to start: a failed setup must leave nothing running.
  const stops: (() => Promise<unknown>)[] = [];
  const tracked = async <T>(starting: Promise<T>, stop: (v: T) => Promise<unknown> | undefined): Promise<T> => {
    const v = await starting;
    stops.push(async () => stop(v));
    return v;
  };
  const started = await Promise.allSettled([
    tracked(startTemporalDevServer(cli, settings, path.join(tmp, 'temporal.log')), (t) => t.stop()),
    tracked(findOrStartPostgres({ embeddedPort: pgPort, dataDir: path.join(tmp, 'pg'), logFile: path.join(tmp, 'pg.log') }), (p) => p.proc?.stop()),
    tracked(setupDevChain({ nodePort, proxyPort, bankrollAddress }), (c) => c.stop()),
    tracked(
      setupDevChain({ nodePort: node2Port, proxyPort: proxy2Port, bankrollAddress, spec: SECOND_DEV_CHAIN, dataDir: path.join(tmp, 'geth'), logFile: path.join(tmp, 'geth.log') }),
      (c) => c.stop(),
    ),
    bundleWorkflowCode({ workflowsPath: require.resolve('../../src/workflows'), logger: quietLogger }),
    tracked(bundleScripts(), (dir) => Promise.resolve(rmSync(dir, { recursive: true, force: true }))),
  ] as const);
  const abandon = async (reason: unknown): Promise<never> => {
    await Promise.allSettled(stops.map((stop) => stop()));
    rmSync(tmp, { recursive: true, force: true });
    throw reason;
  };
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) return abandon(failed.reason);
  const value = <T>(r: PromiseSettledResult<T>): T => (r as PromiseFulfilledResult<T>).value;
  const [temporal, pg, chain, chain2, bundle, scriptsDir] = [value(started[0]), value(started[1]), value(started[2]), value(started[3]), value(started[4]), value(started[5])];
  // Every test file clones this migrated template, so each gets a fresh database in milliseconds.
  const templateDb = `gw_test_tpl_${process.pid}`;
  try {
    await createDatabaseIfMissing(pg.adminUrl, templateDb);
    await migrate(withDatabase(pg.adminUrl, templateDb));
  } catch (err) {
    await dropDatabase(pg.adminUrl, templateDb).catch(() => {});
    return abandon(err);
  }
  const workflowBundlePath = path.join(tmp, 'workflow-bundle.js');
  writeFileSync(workflowBundlePath, bundle.code);

  const services: TestServices = {
    pgAdminUrl: pg.adminUrl,
    templateDb,
    temporalAddress: `${settings.ip}:${temporalPort}`,
    chainNodeUrl: chain.nodeUrl,
    chainRpcUrl: chain.rpcUrl,
    registry: chain.registry,
    secondChain: { nodeUrl: chain2.nodeUrl, rpcUrl: chain2.rpcUrl, registry: chain2.registry },
    bankrollKey,
    workflowBundlePath,
    cliScript: path.join(scriptsDir, 'cli.js'),
    serviceScript: path.join(scriptsDir, 'main.js'),
  };
  return {
    services,
    async stop() {
      await dropDatabase(pg.adminUrl, templateDb).catch(() => {});
      await chain.stop();
      await chain2.stop();
      await pg.proc?.stop();
      await temporal.stop();
      rmSync(scriptsDir, { recursive: true, force: true });
      // geth's data, Temporal's and PostgreSQL's: about 1.5 GB a run, which filled the disk after a few dozen runs.
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * Each module's own `__dirname` kept in a bundle: the widget's and the panel's page scripts and the launcher's paths
 * find their files from it, and in one bundle every module would otherwise see the bundle's directory.
 */
const sourceDirname: Plugin = {
  name: 'source-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('__dirname')) return undefined;
      return { contents: text.replaceAll('__dirname', JSON.stringify(path.dirname(args.path))), loader: 'ts' };
    });
  },
};

/**
 * The provisioning CLI (cli.js) and the service (main.js, `--role api|worker`) as one script each with their packages
 * left external, run with plain node: the tests that run the CLI as a process (runCliProcess; the rest run it in
 * their own process) and about a hundred service processes (the two-process run, the crash campaigns) start from
 * them, and each start through tsx's loader cost 1.3 to 1.5 CPU-seconds more (measured side by side on an idle
 * machine: the service 0.7 against 2.1).
 */
async function bundleScripts(): Promise<string> {
  const dir = path.join(DATA_DIR, `test-scripts-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const bundle = (entry: string, outfile: string) =>
    esbuild({
      entryPoints: [path.join(ROOT, entry)],
      outfile: path.join(dir, outfile),
      bundle: true,
      platform: 'node',
      packages: 'external',
      // One bundle is one module: src/cli/main.ts's "run when started directly" guard would hold there too and run
      // the command a second time beside dev/cli/main.ts's (src/main.ts runs its main unconditionally).
      define: { 'require.main': 'undefined' },
      // A package loaded on demand (`await import(...)`, the Temporal client) is required: node's ESM loader would cost
      // more than the CommonJS one for a CommonJS package.
      supported: { 'dynamic-import': false },
      plugins: [sourceDirname],
      // The worker bundles its workflows from source only without a prebuilt bundle, which the tests always give it.
      logOverride: { 'require-resolve-not-external': 'silent' },
      logLevel: 'warning',
    });
  await Promise.all([bundle('dev/cli/main.ts', 'cli.js'), bundle('src/main.ts', 'main.js')]);
  return dir;
}
