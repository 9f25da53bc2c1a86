/**
 * POST /session/deposit under load (autocannon, 16 connections, 10 s) against the bare Express + pg baseline: the
 * rate of created sessions (at least 0.8 of the bare handler's) and the p99 latency (at most 1.5 times the bare
 * handler's), each a RESULT line. Every answer must be a 201.
 */
import { createOperator } from '../src/provisioning/operators';
import { load } from './load';
import { loadBaselines, result } from './result';
import { runBench } from './support';

// No worker in the process: an API process serves operators on its own in production (docs/deploy.md).
runBench({}, async ({ ctx, receiver }) => {
  const base = loadBaselines();
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench', webhookUrl: receiver.url });
  const body = { externalUserId: 'user-42', lang: 'en', platformFiatCurrency: 'EUR', userBalance: '250.12345678', amount: '150.5' };
  const r = await load(`${ctx.apiUrl}/session/deposit`, body, { authorization: `Bearer ${op.apiKey}` });
  const rateMet = result({ name: 'session-create', value: r.rate, unit: 'requests/s', baseline: base.expressPgRate, target: 0.8 });
  // A latency's ratio is baseline/value: at most 1.5 times the bare p99 is a ratio of at least 1/1.5.
  const p99Met = result({ name: 'session-create-p99', value: r.p99, unit: 'ms', baseline: base.expressPgP99Ms, higherIsBetter: false, target: 1 / 1.5 });
  if (!rateMet || !p99Met) process.exitCode = 1;
}, { worker: false });
