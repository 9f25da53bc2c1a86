import type { TronNode, TronTxInfo } from '../adapters/tron-node';
import { findTransfer, transferOrdinal, type TransferLog, type TransferSighting } from '../domain/deposit-confirmation';
import { TRANSFER_TOPIC } from './erc20';
import { tronFromHex } from '../adapters/tron-address';
import type { WatchedTransfer } from '../domain/deposit-confirmation';
import type { DetectedTransfer } from './transfer-sighting';

const TOPIC = TRANSFER_TOPIC.slice(2);

/** The TRC-20 Transfer logs of a block's (or one transaction's) infos, base58 addresses, `index` counted across them. */
export function tronTransferLogs(infos: readonly TronTxInfo[]): Array<TransferLog & { from: string }> {
  const out: Array<TransferLog & { from: string }> = [];
  let index = 0;
  for (const info of infos) {
    for (const log of info.log ?? []) {
      const at = index++;
      if (log.topics[0]?.toLowerCase() !== TOPIC || log.topics.length !== 3 || !log.data) continue;
      out.push({ txHash: info.id, index: at, token: tronFromHex(log.address), from: tronFromHex(log.topics[1]!.slice(24)), to: tronFromHex(log.topics[2]!.slice(24)), value: BigInt('0x' + log.data.slice(0, 64)) });
    }
  }
  return out;
}

/**
 * TRC-20 transfers into our addresses in block `num` of a TRON chain, from active tokens only. `ours` is asked only
 * about the recipients the block shows, so the cost follows the chain's traffic, not the number of our addresses.
 * Transfers sent by `bankroll` are our own payouts (a player may withdraw to their own deposit address), never deposits.
 */
export async function tronBlockTransfers(
  node: TronNode,
  chainId: number,
  num: number,
  tokens: ReadonlySet<string>,
  ours: (recipients: string[]) => Promise<ReadonlySet<string>>,
  bankroll: string,
): Promise<DetectedTransfer[]> {
  const block = await node.block(num);
  // A node behind a load balancer may lack a block its head includes: read it again later, never skip it.
  if (!block) throw new Error(`TRON block ${num} not available yet`);
  const logs = tronTransferLogs(await node.blockTxInfos(num));
  const candidates = logs.filter((l) => tokens.has(l.token) && l.value > 0n && l.from !== bankroll);
  if (candidates.length === 0) return [];
  const mine = await ours([...new Set(candidates.map((l) => l.to))]);
  return candidates
    .filter((l) => mine.has(l.to))
    .map((l) => ({ chainId, txHash: l.txHash, logIndex: l.index, blockNumber: num, blockHash: block.blockID, to: l.to, tokenAddress: l.token, raw: l.value, ordinal: transferOrdinal(logs, l) }));
}

/** Where the chain has a deposit's transfer now, from its transaction's info (TRON's receipt). */
export async function sightTronTransfer(node: TronNode, t: WatchedTransfer): Promise<TransferSighting> {
  const info = await node.txInfo(t.txHash);
  if (!info) return { state: 'ABSENT' };
  if (info.result === 'FAILED' || (info.receipt.result && info.receipt.result !== 'SUCCESS')) return { state: 'VOID', blockNumber: info.blockNumber, reason: 'REVERTED' };
  const want = { txHash: t.txHash, token: t.tokenAddress ?? '', to: t.to, value: t.raw };
  if (!t.tokenAddress || !findTransfer(tronTransferLogs([info]), want, t.ordinal)) return { state: 'VOID', blockNumber: info.blockNumber, reason: 'TRANSFER_MISSING' };
  const block = await node.block(info.blockNumber);
  if (!block) return { state: 'ABSENT' };
  return { state: 'INCLUDED', blockNumber: info.blockNumber, blockHash: block.blockID };
}
