import type { TronNode, TronTxInfo } from '../adapters/tron-node';
import { tronTransferLogs } from '../chain/tron-transfers';
import type { SeenTransfersOf } from './deposits';
import type { PayoutReceiptOf } from './payouts';

/** SUCCESS, or no receipt result at all (a plain TRX transfer). */
export const tronSucceeded = (info: TronTxInfo) => info.result !== 'FAILED' && (info.receipt.result === undefined || info.receipt.result === 'SUCCESS');

/** A TRON transaction's info (TRON's receipt) as payoutProblem reads it; TRC-20 Transfer logs with base58 addresses. */
export const tronPayoutReceipts = (node: TronNode): PayoutReceiptOf => async (txID) => {
  const info = await node.txInfo(txID);
  return info && { status: tronSucceeded(info) ? 1 : 0, transfers: tronTransferLogs([info]) };
};

/**
 * A TRON deposit's transfer as depositTransferMatches reads it: its TRC-20 Transfer logs, indexed across its block's
 * infos as the scanner indexed them (native TRX is not taken as a deposit on TRON).
 */
export const tronSeenTransfers = (node: TronNode): SeenTransfersOf => async (txID) => {
  const info = await node.txInfo(txID);
  if (!info || !tronSucceeded(info)) return [];
  return tronTransferLogs(await node.blockTxInfos(info.blockNumber))
    .filter((l) => l.txHash === info.id)
    .map((l) => ({ kind: 'token' as const, logIndex: l.index, log: { token: l.token, from: l.from, to: l.to, value: l.value } }));
};
