import { Wallet } from 'ethers';
import { TronNode } from '../../src/adapters/tron-node';
import { tronFromEvm } from '../../src/adapters/tron-address';
import { refBlockOf, signTronTx, trc20TransferTx, trxTransferTx } from '../../src/chain/tron-tx';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { localSigners } from '../../src/chain/signer';
import { reconcileWorkflowId } from '../../src/domain/keys';
import { createWorker } from '../../src/temporal/worker';
import { serveWorkerMetrics } from '../../src/temporal/worker-metrics';
import { fund } from '../../dev/devchain/dev-commands';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { RECONCILE_BLOCK_MS, registerTronChain, startTronFixture, TRON_STANDIN_CHAIN_ID, type TronFixture } from '../support/tron-standin/fixture';

// Reconcile on TRON (against the TRON full-node STAND-IN, see docs/tron.md) and the worker's scheduled reconcile with
// its metrics, on the dev EVM chain and the stand-in together.
let ctx: TestContext;
let tron: TronFixture;
let node: TronNode;
let op: { id: string; apiKey: string };
let admin: string;
let metrics: { close(): Promise<void>; port: number };
let receiver: WebhookReceiver;
const EVM = 31337;

beforeAll(async () => {
  const bankrollAddress = new Wallet(JSON.parse(process.env.GW_TEST_SERVICES!).bankrollKey).address;
  tron = await startTronFixture(bankrollAddress, RECONCILE_BLOCK_MS);
  node = new TronNode(tron.standIn.url);
  ctx = await createTestContext({ env: { TRON_RPC_URLS: `${TRON_STANDIN_CHAIN_ID}=${tron.standIn.url}`, PRICE_RETRY_SECONDS: '1', RECONCILE_EVERY_SECONDS: '2' } });
  await registerTronChain(ctx.db, tron);
  await ctx.startWorker();
  // The operator approves withdrawal requests (a synchronous WITHDRAW_REQUEST webhook).
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Reconcile Games', webhookUrl: receiver.url });
  await createAdmin(ctx.db, 'reconcile-admin@example.com', 'admin-password', 'ADMIN');
  admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'reconcile-admin@example.com', password: 'admin-password' } })).body.token;
  // The worker's metrics endpoint as main.ts serves it; Temporal's own half is not asked for here (no core address).
  metrics = await serveWorkerMetrics(0, '127.0.0.1:1', ctx.db);
});
afterAll(async () => {
  await metrics?.close();
  await receiver?.stop();
  await ctx?.close();
  await tron?.standIn.stop();
});

const reconcileTron = () => runCli(['reconcile', '--chain', String(TRON_STANDIN_CHAIN_ID)], ctx.env);
const bankrollTron = () => tronFromEvm(ctx.config.BANKROLL_ADDRESS);

/** A TRC-20 deposit from a player's own wallet, credited and swept to the bankroll. */
async function tronDeposit(raw: bigint): Promise<string> {
  const s = await http(ctx.apiUrl, 'POST', '/session/deposit', {
    token: op.apiKey, json: { externalUserId: 'reconcile-player', lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '20.00' },
  });
  const { address } = (await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: s.body.data.sid, chainId: TRON_STANDIN_CHAIN_ID, currency: 'USDT' } })).body.data;
  const payer = Wallet.createRandom();
  const payerTron = tronFromEvm(payer.address);
  tron.standIn.ledger.credit(payerTron, 50_000_000n);
  tron.standIn.ledger.mint(tron.usdt, payerTron, raw);
  const tx = signTronTx(trc20TransferTx({ from: payerTron, token: tron.usdt, to: address, raw, feeLimitSun: 30_000_000n }, refBlockOf(await node.nowBlock(), 60_000)), payer.privateKey);
  expect(await node.broadcast(tx)).toEqual({ ok: true });
  const deposit = await eventually(async () => ctx.db.deposit.findFirst({ where: { txHash: tx.txID, status: 'CREDITED' } }), 90_000, 'TRON deposit credited');
  await eventually(async () => ctx.db.outboundTx.findFirst({ where: { purpose: `sweep:${deposit.id}`, status: 'CONFIRMED' } }), 60_000, 'TRON sweep confirmed');
  return tx.txID;
}

/** A Mode A withdrawal paid in USDT on TRON, its payout confirmed; answers the withdrawal's id. */
async function tronPayout(amount: string): Promise<string> {
  const s = await http(ctx.apiUrl, 'POST', '/session/withdraw', {
    token: op.apiKey, json: { externalUserId: 'reconcile-payee', lang: 'en', platformFiatCurrency: 'USD', userBalance: '1000', amount },
  });
  const to = tronFromEvm(Wallet.createRandom().address);
  const r = await http(ctx.apiUrl, 'POST', '/withdraw/direct-transfer', { json: { sid: s.body.data.sid, address: to, chainId: TRON_STANDIN_CHAIN_ID, tokenAddress: tron.usdt } });
  expect(r.status).toBe(201);
  const id = r.body.data.withdrawRequestId as string;
  for (const status of ['PROCESSING', 'COMPLETED']) {
    expect((await http(ctx.apiUrl, 'PATCH', `/admin/withdrawals/${id}/status`, { token: admin, json: { status } })).status).toBe(200);
  }
  await eventually(async () => ctx.db.outboundTx.findFirst({ where: { purpose: `payout:${id}`, status: 'CONFIRMED' } }), 60_000, 'TRON payout confirmed');
  return id;
}

/** The worker's metrics text once a scheduled run of every given chain has finished after `since`. */
async function metricsAfterRun(since: Date, chainIds: number[]): Promise<string> {
  await eventually(async () => {
    const runs = await Promise.all(chainIds.map((chainId) => ctx.db.reconcileRun.findFirst({ where: { chainId, finishedAt: { gt: since } } })));
    return runs.every(Boolean);
  }, 60_000, 'a scheduled reconcile of every chain');
  return fetch(`http://127.0.0.1:${metrics.port}/metrics`).then((r) => r.text());
}

const sample = (text: string, name: string, labels: string): string | null =>
  new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1] ?? null;

describe('reconcile on TRON (stand-in node)', () => {
  it('When a TRC-20 deposit was swept and a USDT payout confirmed on TRON, Then reconcile is ok, TRX and USDT both balance, and the payout and the DEPOSIT event are checked', async () => {
    await tronDeposit(20_000_000n);
    await tronPayout('6.50');
    const r = await reconcileTron();
    expect(r.json).toMatchObject({ ok: true, differences: [] });
    expect(r.code).toBe(0);
    const [chain] = r.json.chains;
    expect(chain).toMatchObject({ chainId: TRON_STANDIN_CHAIN_ID, bankroll: bankrollTron(), payoutsChecked: 1, depositEventsChecked: 1 });
    expect(chain.assets.map((a: { symbol: string }) => a.symbol).sort()).toEqual(['TRX', 'USDT']);
    for (const a of chain.assets) expect(a.difference).toBe('0');
    // The books moved: the sweep's top-up and the payout's fees in TRX, the deposit in and the payout out in USDT.
    for (const a of chain.assets) expect(a.books).not.toBe(a.opening);
  });

  it('When a confirmed TRON payout\'s row says another amount than was sent, Then reconcile names the payout and the USDT difference', async () => {
    const withdrawalId = await tronPayout('2.00');
    const row = await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
    const tampered = row.cryptoAmountRaw!.plus(1);
    await ctx.db.withdrawal.update({ where: { id: withdrawalId }, data: { cryptoAmountRaw: tampered } });
    try {
      const r = await reconcileTron();
      expect(r.code).toBe(1);
      expect(r.json.differences).toEqual([
        expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'USDT', difference: '1' }),
        expect.objectContaining({ kind: 'PAYOUT_TRANSFER_MISSING', withdrawalId, amount: tampered.toFixed(0) }),
      ]);
    } finally {
      await ctx.db.withdrawal.update({ where: { id: withdrawalId }, data: { cryptoAmountRaw: row.cryptoAmountRaw } });
    }
    expect((await reconcileTron()).json.ok).toBe(true);
  });
});

describe('the scheduled reconcile in the worker', () => {
  it('When every chain agrees with the books, Then the worker\'s metrics show a difference of 0 and a fresh run; after native coins reach the bankroll from an outside address, Then the difference is that amount and the transfer is named', async () => {
    const before = await metricsAfterRun(new Date(), [EVM, TRON_STANDIN_CHAIN_ID]);
    expect(sample(before, 'gateway_reconcile_difference', `chain_id="${EVM}",asset="ETH"`)).toBe('0');
    expect(sample(before, 'gateway_reconcile_difference', `chain_id="${EVM}",asset="USDT"`)).toBe('0');
    expect(sample(before, 'gateway_reconcile_difference', `chain_id="${TRON_STANDIN_CHAIN_ID}",asset="TRX"`)).toBe('0');
    expect(sample(before, 'gateway_reconcile_difference', `chain_id="${TRON_STANDIN_CHAIN_ID}",asset="USDT"`)).toBe('0');
    expect(sample(before, 'gateway_reconcile_failing_runs', `chain_id="${EVM}"`)).toBe('0');
    const lastRun = Number(sample(before, 'gateway_reconcile_last_run_timestamp_seconds', `chain_id="${EVM}"`));
    expect(lastRun).toBeGreaterThan(Date.now() / 1000 - 60);

    const bankroll = ctx.config.BANKROLL_ADDRESS;
    const { txHash } = await fund({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, address: bankroll, token: 'native', amount: '1.5' });
    const funded = new Date();
    const after = await metricsAfterRun(funded, [EVM]);
    expect(sample(after, 'gateway_reconcile_difference', `chain_id="${EVM}",asset="ETH"`)).toBe('1.5');
    expect(sample(after, 'gateway_reconcile_difference', `chain_id="${EVM}",asset="USDT"`)).toBe('0');
    expect(Number(sample(after, 'gateway_reconcile_failing_runs', `chain_id="${EVM}"`))).toBeGreaterThanOrEqual(1);
    const run = await ctx.db.reconcileRun.findFirstOrThrow({ where: { chainId: EVM, finishedAt: { gt: funded } }, orderBy: { finishedAt: 'desc' } });
    expect(run.ok).toBe(false);
    expect(run.differences).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'UNBOOKED_TRANSFER_IN', asset: 'native', txHash, to: bankroll, value: '1500000000000000000' }),
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'ETH', difference: '1500000000000000000' }),
    ]));
  });
});

describe('unbooked transfers on TRON (stand-in node)', () => {
  it('When TRX and USDT reach the TRON bankroll from outside addresses, Then reconcile is not ok and names both transfers and both surpluses', async () => {
    const payer = Wallet.createRandom();
    const payerTron = tronFromEvm(payer.address);
    tron.standIn.ledger.credit(payerTron, 10_000_000n);
    const trx = signTronTx(trxTransferTx({ from: payerTron, to: bankrollTron(), sun: 2_500_000n }, refBlockOf(await node.nowBlock(), 60_000)), payer.privateKey);
    expect(await node.broadcast(trx)).toEqual({ ok: true });
    // The stand-in's faucet: a signed USDT transfer from an address that is not ours.
    const usdt = (await (await fetch(`${tron.standIn.url}/standin/fund`, { method: 'POST', body: JSON.stringify({ address: bankrollTron(), amount: '3000000' }) })).json()) as { txid: string };
    await eventually(async () => (tron.standIn.ledger.info(trx.txID) && tron.standIn.ledger.info(usdt.txid) ? true : null), 30_000, 'both transfers in a block');

    const r = await reconcileTron();
    expect(r.code).toBe(1);
    expect(r.json.ok).toBe(false);
    expect(r.json.differences.map((d: { kind: string }) => d.kind).sort()).toEqual(['BALANCE_MISMATCH', 'BALANCE_MISMATCH', 'UNBOOKED_TRANSFER_IN', 'UNBOOKED_TRANSFER_IN']);
    expect(r.json.differences).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'UNBOOKED_TRANSFER_IN', asset: 'native', txHash: trx.txID, from: payerTron, to: bankrollTron(), value: '2500000' }),
      expect.objectContaining({ kind: 'UNBOOKED_TRANSFER_IN', asset: tron.usdt, txHash: usdt.txid, to: bankrollTron(), value: '3000000' }),
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'TRX', difference: '2500000' }),
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'USDT', difference: '3000000' }),
    ]));
  });
});

describe('RECONCILE_EVERY_SECONDS across worker starts', () => {
  /** A worker started (and stopped) with another interval, as a deployment with a changed environment would. */
  async function startWorkerWith(seconds: number): Promise<void> {
    const config = { ...ctx.config, RECONCILE_EVERY_SECONDS: seconds };
    const { worker, connection } = await createWorker(
      { address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE, workflowBundlePath: ctx.services.workflowBundlePath },
      { config, db: ctx.db, chains: ctx.chains, logger: ctx.logger, temporal: ctx.temporal.client, signers: localSigners(ctx.keys) },
    );
    const running = worker.run();
    worker.shutdown();
    await running;
    await connection.close();
  }

  it('When a worker starts with 0, Then the scheduled reconcile ends; with another interval, Then one runs with that interval; with the same, Then the running one is kept', async () => {
    await ctx.stopWorker();
    const id = reconcileWorkflowId(ctx.config.TEMPORAL_TASK_QUEUE);
    const describe = () => ctx.temporal.client.workflow.getHandle(id).describe();
    const first = await describe();
    expect(first).toMatchObject({ status: { name: 'RUNNING' }, memo: { intervalSeconds: 2 } });

    await startWorkerWith(0);
    expect((await describe()).status.name).toBe('TERMINATED');

    await startWorkerWith(7);
    const seven = await describe();
    expect(seven).toMatchObject({ status: { name: 'RUNNING' }, memo: { intervalSeconds: 7 } });

    await startWorkerWith(7);
    expect(await describe()).toMatchObject({ runId: seven.runId, status: { name: 'RUNNING' } });
  });
});
