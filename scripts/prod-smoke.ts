/**
 * `npm run prod-smoke`: the production build run as a deployment runs it. `npm run build`, then a scratch directory
 * holding only what a release ships (package.json, the lock, .npmrc, dist/, config/networks.json) gets the production
 * dependencies (the checkout's node_modules pruned to `--omit=dev`, see installProduction), and `node dist/main.js
 * --role api` and `--role worker` start there against the test services (Temporal, PostgreSQL, the dev chains). A
 * deposit must reach CREDITED and a headless payout COMPLETED, with their webhooks; the widget must serve the prebuilt
 * script and the CLI must run from dist/. This driver uses the repository's tooling (tsx, the test support); the two
 * service processes and the CLI run from the scratch copy only.
 * Everything it started is stopped and the scratch directory removed; exits 1 on any failure.
 */
import { execFileSync, spawn, type ChildProcess, type ExecFileSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Mnemonic, Wallet } from 'ethers';
import { createDatabaseIfMissing, dropDatabase, withDatabase } from '../dev/launcher/postgres';
import { fund, mine } from '../dev/devchain/dev-commands';
import { createDb, type Db } from '../src/adapters/db';
import { publicKeysOf } from '../src/adapters/hd-wallet';
import { withoutSigningKeys } from '../src/config/signing-keys';
import { freePort } from '../src/adapters/free-port';
import { createOperator } from '../src/provisioning/operators';
import { upsertChain } from '../src/provisioning/chain-registry';
import { startServices } from '../test/support/start-services';
import { httpWhenServed } from '../test/support/http';
import { endProcess } from '../test/support/service-processes';
import { eventually, mineUntil } from '../test/support/wait';
import { ACK, WebhookReceiver } from '../test/support/webhook-receiver';
import { SHIPPED } from './release-files';

const ROOT = path.resolve(__dirname, '..');
const t0 = Date.now();
const say = (m: string) => console.error(`prod-smoke [${((Date.now() - t0) / 1000).toFixed(0)} s]: ${m}`);

/**
 * The production dependencies in the scratch copy: the checkout's node_modules (installed from the same lock by
 * scripts/ensure-deps.sh) hard-linked in and pruned with `npm prune --omit=dev`, which leaves exactly the packages
 * `npm ci --omit=dev` installs (the same 362 here) for about 8 CPU-seconds against about 50 for unpacking them again,
 * in a CI where every CPU-second is the tests'. Links never change the checkout: prune only unlinks. Across file
 * systems (no hard links), or if prune fails, `npm ci --omit=dev` as a deployment runs it (`npm install --omit=dev` if
 * ci refuses this machine's lock, see scripts/ensure-deps.sh).
 */
function installProduction(dir: string): void {
  const quiet: ExecFileSyncOptions = { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] };
  try {
    execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')], quiet);
    execFileSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], quiet);
  } catch {
    say('node_modules could not be linked and pruned here; npm ci --omit=dev');
    rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    try {
      execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], quiet);
    } catch {
      say('npm ci refused the lock; npm install --omit=dev');
      execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund'], quiet);
    }
  }
  const size = execFileSync('du', ['-sh', 'node_modules'], { cwd: dir, encoding: 'utf8' }).split('\t')[0];
  const count = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').length - 1;
  say(`production install: ${count} packages, ${size}`);
}

/** `node dist/main.js --role <role>` in the scratch copy; resolves once it logs its ready line. */
async function service(dir: string, role: 'api' | 'worker', env: Record<string, string>, logDir: string): Promise<ChildProcess> {
  const logFile = path.join(logDir, `${role}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['dist/main.js', '--role', role], { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ready = role === 'api' ? '"api listening"' : '"worker running"';
  await new Promise<void>((resolve, reject) => {
    const watch = (chunk: Buffer) => {
      log.write(chunk);
      if (chunk.toString('utf8').includes(ready)) resolve();
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.once('exit', (code) => reject(new Error(`${role} exited (${code}) before it was ready:\n${readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n')}`)));
    setTimeout(() => reject(new Error(`${role}: not ready after 120 s (log: ${logFile})`)), 120_000).unref();
  });
  return child;
}

/** SIGTERM, as a process manager stops it: the process must exit 0 (its shutdown ran to the end). */
async function stopService(role: string, child: ChildProcess): Promise<void> {
  await endProcess(child, 'SIGTERM');
  if (child.exitCode !== 0) throw new Error(`${role} exited ${child.exitCode ?? child.signalCode} on SIGTERM`);
}

async function depositCredited(api: string, db: Db, apiKey: string, nodeUrl: string, registry: Parameters<typeof fund>[0]['registry'], receiver: WebhookReceiver): Promise<void> {
  const session = await httpWhenServed(api, 'POST', '/session/deposit', { token: apiKey, json: { externalUserId: 'smoke-depositor', lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '5.00' } });
  if (session.status !== 201) throw new Error(`deposit session: ${session.status} ${session.text}`);
  const addr = await httpWhenServed(api, 'POST', '/depositor/address', { json: { sid: session.body.data.sid, currency: 'USDT', chainId: registry.chainId } });
  if (addr.status !== 200) throw new Error(`deposit address: ${addr.status} ${addr.text}`);
  const { txHash } = await fund({ nodeUrl, registry, address: addr.body.data.address, token: 'USDT', amount: '5' });
  const credited = await mineUntil(() => mine({ nodeUrl }), async () => db.deposit.findFirst({ where: { txHash, status: 'CREDITED' } }), 180_000, `deposit ${txHash} CREDITED`);
  await eventually(async () => receiver.received.some((r) => new URLSearchParams(r.body).get('transactionHash') === txHash), 60_000, `DEPOSIT webhook for ${txHash}`);
  say(`deposit ${credited.id} of 5 USDT swept and CREDITED, DEPOSIT webhook received`);
}

async function headlessPaid(api: string, db: Db, apiKey: string, nodeUrl: string, usdt: string, receiver: WebhookReceiver): Promise<void> {
  const to = Wallet.createRandom().address;
  const body = { externalUserId: 'smoke-payee', lang: 'en', platformFiatCurrency: 'USD', userBalance: '100', amount: '3.00', executionMode: 'HEADLESS', operatorReference: 'smoke-1', address: to, chainId: 31337, tokenAddress: usdt };
  const created = await httpWhenServed(api, 'POST', '/session/withdraw', { token: apiKey, json: body });
  if (created.status !== 201) throw new Error(`headless intent: ${created.status} ${created.text}`);
  const sessionRef = created.body.data.sessionRef as string;
  const executed = await httpWhenServed(api, 'POST', `/withdrawals/${sessionRef}/execute`, { token: apiKey });
  if (executed.status !== 202) throw new Error(`execute: ${executed.status} ${executed.text}`);
  const done = await mineUntil(() => mine({ nodeUrl }), async () => {
    const r = await httpWhenServed(api, 'GET', `/withdrawals/${sessionRef}`, { token: apiKey });
    return r.body.data?.status === 'COMPLETED' ? r.body.data : null;
  }, 180_000, `headless ${sessionRef} COMPLETED`);
  const row = await db.withdrawal.findFirstOrThrow({ where: { sessionRef, mode: 'C' } });
  await eventually(async () => receiver.received.some((r) => {
    const f = new URLSearchParams(r.body);
    return f.get('event') === 'WITHDRAW_COMPLETE' && f.get('withdrawRequestId') === row.id;
  }), 60_000, `WITHDRAW_COMPLETE for ${row.id}`);
  say(`headless payout ${sessionRef} COMPLETED (tx ${String(done.txHash)}, ${String(done.cryptoAmountSent)} USDT), WITHDRAW_COMPLETE received`);
}

async function main(): Promise<void> {
  say('npm run build');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'gw-prod-'));
  const cleanups: Array<() => Promise<unknown>> = [async () => rmSync(scratch, { recursive: true, force: true })];
  try {
    for (const f of SHIPPED) {
      mkdirSync(path.dirname(path.join(scratch, f)), { recursive: true });
      cpSync(path.join(ROOT, f), path.join(scratch, f), { recursive: true });
    }
    say(`installing production dependencies in ${scratch}`);
    installProduction(scratch);

    say('starting Temporal, PostgreSQL and the dev chains');
    const { services, stop } = await startServices();
    // startServices leaves its temporary directory (geth's 1.4 GB data dir among it) behind; the bundle is in it.
    cleanups.unshift(async () => {
      await stop();
      rmSync(path.dirname(services.workflowBundlePath), { recursive: true, force: true });
    });
    // A fresh database cloned from the template, which `prisma migrate deploy` migrated from this checkout: the
    // build stage applies migrations, the runtime tree has no part in it.
    const dbName = `gw_prod_smoke_${process.pid}`;
    await createDatabaseIfMissing(services.pgAdminUrl, dbName, services.templateDb);
    cleanups.unshift(() => dropDatabase(services.pgAdminUrl, dbName));
    const keys = { HD_MNEMONIC: Mnemonic.fromEntropy(randomBytes(16)).phrase, BANKROLL_PRIVATE_KEY: services.bankrollKey };
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: withDatabase(services.pgAdminUrl, dbName),
      TEMPORAL_ADDRESS: services.temporalAddress,
      TEMPORAL_TASK_QUEUE: `prod-smoke-${process.pid}`,
      CHAIN_RPC_URLS: `${services.registry.chainId}=${services.chainRpcUrl}`,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      METRICS_TOKEN: randomBytes(16).toString('hex'),
      ...keys,
      ...publicKeysOf(keys),
      WORKER_METRICS_PORT: '0',
      CHAIN_POLL_MS: '200',
      OUTBOX_RELAY_SECONDS: '1',
      WEBHOOK_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    };
    const db = createDb(env.DATABASE_URL!, 2, 10_000);
    cleanups.unshift(() => db.$disconnect());
    await upsertChain(db, services.registry, { isDev: true });
    const receiver = await new WebhookReceiver().start();
    cleanups.unshift(() => receiver.stop());
    receiver.answer(() => ACK);
    // Created here, not with the CLI: the CLI rightly refuses an http webhook URL with NODE_ENV=production.
    const op = await createOperator(db, env.SECRETS_KEY!, { name: 'Prod smoke', webhookUrl: receiver.url, headlessEnabled: true });

    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'gw-prod-logs-'));
    say(`starting the API and the worker from ${scratch}/dist (logs: ${logDir})`);
    const [apiProc, workerProc] = await Promise.all([
      service(scratch, 'api', { ...withoutSigningKeys(env), PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: api }, logDir),
      service(scratch, 'worker', env, logDir),
    ]);
    cleanups.unshift(async () => {
      await endProcess(apiProc, 'SIGKILL');
      await endProcess(workerProc, 'SIGKILL');
    });
    if ((await fetch(`${api}/readyz`)).status !== 200) throw new Error('/readyz is not 200');
    const bundle = path.join(scratch, 'dist/workflow-bundle.js');
    if (!readFileSync(path.join(logDir, 'worker.log'), 'utf8').includes(`"prebuilt":${JSON.stringify(bundle)}`)) throw new Error(`the worker did not load ${bundle}`);
    const served = await (await fetch(`${api}/widget/app.js`)).text();
    if (served !== readFileSync(path.join(scratch, 'dist/widget/app.js'), 'utf8')) throw new Error('/widget/app.js is not the prebuilt dist/widget/app.js');
    const chains = JSON.parse(execFileSync(process.execPath, ['dist/cli/main.js', 'chain', 'list'], { cwd: scratch, env: { PATH: process.env.PATH ?? '', ...withoutSigningKeys(env) }, encoding: 'utf8' })) as unknown;
    if (!JSON.stringify(chains).includes(String(services.registry.chainId))) throw new Error(`dist/cli/main.js chain list does not list ${services.registry.chainId}`);
    say('worker on the prebuilt workflow bundle; API ready, prebuilt widget script served; dist/cli/main.js chain list answered');

    const usdt = services.registry.tokens.find((t) => t.symbol === 'USDT')!.address;
    await depositCredited(api, db, op.apiKey, services.chainNodeUrl, services.registry, receiver);
    await headlessPaid(api, db, op.apiKey, services.chainNodeUrl, usdt, receiver);
    await stopService('worker', workerProc);
    await stopService('api', apiProc);
    rmSync(logDir, { recursive: true, force: true });
    say('API and worker stopped cleanly: the production build works');
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((err: unknown) => say(`cleanup: ${String(err)}`));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    say(`FAILED: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
