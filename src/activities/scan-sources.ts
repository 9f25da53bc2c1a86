import { heartbeat } from '@temporalio/activity';
import { getAddress, type JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { ERC20, TRANSFER_TOPIC } from '../chain/erc20';
import { transferLogs, type DetectedTransfer } from '../chain/transfer-sighting';
import { tronBlockTransfers } from '../chain/tron-transfers';
import type { TronNode } from '../adapters/tron-node';
import { transferOrdinal, type TransferLog } from '../domain/deposit-confirmation';

// What the chain scanner (chain-scan.ts) reads of a chain, EVM or TRON, one range of blocks at a time.

/**
 * Token Transfer logs and native transfers in [from, to] whose recipient is one of our deposit addresses. Only the
 * recipients seen in the range are looked up: the cost of a step follows the chain's traffic, not our user count.
 */
async function findTransfers(p: JsonRpcProvider, db: Db, chainId: number, from: number, to: number, bankroll: string): Promise<RangeRead> {
  const tokens = await db.token.findMany({ where: { chainId, active: true }, select: { address: true } });
  const seen: DetectedTransfer[] = [];
  let all: TransferLog[] = [];
  if (tokens.length) {
    const logs = await p.getLogs({ fromBlock: from, toBlock: to, address: tokens.map((t) => t.address), topics: [TRANSFER_TOPIC] });
    all = transferLogs(logs);
    for (const log of logs) {
      const parsed = ERC20.parseLog(log);
      if (!parsed || parsed.args.value === 0n || String(parsed.args.from).toLowerCase() === bankroll) continue;
      seen.push({
        chainId, txHash: log.transactionHash, logIndex: log.index, blockNumber: log.blockNumber, blockHash: log.blockHash,
        to: getAddress(parsed.args.to as string), tokenAddress: getAddress(log.address), raw: parsed.args.value as bigint, ordinal: 0,
      });
    }
  }
  const hashes = { parentHash: '', lastHash: '' };
  for (let n = from; n <= to; n++) {
    // One heartbeat a block: a step cut off by a killed worker is retried within the heartbeat timeout.
    heartbeat(n);
    const block = await p.getBlock(n, true);
    // A node behind a load balancer may not have a block the head it reported includes: read it again later, never skip it.
    if (!block) throw new Error(`block ${n} not available yet`);
    if (n === from) hashes.parentHash = block.parentHash;
    hashes.lastHash = block.hash!;
    for (const tx of block.prefetchedTransactions) {
      if (tx.to && tx.value > 0n && tx.from.toLowerCase() !== bankroll) {
        seen.push({ chainId, txHash: tx.hash, logIndex: -1, blockNumber: n, blockHash: block.hash!, to: getAddress(tx.to), tokenAddress: null, raw: tx.value, ordinal: 0 });
      }
    }
  }
  if (seen.length === 0) return { transfers: [], ...hashes };
  const recipients = [...new Set(seen.map((t) => t.to))];
  const ours = new Set((await db.depositAddress.findMany({ where: { address: { in: recipients } }, select: { address: true } })).map((a) => a.address));
  const transfers = seen
    .filter((t) => ours.has(t.to))
    .map((t) => (t.tokenAddress ? { ...t, ordinal: transferOrdinal(all, { txHash: t.txHash, index: t.logIndex, token: t.tokenAddress, to: t.to, value: t.raw }) } : t));
  return { transfers, ...hashes };
}

/**
 * What a range's read found, with the hash its first block names as parent and its last block's hash: the reorg check
 * and the next cursor come from the blocks read anyway (two calls a step fewer than reading those hashes on their own).
 */
export interface RangeRead {
  transfers: DetectedTransfer[];
  parentHash: string | null;
  lastHash: string | null;
}

/** What one scan step reads of a chain: EVM through its JSON-RPC provider, TRON through its full-node API. */
export interface ScanSource {
  head(): Promise<number>;
  read(from: number, to: number): Promise<RangeRead>;
}

export function evmSource(p: JsonRpcProvider, db: Db, chainId: number, bankroll: string): ScanSource {
  return {
    head: () => p.getBlockNumber(),
    read: (from, to) => findTransfers(p, db, chainId, from, to, bankroll),
  };
}

/** TRC-20 deposits only (native TRX deposits are not taken): Transfer logs of active tokens into TRON deposit addresses. */
export function tronSource(node: TronNode, db: Db, chainId: number, bankroll: string): ScanSource {
  const blockHash = async (n: number) => (await node.block(n))?.blockID ?? null;
  return {
    head: () => node.headNumber(),
    async read(from, to) {
      const tokens = new Set((await db.token.findMany({ where: { chainId, active: true }, select: { address: true } })).map((t) => t.address));
      const ours = async (recipients: string[]) =>
        new Set((await db.depositAddress.findMany({ where: { tronAddress: { in: recipients } }, select: { tronAddress: true } })).map((a) => a.tronAddress!));
      const found: DetectedTransfer[] = [];
      for (let n = from; n <= to; n++) {
        heartbeat(n);
        found.push(...(await tronBlockTransfers(node, chainId, n, tokens, ours, bankroll)));
      }
      return { transfers: found, parentHash: from > 0 ? await blockHash(from - 1) : null, lastHash: await blockHash(to) };
    },
  };
}
