import type { JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';

/** The hash of block 0: it names one instance of a chain (a dev chain started anew is another instance). */
export async function genesisHashOf(provider: JsonRpcProvider): Promise<string> {
  const genesis = await provider.getBlock(0);
  if (!genesis?.hash) throw new Error('the chain did not return its genesis block');
  return genesis.hash;
}

/**
 * Fixes where the chain scanner starts, once: at the head when the chain is registered, before any address can be
 * offered on it. Left to the scanner's first step, a deposit paid between a session's address and that step (a worker
 * that starts late, or dies while starting) would lie behind the cursor and never be seen. An existing cursor is kept.
 */
export async function openScanCursor(db: Db, chainId: number, provider: JsonRpcProvider): Promise<void> {
  await openScanCursorAt(db, chainId, await provider.getBlockNumber());
}

/** openScanCursor at a head read by the caller (a TRON node's). */
export async function openScanCursorAt(db: Db, chainId: number, head: number): Promise<void> {
  // ON CONFLICT, not Prisma's upsert (a read, then an insert): workers starting together each open the cursor, and
  // the insert that loses the race must not fail that worker's start.
  await db.$executeRaw`INSERT INTO "ChainCursor" ("chainId", "nextBlock", "updatedAt") VALUES (${chainId}, ${head}, now()) ON CONFLICT ("chainId") DO NOTHING`;
}

export type InstanceChange = { change: 'SAME' | 'FIRST' } | { change: 'RETIRED'; retiredTransactions: number; droppedDeposits: number };

/**
 * Records which instance of a chain the stored state belongs to. A dev chain is new at every start while PostgreSQL
 * keeps the earlier run's rows: with `retire`, the old instance's unmined transactions become RETIRED (kept as history,
 * never counted for nonces again), its unfinished deposits DROPPED (CHAIN_RESET), and the scanner reads from block 0.
 * Without `retire` (a service process at start), another instance is refused: the RPC URL names the wrong network.
 */
export async function registerChainInstance(db: Db, chainId: number, genesisHash: string, opts: { retire: boolean }): Promise<InstanceChange> {
  return db.$transaction(async (tx) => {
    const chain = await tx.chain.findUniqueOrThrow({ where: { chainId } });
    if (chain.genesisHash === genesisHash) return { change: 'SAME' as const };
    if (chain.genesisHash !== null && !opts.retire) {
      throw new Error(`chain ${chainId}: the RPC answers for another chain instance (genesis ${genesisHash}, registered ${chain.genesisHash})`);
    }
    await tx.chain.update({ where: { chainId }, data: { genesisHash } });
    // Without `retire` a first registration has nothing to retire; with it, rows stored before instances were
    // tracked belong to an earlier dev chain too.
    if (!opts.retire) return { change: 'FIRST' as const };
    // The new instance is read from block 0: a scanner left to start at the head would miss a deposit made between
    // the gateway's readiness and its first scan.
    await tx.chainCursor.upsert({ where: { chainId }, create: { chainId, nextBlock: 0 }, update: { nextBlock: 0, lastBlockHash: null } });
    const retired = await tx.outboundTx.updateMany({ where: { chainId, genesisHash: { not: genesisHash }, status: { in: ['SIGNED', 'BROADCAST'] } }, data: { status: 'RETIRED' } });
    const dropped = await tx.deposit.updateMany({
      where: { chainId, status: { in: ['CONFIRMING', 'SWEEPING', 'PRICING'] } },
      data: { status: 'DROPPED', droppedReason: 'CHAIN_RESET' },
    });
    // Dust is left to the old instance too: its unclaimed rows are kept as history (DUST, droppedReason CHAIN_RESET,
    // never claimed), and its unfinished aggregate sweeps fail, so nothing is sent for them on the new instance.
    await tx.deposit.updateMany({ where: { chainId, status: 'DUST', dustSweepId: null }, data: { droppedReason: 'CHAIN_RESET' } });
    await tx.dustSweep.updateMany({ where: { chainId, status: 'SWEEPING' }, data: { status: 'FAILED' } });
    return { change: 'RETIRED' as const, retiredTransactions: retired.count, droppedDeposits: dropped.count };
  });
}
