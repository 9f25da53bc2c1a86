import { heartbeat } from '@temporalio/activity';
import type { ChainProviders } from '../adapters/chains';
import { isUniqueViolation, type Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { DetectedTransfer } from '../chain/transfer-sighting';
import { tronFromEvm } from '../adapters/tron-address';
import { equalTransfers } from '../store/equal-transfers';
import { evmSource, tronSource } from './scan-sources';
import { isDust } from '../domain/dust';
import { depositWorkflowId } from '../domain/keys';
import { Prisma, type Deposit, type DepositAddress } from '../generated/prisma/client';

export interface ChainScanDeps {
  db: Db;
  chains: ChainProviders;
  logger: Logger;
  /** Our own wallet: its gas top-ups into deposit addresses are not deposits. */
  bankrollAddress: string;
  /** The deposit workflows' timings (CHAIN_POLL_MS, PRICE_RETRY_SECONDS), passed on in each start. */
  depositTimings: { pollMs: number; priceRetrySeconds: number };
}

/**
 * A detected deposit's run: confirming (a closed run may be followed) or revived (a running one is replaced); the
 * search attributes are the deposit address's owner and its open session, if any.
 */
export interface DepositRun { confirming: boolean; revived: boolean; operatorId: string; externalUserId: string; sessionRef?: string }

/** A deposit workflow for the scanner workflow to start as its child: its id (src/domain/keys.ts), input and run. */
export interface DepositStart {
  workflowId: string;
  input: { depositId: string; pollMs: number; priceRetrySeconds: number };
  run: DepositRun;
}

/** Where the next scan step begins: the block after the last one read, and that block's hash (a reorg check). */
export interface ScanCursor { nextBlock: number; lastBlockHash: string | null }

/** How far back the scanner rewinds when the block it last read is no longer canonical. */
const REORG_REWIND_BLOCKS = 12;

export interface ScanResult {
  fromBlock: number;
  toBlock: number;
  found: number;
  /** More blocks are waiting: scan again at once. */
  behind: boolean;
  /**
   * Set when the step recorded deposits that need their workflows: the step did not move the cursor, so a step whose
   * starts are lost (its completion, or the worker, lost) is read again. The scanner workflow starts them as its
   * children, then commits the cursor (commitScanCursor). Absent from the results of runs recorded before that.
   */
  pending?: { deposits: DepositStart[]; cursor: ScanCursor };
}

/** The chain scanner's activities: one bounded scan step, idempotent (a rescan finds the same deposits again), and its cursor's commit. */
export function createChainScanActivities(d: ChainScanDeps) {
  /**
   * Records a transfer as a deposit, or finds the deposit it already is: a reorg can move a transfer to another block
   * and log index, so it is looked up by its transaction and content first (store/equal-transfers). Then names the
   * deposit's workflow start, whose id keeps the log index the transfer was first seen at.
   */
  async function recordTransfer(t: DetectedTransfer): Promise<DepositStart | null> {
    const owner = await d.db.depositAddress.findFirst({ where: { OR: [{ address: t.to }, { tronAddress: t.to }] } });
    if (!owner) return null;
    const session = await d.db.session.findFirst({
      where: { operatorId: owner.operatorId, externalUserId: owner.externalUserId, type: 'DEPOSIT', status: 'OPEN', expiresAt: { gt: new Date() } },
      orderBy: { createdAt: 'desc' },
    });
    const deposit = (await equalTransfers(d.db, t.chainId, t))[t.ordinal] ?? (await createDeposit(t, owner, session?.id ?? null));
    // Dust gets no workflow: nothing confirms, sweeps or credits it one by one, so a flood of it costs no gas.
    if (!deposit || deposit.status === 'DUST') return null;
    const { confirming, revived } = await followTransfer(deposit.id, t);
    return {
      workflowId: depositWorkflowId(deposit),
      input: { depositId: deposit.id.toString(), ...d.depositTimings },
      run: { confirming, revived, operatorId: owner.operatorId, externalUserId: owner.externalUserId, sessionRef: session?.sessionRef },
    };
  }

  async function commitCursor(chainId: number, c: ScanCursor): Promise<void> {
    await d.db.chainCursor.upsert({ where: { chainId }, create: { chainId, ...c }, update: c });
  }

  async function createDeposit(t: DetectedTransfer, owner: DepositAddress, sessionId: string | null): Promise<Deposit | null> {
    const token = t.tokenAddress ? await d.db.token.findUnique({ where: { chainId_address: { chainId: t.chainId, address: t.tokenAddress } } }) : null;
    const chain = await d.db.chain.findUniqueOrThrow({ where: { chainId: t.chainId } });
    const minDeposit = BigInt((token ? token.minDepositRaw : chain.nativeMinDepositRaw).toFixed(0));
    try {
      return await d.db.deposit.create({
        data: {
          chainId: t.chainId, txHash: t.txHash, logIndex: t.logIndex, blockNumber: t.blockNumber, blockHash: t.blockHash,
          operatorId: owner.operatorId, externalUserId: owner.externalUserId, depositAddress: t.to, tokenAddress: t.tokenAddress,
          symbol: token?.symbol ?? chain.nativeSymbol, decimals: token?.decimals ?? chain.nativeDecimals,
          grossAmount: new Prisma.Decimal(t.raw.toString()), sessionId, ...(isDust(t.raw, minDeposit) ? { status: 'DUST' as const } : {}),
        },
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const recorded = (await equalTransfers(d.db, t.chainId, t))[t.ordinal];
      // Only a re-executed transaction that now emits a different transfer at another transfer's old index gets here.
      if (!recorded) d.logger.error('transfer not recorded: its log index belongs to another deposit of the same transaction', { chainId: t.chainId, txHash: t.txHash, logIndex: t.logIndex });
      return recorded ?? null;
    }
  }

  /**
   * Puts a confirming deposit on the block its transfer is in now, or revives a dropped one. Both are row updates, so
   * they wait for a drop in progress (which holds the row lock while it re-reads the chain): a transfer seen here is
   * either not dropped, or dropped first and revived here.
   */
  async function followTransfer(id: bigint, t: DetectedTransfer): Promise<{ confirming: boolean; revived: boolean }> {
    const block = { blockNumber: t.blockNumber, blockHash: t.blockHash };
    const moved = await d.db.deposit.updateMany({ where: { id, status: 'CONFIRMING' }, data: block });
    if (moved.count > 0) return { confirming: true, revived: false };
    const revive = await d.db.deposit.updateMany({ where: { id, status: 'DROPPED' }, data: { ...block, status: 'CONFIRMING', droppedReason: null } });
    return { confirming: revive.count > 0, revived: revive.count > 0 };
  }

  return {
    /** Scans up to maxBlocks new blocks of a chain, starting where the stored cursor says. */
    async scanChain(chainId: number, maxBlocks: number): Promise<ScanResult> {
      // Opened when the chain was registered (provisioning/chain-instance): starting at the head here could skip a deposit.
      const cursor = await d.db.chainCursor.findUnique({ where: { chainId } });
      if (!cursor) throw new Error(`chain ${chainId} has no scan cursor: its registration did not open one`);
      // A deactivated chain is not read; the cursor stays, so a reactivation credits what users sent meanwhile.
      if (!(await d.db.chain.findUnique({ where: { chainId }, select: { active: true } }))?.active) {
        return { fromBlock: cursor.nextBlock, toBlock: cursor.nextBlock - 1, found: 0, behind: false };
      }
      const tron = d.chains.tron(chainId);
      const src = tron ? tronSource(tron, d.db, chainId, tronFromEvm(d.bankrollAddress)) : evmSource(d.chains.require(chainId), d.db, chainId, d.bankrollAddress.toLowerCase());
      const head = await src.head();
      let from = Math.min(cursor.nextBlock, head + 1);
      let to = Math.min(head, from + maxBlocks - 1);
      // No new block: nothing to read. A reorg that replaced the last block read shows in the next one's parent.
      // The cursor is written only when the head fell behind it (a reset chain), not on every idle step.
      if (to < from) {
        if (from !== cursor.nextBlock) await commitCursor(chainId, { nextBlock: from, lastBlockHash: cursor.lastBlockHash });
        return { fromBlock: from, toBlock: to, found: 0, behind: false };
      }
      let range = await src.read(from, to);
      // The first block read must follow the last one read before (the cursor's hash), else the chain reorganised.
      if (cursor.lastBlockHash && from > 0 && range.parentHash !== cursor.lastBlockHash) {
        from = Math.max(0, from - REORG_REWIND_BLOCKS);
        to = Math.min(head, from + maxBlocks - 1);
        d.logger.warn('chain reorganised under the scanner; rescanning', { chainId, from });
        range = await src.read(from, to);
      }
      const { transfers } = range;
      const deposits: DepositStart[] = [];
      for (const t of transfers) {
        // A flood of transfers in one step (hundreds of dust logs) must not outlast the heartbeat timeout.
        heartbeat(to);
        const start = await recordTransfer(t);
        if (start) deposits.push(start);
      }
      const next = { nextBlock: to + 1, lastBlockHash: range.lastHash };
      const result = { fromBlock: from, toBlock: to, found: transfers.length, behind: to < head };
      if (deposits.length > 0) return { ...result, pending: { deposits, cursor: next } };
      await commitCursor(chainId, next);
      return result;
    },

    /** Moves the scan cursor past a step whose deposit workflows the scanner workflow has started. */
    async commitScanCursor(chainId: number, cursor: ScanCursor): Promise<void> {
      await commitCursor(chainId, cursor);
    },
  };
}

export type ChainScanActivities = ReturnType<typeof createChainScanActivities>;
