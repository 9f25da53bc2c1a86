/**
 * Headless (Mode C) on one worker, real Temporal, PostgreSQL and hardhat:
 * 1. headless-execute: N intents executed at once (each one PostgreSQL transaction under the owner's cap lock and the
 *    token's liquidity lock), with the bankroll's gas drained so settlement does not compete; the median of PASSES
 *    bursts against the median of bare workflow passes alternating with them. Every execute must be accepted and
 *    reserved exactly once, within the balance.
 * 2. payout-latency: the time from execute to WITHDRAW_COMPLETE, M payouts one after another, on the dev chain's own
 *    withdrawConfirmations with a block every BLOCK_MS (interval mining): its median and its p95, each within
 *    withdrawConfirmations × BLOCK_MS + the poll interval + 300 ms.
 */
import Decimal from 'decimal.js';
import { drainGas, restoreGas } from '../dev/devchain/dev-commands';
import { headlessFixtures } from '../test/support/headless-fixtures';
import { profiled } from './load';
import { bareWorkflows } from './bare';
import { result } from './result';
import { alternating, median, percentile, runBench, spread, waitFor } from './support';

const N = Number(process.env.BENCH_EXECUTES ?? 200);
const M = Number(process.env.BENCH_PAYOUTS ?? 20);
/** Executes before the first timed burst, as the bare workflows warm up with 20 before each pass. */
const WARM_UP = 20;
const POLL_MS = 1000;
const BLOCK_MS = 1000;

runBench({ CHAIN_POLL_MS: String(POLL_MS), GAS_RECHECK_SECONDS: '3600' }, async ({ services, ctx, receiver }) => {
  const f = headlessFixtures(ctx, receiver);
  try {
    const op = await f.operator();
    /** One burst of N executes: every one accepted and reserved once, within the balance; answers executes/s. */
    const burst = async (pass: number, n = N): Promise<number> => {
      const intents = await Promise.all(Array.from({ length: n }, () => f.intent(op.apiKey, { amount: '1.00' })));
      await drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
      const started = performance.now();
      const results = await profiled(() => Promise.all(intents.map((i) => f.execute(op.apiKey, i.sessionRef))));
      const seconds = (performance.now() - started) / 1000;
      const refused = results.filter((r) => r.status !== 202);
      if (refused.length > 0) throw new Error(`${refused.length} executes were refused: ${refused.slice(0, 3).map((r) => `${r.status} ${r.text}`).join('; ')}`);
      const reservations = await ctx.db.reservation.findMany({ where: { status: 'ACTIVE' } });
      const token = reservations[0]!.tokenAddress;
      const reserved = reservations.reduce((sum, r) => sum.plus(r.rawAmount.toString()), new Decimal(0));
      const balance = new Decimal((await f.balanceOf(token, f.bankroll)).toString());
      if (new Set(reservations.map((r) => r.withdrawalId)).size !== n || reservations.length !== n || reserved.gt(balance)) {
        throw new Error(`over-reservation: ${reservations.length} reservations for ${n} executes, ${reserved} reserved of ${balance}`);
      }
      console.log(`headless execute, ${pass === 0 ? 'warm-up' : `pass ${pass}`}: ${n} concurrent executes accepted in ${seconds.toFixed(2)} s, ${n} reservations, ${reserved} of ${balance} raw reserved`);
      await Promise.all(intents.map((i) => f.cancel(op.apiKey, i.sessionRef)));
      await restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
      return n / seconds;
    };
    // The first burst of a process compiles the execute's code paths and fills the pools: warmed up as the baseline
    // is, untimed.
    await burst(0, WARM_UP);
    // The bare worker only runs beside the bursts: its pollers would otherwise idle through the latency payouts.
    const bare = await bareWorkflows(services.temporalAddress);
    const { baselines, values } = await alternating(bare.pass, (pass) => burst(pass)).finally(() => bare.close());
    console.log(`headless execute: ${values.map((v) => v.toFixed(1)).join(', ')} executes/s; bare workflows beside them: ${baselines.map((b) => b.toFixed(1)).join(', ')}/s`);
    if (!result({ name: 'headless-execute', value: median(values), unit: 'executes/s', baseline: median(baselines), target: 0.9 })) process.exitCode = 1;

    const confirmations = (await ctx.db.chain.findUniqueOrThrow({ where: { chainId: services.registry.chainId } })).withdrawConfirmations;
    await f.provider.send('evm_setAutomine', [false]);
    await f.provider.send('evm_setIntervalMining', [BLOCK_MS]);
    const latencies: number[] = [];
    try {
      for (let i = 0; i < M; i++) {
        const { id, sessionRef } = await f.intent(op.apiKey, { amount: '2.00' });
        const t0 = performance.now();
        const r = await f.execute(op.apiKey, sessionRef);
        if (r.status !== 202) throw new Error(`execute: ${r.status} ${r.text}`);
        await waitFor(`WITHDRAW_COMPLETE of ${id}`, () => f.events(id).some((e) => e.event === 'WITHDRAW_COMPLETE'), 60_000);
        latencies.push(performance.now() - t0);
      }
    } finally {
      await f.provider.send('evm_setIntervalMining', [0]);
      await f.provider.send('evm_setAutomine', [true]);
    }
    console.log(`headless execute → WITHDRAW_COMPLETE, withdrawConfirmations=${confirmations}, a block every ${BLOCK_MS} ms, CHAIN_POLL_MS=${POLL_MS}: ${spread(latencies)}`);
    const bound = confirmations * BLOCK_MS + POLL_MS + 300;
    const medianMet = result({ name: 'payout-latency', value: median(latencies), unit: 'ms', baseline: bound, higherIsBetter: false, target: 1 });
    const p95Met = result({ name: 'payout-latency-p95', value: percentile(latencies, 95), unit: 'ms', baseline: bound, higherIsBetter: false, target: 1 });
    if (!medianMet || !p95Met) process.exitCode = 1;
  } finally {
    f.provider.destroy();
  }
});
