import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JsonRpcProvider } from 'ethers';
import { createLogger } from '../../src/adapters/logger';
import { ConfigError, loadConfig } from '../../src/config/env';
import { devEnvOf, writeDevEnv } from './dev-env';
import { deployDevChain } from '../devchain/deploy';
import { deployOnce } from '../devchain/deployed';
import { ensureGeth, startDevNode } from '../devchain/node';
import { startRpcProxy } from '../devchain/rpc-proxy';
import { DEV_CHAIN, DEV_CHAINS, SECOND_DEV_CHAIN, type DevChainSpec } from '../devchain/spec';
import { evmInstanceOf, registerChainInstance } from '../../src/provisioning/chain-instance';
import { upsertChain } from '../../src/provisioning/chain-registry';
import { loadOrCreateDevSecrets } from './dev-secrets';
import { devTron } from './dev-tron';
import { publicKeysOf } from '../../src/adapters/hd-wallet';
import { SIGNING_KEY_VARS, loadSigningKeys, roleEnvs, withoutSigningKeys, type SigningKeys } from '../../src/config/signing-keys';
import { DATA_DIR, ROOT } from './paths';
import { launcherDb } from './launcher-db';
import { createDatabaseIfMissing, findOrStartPostgres, migrate, withDatabase } from './postgres';
import { startProcess, stopOnCrash, waitFor } from './processes';
import { workersPolling } from './worker-ready';
import { startFrontProxy } from './front-proxy';
import { planServices, processCount } from './service-plan';
import { ensureTemporalCli, readDevServerSettings, startTemporalDevServer, stopLeftoverDevServer } from './temporal-server';

const log = createLogger({ base: { service: 'launcher' } });

type Stop = { name: string; stop: () => Promise<void> };

/** Temporal: TEMPORAL_ADDRESS if set, else the embedded dev server (with its Web UI) from temporal-dev.yml. */
async function temporal(stops: Stop[]): Promise<Record<string, string>> {
  if (process.env.TEMPORAL_ADDRESS) return {};
  const settings = readDevServerSettings();
  const cli = ensureTemporalCli((msg) => log.info(msg));
  // In a process group of its own: Ctrl-C reaches the launcher and the services but not the server, which is stopped
  // last (stopAll), so a worker finishing its shutdown still reaches it. Killed with them, it kept a workflow task the
  // worker had started as started, and the next start's scanner waited for that task's one-minute timeout.
  const pidFile = path.join(DATA_DIR, 'temporal.pid');
  // A launcher killed outright (SIGKILL) could not stop its server: the next start ends it first.
  await stopLeftoverDevServer(pidFile, (msg) => log.warn(msg));
  const proc = await startTemporalDevServer(cli, settings, path.join(DATA_DIR, 'temporal.log'), { ownProcessGroup: true });
  writeFileSync(pidFile, String(proc.child.pid));
  stops.push({ name: 'temporal', stop: () => proc.stop().then(() => rmSync(pidFile, { force: true })) });
  log.info('temporal dev server ready', { address: `${settings.ip}:${settings.port}`, ui: `http://${settings.ip}:${settings.uiPort}` });
  return {
    TEMPORAL_ADDRESS: `${settings.ip}:${settings.port}`,
    TEMPORAL_NAMESPACE: settings.namespace,
    TEMPORAL_UI_URL: `http://${settings.ip}:${settings.uiPort}`,
  };
}

/** PostgreSQL: DATABASE_URL if set, else the local server, else an embedded one; then the migrations. */
async function postgres(stops: Stop[]): Promise<Record<string, string>> {
  let url = process.env.DATABASE_URL;
  if (!url) {
    const server = await findOrStartPostgres({ logFile: path.join(DATA_DIR, 'postgres.log') });
    if (server.proc) stops.push({ name: 'postgres', stop: server.proc.stop });
    await createDatabaseIfMissing(server.adminUrl, 'gateway');
    url = withDatabase(server.adminUrl, 'gateway');
  }
  await migrate(url);
  log.info('database ready', { embedded: stops.some((s) => s.name === 'postgres') });
  return { DATABASE_URL: url };
}

/** Each dev chain's node and the RPC proxy in front of it (the service's view, which `dev rpc --down` cuts). */
const DEV_CHAIN_PORTS: Record<number, { node: number; proxy: number }> = {
  [DEV_CHAIN.chainId]: { node: 8546, proxy: 8545 },
  [SECOND_DEV_CHAIN.chainId]: { node: 8548, proxy: 8547 },
};

/**
 * One dev chain: node, RPC proxy, tokens and feeds, registry entry and instance. Hardhat starts empty every time; geth
 * keeps its chain in .data/geth, so its contracts are deployed once and found again at the next start.
 */
async function startDevChain(spec: DevChainSpec, stops: Stop[], databaseUrl: string, bankrollAddress: string) {
  const ports = DEV_CHAIN_PORTS[spec.chainId]!;
  const kept = spec.client === 'geth';
  // Built from the Go module proxy the first time (minutes): said here rather than left silent.
  if (kept) ensureGeth((msg) => log.info(msg));
  const node = await startDevNode({
    port: ports.node,
    chainId: spec.chainId,
    client: spec.client,
    dataDir: path.join(DATA_DIR, 'geth'),
    blockIntervalMs: spec.blockIntervalMs,
    logFile: path.join(DATA_DIR, `devchain-${spec.chainId}.log`),
  });
  stops.push({ name: `dev chain ${spec.chainId}`, stop: node.stop });
  const proxy = await startRpcProxy({ target: node.url, port: ports.proxy });
  stops.push({ name: `rpc proxy ${spec.chainId}`, stop: proxy.stop });
  const { registry, reused, reset } = kept
    ? await deployOnce({ nodeUrl: node.url, bankrollAddress, spec, file: path.join(DATA_DIR, `devchain-${spec.chainId}.json`) })
    : { registry: await deployDevChain({ nodeUrl: node.url, bankrollAddress, spec }), reused: false, reset: false };
  const db = launcherDb(databaseUrl);
  const provider = new JsonRpcProvider(node.url, registry.chainId, { staticNetwork: true });
  try {
    await upsertChain(db, registry, { isDev: true });
    // A hardhat node is new at every start, and a geth chain whose data directory was emptied is new too (seen by its
    // checkpoint block, or by its recorded contracts being gone: a chain registered before checkpoints has none): the
    // earlier instance's unmined transactions and unfinished deposits are retired. A kept geth chain is the same instance.
    const instance = await registerChainInstance(db, registry.chainId, await evmInstanceOf(provider), { retire: true, reset });
    log.info('dev chain instance', { chainId: registry.chainId, ...instance });
  } finally {
    provider.destroy();
    await db.$disconnect();
  }
  log.info('dev chain ready', { chainId: registry.chainId, client: spec.client ?? 'hardhat', rpc: proxy.url, blockIntervalMs: spec.blockIntervalMs ?? 'automine', contracts: reused ? 'kept' : 'deployed', tokens: registry.tokens.map((t) => t.symbol) });
  return { chainId: registry.chainId, rpcUrl: proxy.url, nodeUrl: node.url };
}

/** The dev chains side by side (deployed in parallel), unless chain RPC URLs are configured. */
async function devChains(stops: Stop[], databaseUrl: string, bankrollAddress: string): Promise<Record<string, string>> {
  if (process.env.CHAIN_RPC_URLS) return {};
  const chains = await Promise.all(DEV_CHAINS.map((spec) => startDevChain(spec, stops, databaseUrl, bankrollAddress)));
  return {
    CHAIN_RPC_URLS: chains.map((c) => `${c.chainId}=${c.rpcUrl}`).join(','),
    DEV_CHAIN_NODE_URLS: chains.map((c) => `${c.chainId}=${c.nodeUrl}`).join(','),
  };
}

function pick(env: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (env[n] === undefined ? [] : [[n, env[n]!]])));
}

async function stopAll(stops: Stop[]): Promise<void> {
  for (const s of [...stops].reverse()) {
    await s.stop().catch((err: unknown) => log.error('stop failed', { name: s.name, err }));
    log.info('stopped', { name: s.name });
  }
}

/** `npm start`: brings everything up in order and, on Ctrl-C, stops it in reverse. */
async function main() {
  mkdirSync(DATA_DIR, { recursive: true });
  const stops: Stop[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopAll(stops);
    process.exit(code);
  };
  // Every signal, not once: Ctrl-C reaches us twice (from the terminal's group and forwarded by npm), and a second
  // SIGINT without a listener would end the launcher halfway through stopping, leaving the Temporal server (its own
  // group) running. A closed terminal's hang-up no longer reaches that server either, so it is stopped here too, and
  // so it is when the launcher itself fails on an error nothing awaits.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
  stopOnCrash(() => stopAll(stops), (msg) => log.error(msg));
  // A signal sent to `npm start` alone may stop a shell between it and us without reaching us; a parent that is gone
  // means the same as SIGTERM, so no service outlives the command that started it.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) {
      log.warn('parent process gone; stopping', { parent });
      void shutdown(0);
    }
  }, 1000).unref();
  try {
    const count = processCount(process.argv, process.env);
    const { SECRETS_KEY, ...devKeys } = loadOrCreateDevSecrets();
    const keys: SigningKeys = { ...devKeys, ...pick(process.env, SIGNING_KEY_VARS) };
    // Every process but the worker gets the public half of the keys only.
    // Local webhook receivers (a dev casino on this machine) need loopback, which deployments refuse by default.
    const env: Record<string, string> = {
      SECRETS_KEY,
      ...publicKeysOf(keys),
      FX_RATES: 'EUR=0.92,GBP=0.79',
      WEBHOOK_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
      ...(await temporal(stops)),
    };
    Object.assign(env, await postgres(stops));
    Object.assign(env, await devChains(stops, env.DATABASE_URL!, process.env.BANKROLL_ADDRESS ?? env.BANKROLL_ADDRESS!));
    Object.assign(env, await devTron(stops, env.DATABASE_URL!, process.env.BANKROLL_ADDRESS ?? env.BANKROLL_ADDRESS!, log));
    // The real environment wins over every embedded default; validate before starting anything else.
    const serviceEnv = withoutSigningKeys({ ...env, ...(process.env as Record<string, string>) });
    const config = loadConfig(serviceEnv);
    loadSigningKeys(keys, config);
    log.info('webhooks may reach these internal ranges (WEBHOOK_ALLOWED_PRIVATE_CIDRS)', { ranges: serviceEnv.WEBHOOK_ALLOWED_PRIVATE_CIDRS });
    writeDevEnv(devEnvOf(env, process.env));
    const plan = planServices(count, roleEnvs(serviceEnv, keys), config);
    const workerPids: number[] = [];
    for (const svc of plan.services) {
      // node itself with tsx's loader (no wrapper process between us and the service, so our signals reach it).
      const proc = startProcess(svc.name, process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/main.ts'), '--role', svc.role], { env: svc.env, cwd: ROOT });
      if (svc.role === 'worker') workerPids.push(proc.child.pid!);
      proc.child.once('exit', (code) => {
        if (!stopping) {
          log.error('service process exited', { service: svc.name, code });
          void shutdown(1);
        }
      });
      stops.push({ name: svc.name, stop: proc.stop });
    }
    if (plan.apiPorts.length) {
      const front = await startFrontProxy(plan.apiPorts.map((port) => ({ host: config.HOST, port })), plan.frontPort, config.HOST);
      stops.push({ name: 'front proxy', stop: front.stop });
      log.info('front proxy', { url: front.url, apis: plan.apiPorts.map((p) => `http://${config.HOST}:${p}`) });
    }
    const api = `http://${config.HOST}:${plan.frontPort}`;
    // Ready when every API process is: the front alone could answer from one of them.
    for (const port of plan.apiPorts.length ? plan.apiPorts : [plan.frontPort]) {
      await waitFor(`gateway /readyz on ${port}`, () => fetch(`http://${config.HOST}:${port}/readyz`).then((r) => r.ok, () => false), 120_000);
    }
    // And when every worker polls for workflow tasks: run from source, a worker bundles its workflows first (seconds,
    // minutes on a loaded machine), and until then a deposit or payout waits with nothing to say why.
    await workersPolling(config, workerPids);
    log.info('gateway ready', { api, processes: plan.services.length / 2, temporalUi: config.TEMPORAL_UI_URL, startupSeconds: Math.round(process.uptime()) });
  } catch (err) {
    log.error(err instanceof ConfigError ? err.message : 'start failed', { err });
    await shutdown(1);
  }
}

void main();
