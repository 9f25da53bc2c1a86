/**
 * Mode B decisions per second with settlement: N AWAITING_APPROVAL withdrawals approved at once; each answer is
 * COMPLETED with its signed settlement transaction (caps checked, liquidity reserved, payout signed and stored).
 */
import { createOperator } from '../src/provisioning/operators';
import { ACK } from '../test/support/webhook-receiver';
import { withdrawFixtures } from '../test/support/withdraw-fixtures';
import { profiled } from './load';
import { loadBaselines, result } from './result';
import { runBench } from './support';

// As many as the headless bench's executes: with 40, the first answer came after about 0.7 s and the last after 1.5 s,
// so the figure measured the pipeline filling up more than the rate it then sustains.
const N = Number(process.env.BENCH_DECISIONS ?? 200);

// The production poll interval: the settling payouts' confirmation polls must not load the node five times as often.
runBench({ CHAIN_POLL_MS: '1000' }, async ({ ctx, receiver }) => {
  const base = loadBaselines();
  receiver.answer(() => ACK);
  const f = withdrawFixtures(ctx);
  try {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const s = await f.session(op.apiKey, '3.00');
      ids.push((await f.submit(s.sid, f.recipient())).body.data.withdrawRequestId);
    }
    const started = performance.now();
    (global as any).__pgcount_on = true; const results = await profiled(() => Promise.all(ids.map((id) => f.decide(op.apiKey, id, "APPROVE")))); (global as any).__pgcount_on = false;
    const seconds = (performance.now() - started) / 1000;
    const settled = results.filter((r) => r.body.data?.withdrawStatus === 'COMPLETED').length;
    console.log(`mode B decisions: ${N} concurrent APPROVEs, ${settled} settled in ${seconds.toFixed(2)} s = ${(settled / seconds).toFixed(1)} decisions/s with settlement (one worker, one API process)`);
    if (settled !== N) throw new Error(`${N - settled} decisions were not settled`);
    if (!result({ name: 'mode-b-decision', value: settled / seconds, unit: 'decisions/s', baseline: base.temporalRate, target: 0.5 })) process.exitCode = 1;
  } finally {
    f.provider.destroy();
  }
});
