/**
 * Blocks the chain scanner reads per second with 1,000,000 deposit addresses on record, against the same range read
 * with 10 (at least 0.95 of it). Two databases hold the same 10 addresses, one of them a million more besides; passes
 * over the same range alternate between the two, so each pass of one has a pass of the other beside it. The range
 * holds token and native transfers, a few of them to our addresses. The scan step runs as an activity outside
 * Temporal, and the deposit workflows it would start are not started: this is the scanner's own cost.
 */
import { randomBytes } from 'node:crypto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createChainScanActivities, type ScanResult } from '../src/activities/chain-scan';
import { fund } from '../dev/devchain/dev-commands';
import { createOperator } from '../src/provisioning/operators';
import { ensureDepositAddress } from '../src/store/deposit-addresses';
import { createTestContext, type TestContext } from '../test/support/harness';
import { result } from './result';
import { median, runBench } from './support';

const BLOCKS = Number(process.env.BENCH_SCAN_BLOCKS ?? 150);
const MANY = Number(process.env.BENCH_SCAN_ADDRESSES ?? 1_000_000);
const STEP = 50;
// Passes of each, the median taken: a pass of 150 blocks lasts under a second, and passes minutes apart with the same
// addresses differed by more than the 5 % this target allows (the process's own CPU a block moved by a third).
const PASSES = Number(process.env.BENCH_SCAN_PASSES ?? 15);

runBench({}, async ({ services, ctx, receiver }) => {
  const { chainId } = services.registry;
  const nodeUrl = services.chainNodeUrl;
  // The second database: a context of its own (a clone of the migrated template), no worker.
  const big = await createTestContext({ worker: false });
  try {
    /** The 10 addresses in a context's database, derived from the same key in both, so both own the same transfers. */
    const tenAddresses = async (c: TestContext) => {
      const op = await createOperator(c.db, c.config.SECRETS_KEY, { name: 'Bench', webhookUrl: receiver.url });
      return { op, ours: await Promise.all(Array.from({ length: 10 }, (_, i) => ensureDepositAddress(c.db, ctx.config.DEPOSIT_XPUB, op.id, `scan-${i}`))) };
    };
    const { ours } = await tenAddresses(ctx);
    const { op: bigOwner, ours: bigOurs } = await tenAddresses(big);
    // The same set (allocated concurrently, each user's index may differ): otherwise the million's passes would record
    // other deposits, or none, and do other work than the 10's.
    const set = (as: { address: string }[]) => as.map((a) => a.address).sort().join();
    if (set(bigOurs) !== set(ours)) throw new Error('the two databases hold different deposit addresses');
    // Vacuumed and analyzed, as a table holding them is in a deployment, and its pages written out (CHECKPOINT): the
    // autovacuum and the checkpointer would otherwise run inside the passes.
    await big.db.$executeRaw`
      INSERT INTO "DepositAddress" (id, "operatorId", "externalUserId", "hdIndex", address)
      SELECT gen_random_uuid(), ${bigOwner.id}::uuid, 'bulk-' || i, 1000000 + i, '0x' || substr(md5(i::text) || md5((-i)::text), 1, 40)
      FROM generate_series(1, ${MANY}) AS i`;
    await big.db.$executeRawUnsafe('VACUUM ANALYZE "DepositAddress"');
    await big.db.$executeRawUnsafe('CHECKPOINT');
    const start = (await ctx.chains.require(chainId).getBlockNumber()) + 1;
    // One transfer a block (automine): mostly to strangers, every tenth to one of ours, token and native alike.
    for (let i = 0; i < BLOCKS; i++) {
      const address = i % 10 === 0 ? ours[i % ours.length]!.address : `0x${randomBytes(20).toString('hex')}`;
      await fund({ nodeUrl, registry: services.registry, address, token: i % 3 === 0 ? 'native' : 'USDT', amount: i % 3 === 0 ? '0.01' : '5' });
    }
    const end = await ctx.chains.require(chainId).getBlockNumber();
    const env = new MockActivityEnvironment();
    /** Blocks per second over [start, end], read from the beginning again by a scanner on `c`'s database. */
    const scanRate = (c: TestContext) => {
      const scanner = createChainScanActivities({
        db: c.db, chains: c.chains, logger: c.logger, bankrollAddress: c.config.BANKROLL_ADDRESS,
        depositTimings: { pollMs: c.config.CHAIN_POLL_MS, priceRetrySeconds: c.config.PRICE_RETRY_SECONDS },
      });
      return async (): Promise<number> => {
        await c.db.chainCursor.update({ where: { chainId }, data: { nextBlock: start, lastBlockHash: null } });
        const t0 = performance.now();
        for (let next = start; next <= end; ) {
          const step = (await env.run(scanner.scanChain, chainId, STEP)) as ScanResult;
          // The workflow would start the step's deposits here, then let the cursor pass them.
          if (step.pending) await env.run(scanner.commitScanCursor, chainId, step.pending.cursor);
          next = step.toBlock + 1;
        }
        return (end - start + 1) / ((performance.now() - t0) / 1000);
      };
    };
    const few = scanRate(ctx);
    const many = scanRate(big);
    // The first passes record the deposits, so every measured pass finds them already known; a few more warm the
    // process and read each table's pages in, untimed.
    for (let i = 0; i < 3; i++) {
      await few();
      await many();
    }
    // In pairs, each pair's order the other way round from the last's, so neither is always the warmer.
    const fewRates: number[] = [];
    const manyRates: number[] = [];
    for (let pass = 0; pass < PASSES; pass++) {
      if (pass % 2 === 0) {
        fewRates.push(await few());
        manyRates.push(await many());
      } else {
        manyRates.push(await many());
        fewRates.push(await few());
      }
    }
    const fmt = (rates: number[]) => rates.map((r) => r.toFixed(0)).join(', ');
    console.log(`scanner: ${end - start + 1} blocks, ${STEP} a step, ${PASSES} passes each, alternating: ${fmt(fewRates)} blocks/s with 10 addresses; ${fmt(manyRates)} with ${MANY + 10}`);
    if (!result({ name: 'scanner-scale', value: median(manyRates), unit: 'blocks/s', baseline: median(fewRates), target: 0.95 })) process.exitCode = 1;
  } finally {
    await big.close();
  }
}, { worker: false });
