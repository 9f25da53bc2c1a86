/**
 * POST /session/deposit under load (autocannon, 16 connections, 10 s a pass) against a bare Express + pg handler in
 * passes alternating with it: the median rate of created sessions (at least 0.8 of the bare handler's median) and the
 * median p99 latency (at most 1.5 times the bare handler's), each a RESULT line. Every answer must be a 201.
 */
import { createOperator } from '../src/provisioning/operators';
import { bareExpressPg } from './bare';
import { load } from './load';
import { result } from './result';
import { alternating, median, runBench } from './support';

// No worker in the process: an API process serves operators on its own in production (docs/deploy.md).
runBench({}, async ({ services, ctx, receiver }) => {
  const bare = await bareExpressPg(services.pgAdminUrl);
  try {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench', webhookUrl: receiver.url });
    const body = { externalUserId: 'user-42', lang: 'en', platformFiatCurrency: 'EUR', userBalance: '250.12345678', amount: '150.5' };
    const { baselines, values } = await alternating(bare.pass, () => load(`${ctx.apiUrl}/session/deposit`, body, { authorization: `Bearer ${op.apiKey}` }));
    const show = (f: Array<{ rate: number; p99: number }>) => f.map((x) => `${x.rate.toFixed(0)}/s p99 ${x.p99} ms`).join(', ');
    console.log(`session-create passes: ${show(values)}; bare Express + pg beside them: ${show(baselines)}`);
    const rateMet = result({ name: 'session-create', value: median(values.map((v) => v.rate)), unit: 'requests/s', baseline: median(baselines.map((b) => b.rate)), target: 0.8 });
    // A latency's ratio is baseline/value: at most 1.5 times the bare p99 is a ratio of at least 1/1.5.
    const p99Met = result({ name: 'session-create-p99', value: median(values.map((v) => v.p99)), unit: 'ms', baseline: median(baselines.map((b) => b.p99)), higherIsBetter: false, target: 1 / 1.5 });
    if (!rateMet || !p99Met) process.exitCode = 1;
  } finally {
    await bare.close();
  }
}, { worker: false });
