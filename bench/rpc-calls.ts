/**
 * JSON-RPC calls the gateway makes per credited deposit and per confirmed headless payout, counted at each dev
 * chain's RPC proxy (dev/devchain/rpc-proxy.ts: every batch entry counts, as hosted providers bill them), on the
 * hardhat chain and on geth. Both chains seal a block a second here (hardhat by interval mining), so every figure is
 * per block, not per second:
 * 1. background: the calls per block read while nothing happens (the scanner's steps and idle polls, and whatever
 *    else runs on a timer), over IDLE_BLOCKS blocks;
 * 2. rpc-calls-deposit: N token deposits one after another, each until its DEPOSIT webhook; the calls over that span
 *    less the background of the blocks read meanwhile, per deposit, plus one block's background (the scanner's share
 *    for the block holding the deposit);
 * 3. rpc-calls-payout: M headless payouts one after another, each from execute to WITHDRAW_COMPLETE, less the
 *    background likewise, per payout.
 * Each figure is compared with the count measured before the calls were cut (BEFORE, decision 0043): the ratio is
 * before/now, and halving them is the target.
 */
import { JsonRpcProvider } from 'ethers';
import { fund } from '../dev/devchain/dev-commands';
import { proxyRpcCalls, type RpcCalls } from '../dev/devchain/rpc-proxy';
import type { DevChainRegistry } from '../dev/devchain/deploy';
import { ensureDepositAddress } from '../src/store/deposit-addresses';
import { headlessFixtures } from '../test/support/headless-fixtures';
import { ACK } from '../test/support/webhook-receiver';
import { result } from './result';
import { runBench, waitFor, type Bench } from './support';

const N = Number(process.env.BENCH_RPC_DEPOSITS ?? 5);
const M = Number(process.env.BENCH_RPC_PAYOUTS ?? 5);
const IDLE_BLOCKS = Number(process.env.BENCH_RPC_IDLE_BLOCKS ?? 20);
const BLOCK_MS = 1000;
const POLL_MS = 1000;
const TARGET = 2;

/**
 * Calls per deposit and per payout measured before the cuts (docs/performance.md, "RPC calls per deposit and per
 * payout"). Null: no usable figure yet (the hardhat deposit span came out below its background on a loaded machine);
 * its line is then shown without a target.
 */
const BEFORE: Record<string, { deposit: number | null; payout: number | null }> = {
  hardhat: { deposit: null, payout: 23.4 },
  geth: { deposit: 55.6, payout: 18.7 },
};

type Counts = Record<string, number>;

const diff = (a: RpcCalls, b: RpcCalls): Counts => {
  const out: Counts = {};
  for (const [m, n] of Object.entries(b.calls)) if (n - (a.calls[m] ?? 0) > 0) out[m] = n - (a.calls[m] ?? 0);
  return out;
};
const total = (c: Counts) => Object.values(c).reduce((s, n) => s + n, 0);
const scale = (c: Counts, k: number): Counts => Object.fromEntries(Object.entries(c).map(([m, n]) => [m, n * k]));
const minus = (a: Counts, b: Counts): Counts => Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((m) => [m, (a[m] ?? 0) - (b[m] ?? 0)]));
const plus = (a: Counts, b: Counts): Counts => minus(a, scale(b, -1));
const breakdown = (c: Counts) =>
  Object.entries(c)
    .filter(([, n]) => Math.abs(n) >= 0.05)
    .sort(([, x], [, y]) => y - x)
    .map(([m, n]) => `${m} ${n.toFixed(1)}`)
    .join(', ');

interface ChainUnderTest {
  name: 'hardhat' | 'geth';
  registry: DevChainRegistry;
  nodeUrl: string;
  rpcUrl: string;
}

/** Calls at the chain's proxy and blocks the scanner read (its cursor) while `work` runs. */
async function counted(b: Bench, chain: ChainUnderTest, work: () => Promise<void>): Promise<{ calls: Counts; blocks: number }> {
  const cursor = async () => (await b.ctx.db.chainCursor.findUniqueOrThrow({ where: { chainId: chain.registry.chainId } })).nextBlock;
  const [c0, n0] = [await proxyRpcCalls(chain.rpcUrl), await cursor()];
  await work();
  const [c1, n1] = [await proxyRpcCalls(chain.rpcUrl), await cursor()];
  return { calls: diff(c0, c1), blocks: n1 - n0 };
}

async function measure(b: Bench, chain: ChainUnderTest): Promise<boolean> {
  const { ctx, receiver } = b;
  const node = new JsonRpcProvider(chain.nodeUrl, chain.registry.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const f = headlessFixtures(ctx, receiver);
  const usdt = chain.registry.tokens.find((t) => t.symbol === 'USDT')!;
  const chainId = chain.registry.chainId;
  try {
    const op = await f.operator();
    // Scanner and workflows settled on the chain's current head before anything is counted.
    const head = async () => node.getBlockNumber();
    const caughtUp = async () => (await b.ctx.db.chainCursor.findUniqueOrThrow({ where: { chainId } })).nextBlock > (await head());
    await waitFor(`the ${chain.name} scanner to catch up`, caughtUp, 120_000, 100);

    const idle = await counted(b, chain, async () => {
      const until = (await head()) + IDLE_BLOCKS;
      await waitFor(`${IDLE_BLOCKS} idle blocks`, async () => (await head()) >= until, 120_000, 100);
      await waitFor('the scanner to read them', caughtUp, 30_000, 50);
    });
    const perBlock = scale(idle.calls, 1 / idle.blocks);

    const deposits = await counted(b, chain, async () => {
      for (let i = 0; i < N; i++) {
        const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, `rpc-${chain.name}-${i}`);
        const { txHash } = await fund({ nodeUrl: chain.nodeUrl, registry: chain.registry, address, token: 'USDT', amount: '5' });
        await waitFor('the DEPOSIT webhook', () => receiver.received.some((r) => r.body.includes(txHash)), 120_000, 50);
      }
    });
    const perDeposit = plus(scale(minus(deposits.calls, scale(perBlock, deposits.blocks)), 1 / N), perBlock);

    const payouts = await counted(b, chain, async () => {
      for (let i = 0; i < M; i++) {
        const { id, sessionRef } = await f.intent(op.apiKey, { amount: '2.00', chainId, tokenAddress: usdt.address });
        const r = await f.execute(op.apiKey, sessionRef);
        if (r.status !== 202) throw new Error(`execute: ${r.status} ${r.text}`);
        await waitFor(`WITHDRAW_COMPLETE of ${id}`, () => f.events(id).some((e) => e.event === 'WITHDRAW_COMPLETE'), 120_000, 50);
      }
      await waitFor('the scanner to read the blocks', caughtUp, 30_000, 50);
    });
    const perPayout = scale(minus(payouts.calls, scale(perBlock, payouts.blocks)), 1 / M);

    console.log(`${chain.name} background: ${total(perBlock).toFixed(2)} calls per block read (${idle.blocks} blocks): ${breakdown(perBlock)}`);
    console.log(`${chain.name} per deposit: ${total(perDeposit).toFixed(1)} calls (${N} deposits over ${deposits.blocks} blocks, ${total(deposits.calls)} calls in all): ${breakdown(perDeposit)}`);
    console.log(`${chain.name} per payout: ${total(perPayout).toFixed(1)} calls (${M} payouts over ${payouts.blocks} blocks, ${total(payouts.calls)} calls in all): ${breakdown(perPayout)}`);
    const before = BEFORE[chain.name]!;
    const line = (name: string, value: number, baseline: number | null) =>
      result({ name: `${name}-${chain.name}`, value: Number(value.toFixed(1)), unit: 'calls', baseline: baseline ?? value, higherIsBetter: false, target: baseline === null ? undefined : TARGET });
    const okDeposit = line('rpc-calls-deposit', total(perDeposit), before.deposit);
    const okPayout = line('rpc-calls-payout', total(perPayout), before.payout);
    return okDeposit && okPayout;
  } finally {
    f.provider.destroy();
    node.destroy();
  }
}

runBench(
  { CHAIN_POLL_MS: String(POLL_MS), WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', OUTBOX_RELAY_SECONDS: '1' },
  async (b) => {
    b.receiver.answer(() => ACK);
    const { services } = b;
    const hardhat = new JsonRpcProvider(services.chainNodeUrl, services.registry.chainId, { staticNetwork: true, cacheTimeout: -1 });
    // A block a second on both chains, as geth seals: the background is then per block on each.
    await hardhat.send('evm_setAutomine', [false]);
    await hardhat.send('evm_setIntervalMining', [BLOCK_MS]);
    let ok = true;
    try {
      ok = (await measure(b, { name: 'hardhat', registry: services.registry, nodeUrl: services.chainNodeUrl, rpcUrl: services.chainRpcUrl })) && ok;
      const second = services.secondChain;
      ok = (await measure(b, { name: 'geth', registry: second.registry, nodeUrl: second.nodeUrl, rpcUrl: second.rpcUrl })) && ok;
    } finally {
      await hardhat.send('evm_setIntervalMining', [0]);
      await hardhat.send('evm_setAutomine', [true]);
      hardhat.destroy();
    }
    if (!ok) process.exitCode = 1;
  },
  { secondChain: true },
);
