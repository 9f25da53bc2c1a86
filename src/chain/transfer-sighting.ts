import type { JsonRpcProvider, Log } from 'ethers';
import { findTransfer, type TransferLog, type TransferSighting, type WatchedTransfer } from '../domain/deposit-confirmation';
import { ERC20, TRANSFER_TOPIC } from './erc20';

/** A transfer into one of our deposit addresses, as the scanner found it on chain. */
export interface DetectedTransfer {
  chainId: number;
  txHash: string;
  /** The Transfer log's index in its block; -1 for a native transfer. */
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  to: string;
  /** null for the native asset. */
  tokenAddress: string | null;
  raw: bigint;
  /** Which of the transaction's transfers with this token, recipient and amount it is (0 for a native transfer). */
  ordinal: number;
}

/** The ERC-20 Transfer logs among `logs` (other events and undecodable logs are skipped). */
export function transferLogs(logs: readonly Log[]): TransferLog[] {
  const out: TransferLog[] = [];
  for (const log of logs) {
    if (log.topics[0] !== TRANSFER_TOPIC) continue;
    const parsed = ERC20.parseLog(log);
    if (!parsed) continue;
    out.push({ txHash: log.transactionHash, index: log.index, token: log.address, to: String(parsed.args.to), value: parsed.args.value as bigint });
  }
  return out;
}

/** Where the canonical chain has the transfer now, read from its transaction's receipt. */
export async function sightTransfer(p: JsonRpcProvider, t: WatchedTransfer): Promise<TransferSighting> {
  const receipt = await p.getTransactionReceipt(t.txHash);
  if (!receipt) return { state: 'ABSENT' };
  if (receipt.status !== 1) return { state: 'VOID', blockNumber: receipt.blockNumber, reason: 'REVERTED' };
  // A native deposit is the transaction's own value, fixed by its signature; a token transfer is a log that a
  // re-executed transaction may no longer emit.
  if (t.tokenAddress) {
    const want = { txHash: t.txHash, token: t.tokenAddress, to: t.to, value: t.raw };
    if (!findTransfer(transferLogs(receipt.logs), want, t.ordinal)) {
      return { state: 'VOID', blockNumber: receipt.blockNumber, reason: 'TRANSFER_MISSING' };
    }
  }
  return { state: 'INCLUDED', blockNumber: receipt.blockNumber, blockHash: receipt.blockHash };
}
