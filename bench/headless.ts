/**
 * Headless (Mode C) figures on one worker, real Temporal, PostgreSQL and hardhat:
 * 1. executes accepted per second: N intents executed at once (each one PostgreSQL transaction under the owner's cap
 *    lock and the token's liquidity lock), with the bankroll's gas drained so settlement does not compete;
 * 2. the median time from execute to the WITHDRAW_COMPLETE webhook with withdrawConfirmations = 1 (set in this run's
 *    own database), CHAIN_POLL_MS = 1000 as on the dev chain, M payouts one after another.
 */
import { drainGas, restoreGas } from '../src/devchain/dev-commands';
import { headlessFixtures } from '../test/support/headless-fixtures';
import { runBench, spread } from './support';

const N = Number(process.env.BENCH_EXECUTES ?? 200);
const M = Number(process.env.BENCH_PAYOUTS ?? 20);

runBench({ CHAIN_POLL_MS: '1000', GAS_RECHECK_SECONDS: '3600' }, async ({ services, ctx, receiver }) => {
  const f = headlessFixtures(ctx, receiver);
  try {
    await ctx.db.chain.update({ where: { chainId: services.registry.chainId }, data: { withdrawConfirmations: 1 } });
    const op = await f.operator();

    const intents = await Promise.all(Array.from({ length: N }, () => f.intent(op.apiKey, { amount: '1.00' })));
    await drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    const started = performance.now();
    const results = await Promise.all(intents.map((i) => f.execute(op.apiKey, i.sessionRef)));
    const seconds = (performance.now() - started) / 1000;
    const accepted = results.filter((r) => r.status === 202).length;
    if (accepted !== N) throw new Error(`${N - accepted} executes were refused`);
    console.log(`headless execute: ${N} concurrent executes accepted in ${seconds.toFixed(2)} s = ${(N / seconds).toFixed(1)} executes/s (one worker, one owner, one token)`);
    await Promise.all(intents.map((i) => f.cancel(op.apiKey, i.sessionRef)));
    await restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll });

    const latencies: number[] = [];
    for (let i = 0; i < M; i++) {
      const { id, sessionRef } = await f.intent(op.apiKey, { amount: '2.00' });
      const t0 = performance.now();
      const r = await f.execute(op.apiKey, sessionRef);
      if (r.status !== 202) throw new Error(`execute: ${r.status} ${r.text}`);
      while (!f.events(id).some((e) => e.event === 'WITHDRAW_COMPLETE')) await new Promise((res) => setTimeout(res, 10));
      latencies.push(performance.now() - t0);
    }
    console.log(`headless execute → WITHDRAW_COMPLETE, withdrawConfirmations=1, CHAIN_POLL_MS=1000, ${M} payouts one at a time: ${spread(latencies)}`);
  } finally {
    f.provider.destroy();
  }
});
