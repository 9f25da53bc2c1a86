import { Contract, JsonRpcProvider } from 'ethers';
import { fund, mine, setPrice } from '../../dev/devchain/dev-commands';
import { dustSweeperWorkflowId } from '../../src/domain/keys';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { reconcile } from '../../src/reconcile';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { scheduledActivities } from '../support/payout-runs';
import { delay, eventually } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

const ERC20_ABI = [
  'function balanceOf(address) view returns (uint256)',
  'function batchTransfer(address[] to, uint256[] amounts)',
  'function mint(address to, uint256 amount)',
];

let ctx: TestContext;
let receiver: WebhookReceiver;
let provider: JsonRpcProvider;
let op: { id: string; apiKey: string };
let adminToken: string;
let bankroll: string;
let nodeUrl: string;
let userSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', PRICE_RETRY_SECONDS: '1', DUST_SWEEP_SECONDS: '1' },
  });
  nodeUrl = ctx.services.chainNodeUrl;
  provider = new JsonRpcProvider(nodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  receiver = await new WebhookReceiver().start();
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Dust Games', webhookUrl: receiver.url });
  await createAdmin(ctx.db, 'ops@example.com', 'admin-password', 'SUPPORT');
  adminToken = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'ops@example.com', password: 'admin-password' } })).body.token;
  bankroll = ctx.config.BANKROLL_ADDRESS;
});
afterAll(async () => {
  provider.destroy();
  await receiver.stop();
  await ctx.close();
});

const token = (symbol: string) => ctx.services.registry.tokens.find((t) => t.symbol === symbol)!;
const depositsFor = (user: string) =>
  receiver.received.map((r) => Object.fromEntries(new URLSearchParams(r.body))).filter((f) => f.event === 'DEPOSIT' && f.externalUserId === user);

async function newUsers(n: number): Promise<Array<{ user: string; address: string }>> {
  const users = [];
  for (let i = 0; i < n; i++) {
    const user = `dust-${++userSeq}`;
    users.push({ user, ...(await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, user)) });
  }
  return users;
}

/** Sends `count` transfers of `raw` units, `perTx` to a transaction, round-robin over `to`, from a funded dev account. */
async function flood(symbol: string, to: string[], count: number, raw: bigint, perTx = 100): Promise<void> {
  const sender = await provider.getSigner(5);
  const contract = new Contract(token(symbol).address, ERC20_ABI, sender);
  await (await contract.getFunction('mint')(await sender.getAddress(), raw * BigInt(count))).wait();
  for (let sent = 0; sent < count; sent += perTx) {
    const batch = Array.from({ length: Math.min(perTx, count - sent) }, (_, i) => to[(sent + i) % to.length]!);
    await (await contract.getFunction('batchTransfer')(batch, batch.map(() => raw))).wait();
  }
}

/** Everything the bankroll has signed in this test's database: sweeps' gas top-ups are the only such transactions here. */
const bankrollTxs = () => ctx.db.outboundTx.findMany({ where: { fromAddress: bankroll } });

describe('dust deposits', () => {
  it('When 200 one-unit USDT transfers flood 40 deposit addresses next to a 25 USDT deposit, Then the 200 are recorded as DUST for admins, none is topped up or swept, the bankroll\'s ETH moves only by the one real sweep\'s gas, and the 25 USDT is credited and swept', async () => {
    const users = await newUsers(40);
    const usdt = token('USDT');
    const ethBefore = await provider.getBalance(bankroll);

    await flood('USDT', users.map((u) => u.address), 200, 1n);
    const { txHash: realTx } = await fund({ nodeUrl, registry: ctx.services.registry, address: users[0]!.address, token: 'USDT', amount: '25' });
    await mine({ nodeUrl, blocks: 3 });

    const credit = await eventually(async () => depositsFor(users[0]!.user).find((d) => d.transactionHash === realTx), 90_000, 'DEPOSIT for the 25 USDT');
    expect(credit).toMatchObject({ grossAmount: '25000000', amount: '25000000', amountInDollar: '25.000000' });
    await eventually(async () => ((await ctx.db.deposit.count({ where: { tokenAddress: usdt.address, grossAmount: 1 } })) === 200 ? true : null), 60_000, '200 transfers recorded');
    // Well past the dust's confirmations: whatever would follow them has had its chance to start.
    await mine({ nodeUrl, blocks: 4 });
    await delay(3000);

    // The bankroll's ETH moved by exactly the real deposit's gas top-up (its value and its own gas), and that is all
    // the bankroll signed.
    const real = await ctx.db.deposit.findFirstOrThrow({ where: { txHash: realTx } });
    const realTopUp = await ctx.db.outboundTx.findUniqueOrThrow({ where: { purpose: `gas:${real.id}` } });
    const [topUp, receipt] = await Promise.all([provider.getTransaction(realTopUp.txHash), provider.getTransactionReceipt(realTopUp.txHash)]);
    expect(await provider.getBalance(bankroll)).toBe(ethBefore - topUp!.value - receipt!.gasUsed * receipt!.gasPrice);
    expect((await bankrollTxs()).map((t) => t.purpose)).toEqual([`gas:${real.id}`]);

    const dust = await ctx.db.deposit.findMany({ where: { grossAmount: 1 } });
    expect(dust).toHaveLength(200);
    expect(dust.every((d) => d.status === 'DUST' && d.sweepTxHash === null && d.creditedAt === null)).toBe(true);
    expect(await ctx.db.outboundTx.count({ where: { purpose: { in: dust.flatMap((d) => [`gas:${d.id}`, `sweep:${d.id}`]) } } })).toBe(0);
    // Five units an address are not worth their gas together either: the dust sweeper (every second here) left them.
    expect(await ctx.db.dustSweep.count()).toBe(0);
    expect(await ctx.db.webhookEvent.count({ where: { event: 'DEPOSIT' } })).toBe(1);
    // No workflow was started for dust: each would be named deposit-<chain>-<tx>-<logIndex>.
    const runs = [];
    for await (const wf of ctx.temporal.client.workflow.list({ query: `TaskQueue="${ctx.config.TEMPORAL_TASK_QUEUE}" AND WorkflowType="depositWorkflow"` })) runs.push(wf.workflowId);
    expect(runs).toEqual([`deposit-31337-${realTx}-${real.logIndex}`]);

    // The dust stays where it landed (5 units per address); the real deposit's sweep took only its own 25 USDT.
    const balanceOf = new Contract(usdt.address, ERC20_ABI, provider).getFunction('balanceOf');
    expect(await balanceOf(users[0]!.address)).toBe(5n);
    expect(await balanceOf(users[39]!.address)).toBe(5n);
    expect((await ctx.db.deposit.findUniqueOrThrow({ where: { id: real.id } })).status).toBe('CREDITED');

    // Admins see it: all 200 in one page of GET /admin/deposits?status=DUST, and per address.
    const listed = await http(ctx.apiUrl, 'GET', '/admin/deposits?status=DUST&limit=200', { token: adminToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(200);
    expect(listed.body[0]).toMatchObject({ status: 'DUST', symbol: 'USDT', grossAmount: '1', grossUnits: '0.000001', operatorId: op.id, workflowId: null, temporalUiUrl: null });
    const one = await http(ctx.apiUrl, 'GET', `/admin/deposits?status=DUST&address=${users[7]!.address.toLowerCase()}`, { token: adminToken });
    expect(one.body.map((d: { depositAddress: string }) => d.depositAddress)).toEqual(Array(5).fill(users[7]!.address));
    // The operator sees them too, in the depositor check, as DUST next to the credited deposit.
    const check = await http(ctx.apiUrl, 'GET', `/depositor/${users[0]!.user}/check`, { token: op.apiKey });
    expect(check.body.data.deposits.map((d: { status: string }) => d.status).sort()).toEqual(['CREDITED', 'DUST', 'DUST', 'DUST', 'DUST', 'DUST']);
    const credited = await http(ctx.apiUrl, 'GET', '/admin/deposits?status=CREDITED', { token: adminToken });
    expect(credited.body).toEqual([expect.objectContaining({ depositId: real.id.toString(), transactionHash: realTx, amountInDollar: '25.000000', sweepTxHash: real.sweepTxHash })]);
  });

  it('When the admin deposit list is paged or filtered badly, Then pages follow the cursor and bad filters are 400 VALIDATION_ERROR', async () => {
    const first = await http(ctx.apiUrl, 'GET', '/admin/deposits?status=DUST&limit=150', { token: adminToken });
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await http(ctx.apiUrl, 'GET', `/admin/deposits?status=DUST&limit=150&cursor=${cursor}`, { token: adminToken });
    expect(second.body).toHaveLength(50);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const ids = new Set([...first.body, ...second.body].map((d: { depositId: string }) => d.depositId));
    expect(ids.size).toBe(200);
    for (const bad of ['status=LOST', 'limit=201', 'address=0x1234', `cursor=${Buffer.from('2026-01-01T00:00:00.000Z|abc').toString('base64url')}`]) {
      const r = await http(ctx.apiUrl, 'GET', `/admin/deposits?${bad}`, { token: adminToken });
      expect([r.status, r.body.errorCode, r.body.error]).toEqual([400, 'VALIDATION_ERROR', 'Bad Request']);
    }
    expect((await http(ctx.apiUrl, 'GET', '/admin/deposits', { token: op.apiKey })).status).toBe(401);
  });

  it('When a token has no minimum configured, Then one-unit transfers are not dust but their sweeps wait: no gas leaves the bankroll for them', async () => {
    const usdc = token('USDC');
    await ctx.db.token.update({ where: { chainId_address: { chainId: 31337, address: usdc.address } }, data: { minDepositRaw: 0 } });
    const users = await newUsers(3);
    const before = await bankrollTxs();
    const ethBefore = await provider.getBalance(bankroll);
    await flood('USDC', users.map((u) => u.address), 3, 1n);
    await mine({ nodeUrl, blocks: 3 });
    await eventually(async () => ((await ctx.db.deposit.count({ where: { tokenAddress: usdc.address, status: 'SWEEPING' } })) === 3 ? true : null), 60_000, 'three confirmed');
    await delay(3000);
    expect(await ctx.db.deposit.count({ where: { tokenAddress: usdc.address, status: 'SWEEPING' } })).toBe(3);
    expect(await bankrollTxs()).toEqual(before);
    expect(await provider.getBalance(bankroll)).toBe(ethBefore);
  });

  it('When a deposit is worth less than its sweep\'s gas at current prices, Then it waits unswept, and is swept and credited once the sweep pays', async () => {
    const [u] = await newUsers(1);
    // ETH at a million dollars makes 221,000 gas at 1 gwei or more cost at least 221 USD: more than 10 USDT.
    await setPrice({ nodeUrl, registry: ctx.services.registry, symbol: 'ETH', usd: '1000000' });
    let id: bigint;
    try {
      const { txHash } = await fund({ nodeUrl, registry: ctx.services.registry, address: u!.address, token: 'USDT', amount: '10' });
      await mine({ nodeUrl, blocks: 3 });
      id = (await eventually(() => ctx.db.deposit.findFirst({ where: { txHash, status: 'SWEEPING' } }), 60_000, 'confirmed')).id;
      await delay(3000);
      expect(await ctx.db.outboundTx.count({ where: { purpose: `gas:${id}` } })).toBe(0);
      expect(depositsFor(u!.user)).toHaveLength(0);
    } finally {
      await setPrice({ nodeUrl, registry: ctx.services.registry, symbol: 'ETH', usd: '3000' });
    }
    const [d] = await eventually(async () => (depositsFor(u!.user).length ? depositsFor(u!.user) : null), 60_000, 'DEPOSIT once the sweep pays');
    expect(d).toMatchObject({ grossAmount: '10000000', amountInDollar: '10.000000' });
    expect(await ctx.db.outboundTx.count({ where: { purpose: `gas:${id}` } })).toBe(1);
  });

  it('When one address\'s dust adds up to more than the gas of sweeping it, Then it is swept whole in one transfer to the bankroll, never credited, and reconcile balances', async () => {
    const [u] = await newUsers(1);
    const balanceOf = new Contract(token('USDT').address, ERC20_ABI, provider).getFunction('balanceOf');
    const usdtBefore: bigint = await balanceOf(bankroll);
    const ethBefore = await provider.getBalance(bankroll);
    await flood('USDT', [u!.address], 30, 900_000n, 30); // 30 × 0.9 USDT, each under the 1 USDT minimum
    // All recorded before they are confirmed, so one sweep claims them all (dust is claimed only once confirmed).
    await eventually(async () => ((await ctx.db.deposit.count({ where: { depositAddress: u!.address, status: 'DUST' } })) === 30 ? true : null), 30_000, '30 dust recorded');
    await mine({ nodeUrl, blocks: 3 });

    // Two minutes, as deposits.test.ts allows: at a CI run's peak on a two-core host the sweeper's top-up, sweep and
    // confirmations took over one (a fresh clone's run of 2026-12-01, with benchmarks beside it).
    const sweep = await eventually(() => ctx.db.dustSweep.findFirst({ where: { depositAddress: u!.address, status: 'SWEPT' } }), 120_000, 'dust swept');
    expect(sweep.amount.toFixed(0)).toBe('27000000');
    const rows = await ctx.db.deposit.findMany({ where: { depositAddress: u!.address } });
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.status === 'DUST' && r.dustSweepId === sweep.id && r.sweepTxHash === sweep.sweepTxHash)).toBe(true);
    const listed = await http(ctx.apiUrl, 'GET', `/admin/deposits?address=${u!.address}`, { token: adminToken });
    expect(new Set(listed.body.map((d: { status: string; dustSweepId: string; sweepTxHash: string }) => `${d.status} ${d.dustSweepId} ${d.sweepTxHash}`))).toEqual(new Set([`DUST ${sweep.id} ${sweep.sweepTxHash}`]));
    expect(await balanceOf(bankroll)).toBe(usdtBefore + 27_000_000n);
    expect(await balanceOf(u!.address)).toBe(0n);
    // One top-up paid for it, and the bankroll signed nothing else meanwhile.
    const topUp = await ctx.db.outboundTx.findUniqueOrThrow({ where: { purpose: `dust-gas:${sweep.id}` } });
    const [tx, receipt] = await Promise.all([provider.getTransaction(topUp.txHash), provider.getTransactionReceipt(topUp.txHash)]);
    expect(await provider.getBalance(bankroll)).toBe(ethBefore - tx!.value - receipt!.gasUsed * receipt!.gasPrice);
    expect(await ctx.db.dustSweep.count()).toBe(1);
    await delay(1500);
    expect(depositsFor(u!.user)).toHaveLength(0);
    const report = await reconcile({ db: ctx.db, chains: ctx.chains, bankroll }, 31337);
    expect(report.differences).toEqual([]);
    // The sweep's waits ran inside one follow on the follow queue, not as a step the server retried every poll.
    const sweeps: string[] = [];
    const query = `WorkflowId = '${dustSweeperWorkflowId(ctx.config.TEMPORAL_TASK_QUEUE, 31337)}'`;
    for await (const run of ctx.temporal.client.workflow.list({ query })) {
      sweeps.push(...(await scheduledActivities(ctx.temporal.client, run.workflowId, run.runId)).filter((a) => a !== 'claimDustSweeps'));
    }
    expect(sweeps).toEqual(['followDustSweep']);
  });
});
