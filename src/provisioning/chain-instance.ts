import type { JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { openCursor } from '../store/chain-cursor';

/** The hash of block 0: it names one instance of a chain (a dev chain started anew is another instance). */
export async function genesisHashOf(provider: JsonRpcProvider): Promise<string> {
  const genesis = await provider.getBlock(0);
  if (!genesis?.hash) throw new Error('the chain did not return its genesis block');
  return genesis.hash;
}

/** A block of an instance by height and hash: where it stood when the instance was last registered. */
export interface Checkpoint {
  block: number;
  hash: string;
}

/**
 * What a node says of the instance it serves: block 0, a checkpoint to record, and the hash it has at a height. The
 * genesis alone does not tell a reset: geth --dev on an empty data directory, or a devnet restarted from its genesis
 * file, has the same block 0 and a different history after it.
 */
export interface LiveInstance {
  genesisHash: string;
  checkpoint?: Checkpoint | null;
  hashAt?: (block: number) => Promise<string | null>;
}

/** Blocks behind the head the checkpoint is taken at: deeper than any reorg the service expects to see. */
export const CHECKPOINT_DEPTH = 64;

/** The live instance of an EVM chain: its genesis, and as checkpoint the block CHECKPOINT_DEPTH below the head (at least block 1). */
export async function evmInstanceOf(provider: JsonRpcProvider): Promise<LiveInstance> {
  const hashAt = async (n: number) => (await provider.getBlock(n))?.hash ?? null;
  const [genesisHash, head] = await Promise.all([genesisHashOf(provider), provider.getBlockNumber()]);
  const block = Math.max(1, head - CHECKPOINT_DEPTH);
  const hash = head >= 1 ? await hashAt(block) : null;
  return { genesisHash, checkpoint: hash ? { block, hash } : null, hashAt };
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
  await openCursor(db, chainId, head);
}

export type InstanceChange = { change: 'SAME' | 'FIRST' } | { change: 'RETIRED'; retiredTransactions: number; droppedDeposits: number };

/**
 * Records which instance of a chain the stored state belongs to: its genesis hash and a checkpoint block. The same
 * genesis without the recorded checkpoint block (another hash at its height, or a head below it) is another instance
 * too: the chain was reset. A dev chain is new at every start while PostgreSQL keeps the earlier run's rows: with
 * `retire`, the old instance's unmined transactions become RETIRED (kept as history, never counted for nonces again),
 * its unfinished deposits DROPPED (CHAIN_RESET), and the scanner reads from block 0. A reset to the same genesis also
 * files the old instance's transactions and books under a retired instance name (`<genesis>@<checkpoint hash>`), so
 * its nonces never count on the new one. Without `retire` (a service process at start), another instance is refused:
 * the RPC URL names the wrong network, or the chain was reset under the stored state.
 */
export async function registerChainInstance(db: Db, chainId: number, live: LiveInstance, opts: { retire: boolean; reset?: boolean }): Promise<InstanceChange> {
  const { genesisHash } = live;
  const stored = await db.chain.findUniqueOrThrow({ where: { chainId } });
  // Read before the transaction: it holds no RPC. `opts.reset`: the caller knows the chain was started anew (the dev
  // launcher found its recorded contracts gone), which a row registered without a checkpoint cannot show.
  const reset = stored.genesisHash === genesisHash && (opts.reset === true || (await wasReset(stored, live)));
  return db.$transaction(async (tx) => {
    const chain = await tx.chain.findUniqueOrThrow({ where: { chainId } });
    const checkpoint = live.checkpoint ? { checkpointBlock: live.checkpoint.block, checkpointHash: live.checkpoint.hash } : {};
    if (chain.genesisHash === genesisHash && !reset) {
      await tx.chain.update({ where: { chainId }, data: checkpoint });
      return { change: 'SAME' as const };
    }
    if (chain.genesisHash !== null && !opts.retire) {
      throw new Error(reset
        ? `chain ${chainId}: the chain was reset (block ${chain.checkpointBlock} is no longer the one recorded); the stored state belongs to the old instance`
        : `chain ${chainId}: the RPC answers for another chain instance (genesis ${genesisHash}, registered ${chain.genesisHash})`);
    }
    await tx.chain.update({ where: { chainId }, data: { genesisHash, checkpointBlock: null, checkpointHash: null, ...checkpoint } });
    if (reset) {
      const retiredName = `${genesisHash}@${chain.checkpointHash}`;
      await tx.outboundTx.updateMany({ where: { chainId, genesisHash }, data: { genesisHash: retiredName } });
      await tx.bankrollOpening.updateMany({ where: { chainId, genesisHash }, data: { genesisHash: retiredName } });
      await tx.treasuryTopUp.updateMany({ where: { chainId, genesisHash }, data: { genesisHash: retiredName } });
    }
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

/** Whether the node lacks the stored checkpoint block: another hash at its height, or no block there (a head below it). */
async function wasReset(stored: { checkpointBlock: number | null; checkpointHash: string | null }, live: LiveInstance): Promise<boolean> {
  if (stored.checkpointBlock === null || !stored.checkpointHash || !live.hashAt) return false;
  return (await live.hashAt(stored.checkpointBlock)) !== stored.checkpointHash;
}
