/**
 * Time from the block that completes a deposit's confirmations to its DEPOSIT webhook, median over 20 deposits,
 * on the local chain with the default poll interval (CHAIN_POLL_MS=1000).
 */
import { ensureDepositAddress } from '../src/store/deposit-addresses';
import { fund, mine } from '../src/devchain/dev-commands';
import { createOperator } from '../src/provisioning/operators';
import { runBench, spread } from './support';

const N = Number(process.env.BENCH_DEPOSITS ?? 20);

runBench({ CHAIN_POLL_MS: '1000' }, async ({ services, ctx, receiver }) => {
  const nodeUrl = services.chainNodeUrl;
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench', webhookUrl: receiver.url });
  const confirmations = (await ctx.db.chain.findUniqueOrThrow({ where: { chainId: services.registry.chainId } })).depositConfirmations;
  const latencies: number[] = [];
  for (let i = 0; i < N; i++) {
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, `bench-${i}`);
    const { txHash } = await fund({ nodeUrl, registry: services.registry, address, token: 'USDC', amount: '5' });
    // Let the scanner see the transfer first, so the clock below measures confirmation → webhook.
    while (!(await ctx.db.deposit.findFirst({ where: { txHash } }))) await new Promise((r) => setTimeout(r, 50));
    await mine({ nodeUrl, blocks: confirmations - 1 });
    const confirmedAt = performance.now();
    while (!receiver.received.some((r) => r.body.includes(txHash))) await new Promise((r) => setTimeout(r, 10));
    latencies.push(performance.now() - confirmedAt);
  }
  console.log(`deposit latency (last confirmation block → DEPOSIT webhook), ${N} deposits, CHAIN_POLL_MS=1000: ${spread(latencies)}`);
});
