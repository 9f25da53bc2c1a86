/**
 * Time from the block that completes a deposit's confirmations to its DEPOSIT webhook over 20 deposits, on the local
 * chain with the default poll interval (CHAIN_POLL_MS=1000): its median and its p95, each within the poll interval +
 * 300 ms.
 */
import { ensureDepositAddress } from '../src/store/deposit-addresses';
import { fund, mine } from '../dev/devchain/dev-commands';
import { createOperator } from '../src/provisioning/operators';
import { result } from './result';
import { median, percentile, runBench, spread, waitFor } from './support';

const N = Number(process.env.BENCH_DEPOSITS ?? 20);

const POLL_MS = 1000;

runBench({ CHAIN_POLL_MS: String(POLL_MS) }, async ({ services, ctx, receiver }) => {
  const nodeUrl = services.chainNodeUrl;
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench', webhookUrl: receiver.url });
  const confirmations = (await ctx.db.chain.findUniqueOrThrow({ where: { chainId: services.registry.chainId } })).depositConfirmations;
  const latencies: number[] = [];
  for (let i = 0; i < N; i++) {
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, `bench-${i}`);
    const { txHash } = await fund({ nodeUrl, registry: services.registry, address, token: 'USDC', amount: '5' });
    // Let the scanner see the transfer first, so the clock below measures confirmation → webhook.
    await waitFor('the scanner to see the deposit', async () => (await ctx.db.deposit.findFirst({ where: { txHash } })) !== null, 60_000, 50);
    await mine({ nodeUrl, blocks: confirmations - 1 });
    const confirmedAt = performance.now();
    await waitFor('the DEPOSIT webhook', () => receiver.received.some((r) => r.body.includes(txHash)), 60_000);
    latencies.push(performance.now() - confirmedAt);
  }
  console.log(`deposit latency (last confirmation block → DEPOSIT webhook), ${N} deposits, CHAIN_POLL_MS=${POLL_MS}: ${spread(latencies)}`);
  const bound = POLL_MS + 300;
  const medianMet = result({ name: 'deposit-latency', value: median(latencies), unit: 'ms', baseline: bound, higherIsBetter: false, target: 1 });
  const p95Met = result({ name: 'deposit-latency-p95', value: percentile(latencies, 95), unit: 'ms', baseline: bound, higherIsBetter: false, target: 1 });
  if (!medianMet || !p95Met) process.exitCode = 1;
});
