import type { Db } from '../adapters/db';
import type { TronNode } from '../adapters/tron-node';
import type { Movement } from '../domain/reconcile';
import { recordedTopUps } from '../store/treasury';
import { inBatches } from './batches';
import type { BankrollBooks } from './openings';
import type { Difference } from './report';

/**
 * Treasury top-ups on TRON (decision 0042, with the EVM rules of decision 0031: recorded once as deep as the chain's deposit
 * confirmations, booked for good at their row's amount). A TRON node has no query by sender, so they are found where
 * TRON's unbooked transfers are: in the blocks read when an asset's balance differs (tron-transfers.ts), then sorted
 * by topUpsAmong (top-ups.ts). A recorded top-up is booked from its row from then on, and checked to be still on
 * chain by its transaction's info.
 */

/** The instance's recorded top-ups up to `asOf`: booked movements, their txIDs, and the ones the chain no longer has. */
export async function recordedTronTopUps(db: Db, node: TronNode, key: BankrollBooks, asOf: number): Promise<{ movements: Movement[]; txIDs: Set<string>; differences: Difference[] }> {
  const rows = (await recordedTopUps(db, key)).filter((r) => r.blockNumber <= asOf);
  const infos = await inBatches(rows, (r) => node.txInfo(r.txHash));
  const differences: Difference[] = [];
  rows.forEach((r, i) => {
    if (infos[i]?.blockNumber === r.blockNumber) return;
    differences.push({ chainId: key.chainId, kind: 'TOP_UP_NOT_ON_CHAIN', asset: r.asset, txHash: r.txHash, logIndex: r.logIndex, amount: r.amount.toFixed(0), sourceId: r.sourceId });
  });
  return {
    movements: rows.map((r) => ({ asset: r.asset, raw: BigInt(r.amount.toFixed(0)), block: r.blockNumber, booked: true })),
    txIDs: new Set(rows.map((r) => r.txHash.toLowerCase())),
    differences,
  };
}
