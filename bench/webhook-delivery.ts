/**
 * Deliveries per second that one worker sustains to a local receiver: N outbox events recorded and dispatched
 * at once, as the worker's activities dispatch the events they commit (eager starts on its own connection), timed
 * until every one is DELIVERED, after a warm-up round; the median of PASSES rounds against the median of bare workflow
 * passes alternating with them.
 */
import type { DispatchOutcome } from '../src/activities/deps';
import type { OutboxEvent } from '../src/store/outbox';
import { createOperator } from '../src/provisioning/operators';
import { recordSyntheticComplete } from '../test/support/outbox-events';
import { profiled } from './load';
import { bareWorkflows } from './bare';
import { result } from './result';
import { alternating, median, PASSES, runBench, waitFor } from './support';

const N = Number(process.env.BENCH_EVENTS ?? 300);
const WARM_UP = 20;

// The production poll interval: the worker's chain scanners must not poll five times as often as they would.
runBench({ CHAIN_POLL_MS: '1000' }, async ({ services, ctx, receiver }) => {
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench', webhookUrl: receiver.url });
  const starts = ctx.workerStarts();
  if (!starts) throw new Error('the benchmark runs its worker in its own process');
  const outcomes: DispatchOutcome[] = [];
  /** Records n events, dispatches them all at once and waits until every one is DELIVERED; answers the seconds that took. */
  const round = async (n: number, from: number): Promise<number> => {
    const events: OutboxEvent[] = [];
    for (let i = from; i < from + n; i++) events.push(await recordSyntheticComplete(ctx.db, ctx.config.SECRETS_KEY, op.id, i));
    const started = performance.now();
    await profiled(async () => {
      outcomes.push(...(await Promise.all(events.map((e) => starts.dispatchWebhook(e)))));
      await waitFor('every event to be delivered', async () => (await ctx.db.webhookEvent.count({ where: { status: 'DELIVERED' } })) >= from + n, 300_000, 100);
    });
    return (performance.now() - started) / 1000;
  };
  // Warmed up as the baseline is (20 bare workflows before each timed round): the first deliveries compile the code paths.
  await round(WARM_UP, 0);
  const bare = await bareWorkflows(services.temporalAddress);
  try {
    const { baselines, values } = await alternating(bare.pass, async (pass) => N / (await round(N, WARM_UP + (pass - 1) * N)));
    const latencies = (await ctx.db.webhookAttempt.findMany({ select: { latencyMs: true }, orderBy: { id: 'asc' }, skip: WARM_UP })).map((a) => a.latencyMs).sort((a, b) => a - b);
    console.log(`webhook delivery: ${PASSES} rounds of ${N} events, ${values.map((v) => v.toFixed(1)).join(', ')} deliveries/s (one worker, local receiver); bare workflows beside them: ${baselines.map((b) => b.toFixed(1)).join(', ')}/s`);
    console.log(`  started eagerly: ${outcomes.filter((o) => o === 'started-eagerly').length} of ${outcomes.length} dispatches`);
    if (!result({ name: 'webhook-delivery', value: median(values), unit: 'deliveries/s', baseline: median(baselines), target: 1.5 })) process.exitCode = 1;
    console.log(`  HTTP latency per attempt: median ${latencies[Math.floor(latencies.length / 2)]} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]} ms`);
  } finally {
    await bare.close();
  }
});
