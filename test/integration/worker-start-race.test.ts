import { genesisHashOf, openScanCursor, registerChainInstance } from '../../src/provisioning/chain-instance';
import { createTestContext, type TestContext } from '../support/harness';
import { workersPolling } from '../../dev/launcher/worker-ready';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

// Several workers start at the same moment (a deployment scaled to N, or N restarted together): each registers the
// chain's instance and opens its scan cursor before it starts the scanner. None of them may fail on another's write.
describe('workers starting together', () => {
  it('When 8 workers register a chain instance and open its scan cursor at once on a fresh chain, Then all succeed and one cursor exists', async () => {
    const chainId = ctx.services.registry.chainId;
    const provider = ctx.chains.require(chainId);
    await ctx.db.chainCursor.deleteMany({ where: { chainId } });
    await ctx.db.chain.update({ where: { chainId }, data: { genesisHash: null } });
    const genesis = await genesisHashOf(provider);
    const starts = await Promise.allSettled(
      Array.from({ length: 8 }, async () => {
        await registerChainInstance(ctx.db, chainId, { genesisHash: genesis }, { retire: false });
        await openScanCursor(ctx.db, chainId, provider);
      }),
    );
    expect(starts.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    expect(await ctx.db.chainCursor.count({ where: { chainId } })).toBe(1);
    expect((await ctx.db.chain.findUniqueOrThrow({ where: { chainId } })).genesisHash).toBe(genesis);
  });
});

// `npm start` says `gateway ready` only once its worker processes poll (dev/launcher/worker-ready.ts): run from source a
// worker bundles its workflows first, and /readyz (the API's) answers meanwhile.
describe("the launcher's wait for its workers", () => {
  it('When no worker of the given process polls the task queue, Then the wait times out; once one does, Then it ends, and only for that process', async () => {
    await expect(workersPolling(ctx.config, [process.pid], 2000)).rejects.toThrow(/not ready/);
    await ctx.startWorker();
    await workersPolling(ctx.config, [process.pid], 60_000);
    await expect(workersPolling(ctx.config, [process.pid, process.ppid], 2000)).rejects.toThrow(/not ready/);
  });
});
