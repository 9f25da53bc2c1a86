import { tronFromHex, tronHex } from '../adapters/tron-address';
import type { TronNode } from '../adapters/tron-node';
import { tronTransferLogs } from '../chain/tron-transfers';
import { NATIVE, scanRange, type Opening } from '../domain/reconcile';
import { inBatches } from './batches';
import { NATIVE_SCAN_MAX_BLOCKS } from './native-transfers';
import type { SeenTransfer } from './seen-transfers';

/** An asset whose balance differs from the books, with its opening: the transfers to name are after it. */
export interface Unexplained {
  opening: Opening;
  difference: bigint;
}

/**
 * TRX and TRC-20 transfers into and out of the bankroll that nothing in `known` (our transactions, recorded top-ups)
 * explains: the caller books those from a treasury source as top-ups and names the rest UNBOOKED_TRANSFER_IN / _OUT,
 * as on EVM. A TRON full node has no query by address (TronGrid's indexed API is not a node's), so blocks are read one
 * by one, newest first, up to NATIVE_SCAN_MAX_BLOCKS, and only for an asset whose balance differs from the books: a
 * balance that agrees has nothing to name.
 */
export async function bankrollTronTransfers(
  node: TronNode,
  bankroll: string,
  assets: Unexplained[],
  asOf: number,
  known: (txID: string) => boolean,
): Promise<SeenTransfer[]> {
  const wanted = assets
    .filter((a) => a.difference !== 0n)
    .map((a) => ({ asset: a.opening.asset, range: scanRange(a.opening.blockNumber, asOf, NATIVE_SCAN_MAX_BLOCKS) }))
    .filter((a): a is { asset: string; range: { from: number; to: number } } => a.range !== null);
  if (wanted.length === 0) return [];
  const from = Math.min(...wanted.map((w) => w.range.from));
  const inRange = (asset: string, block: number) => wanted.some((w) => w.asset === asset && block >= w.range.from);
  const trx = wanted.some((w) => w.asset === NATIVE);
  const tokens = wanted.some((w) => w.asset !== NATIVE);
  const me = tronHex(bankroll);
  const seen: SeenTransfer[] = [];
  const numbers = Array.from({ length: asOf - from + 1 }, (_, i) => asOf - i);
  await inBatches(numbers, async (n) => {
    if (trx && inRange(NATIVE, n)) {
      for (const tx of await node.blockTransactions(n)) {
        const c = tx.raw_data.contract[0];
        if (c?.type !== 'TransferContract' || tx.ret?.[0]?.contractRet !== 'SUCCESS' || known(tx.txID)) continue;
        const v = c.parameter.value as { owner_address?: string; to_address?: string; amount?: number };
        const [owner, to] = [String(v.owner_address ?? '').toLowerCase(), String(v.to_address ?? '').toLowerCase()];
        if ((owner !== me && to !== me) || !v.amount) continue;
        seen.push({
          kind: to === me ? 'UNBOOKED_TRANSFER_IN' : 'UNBOOKED_TRANSFER_OUT', asset: NATIVE, txHash: tx.txID, logIndex: -1, blockNumber: n,
          from: tronFromHex(owner), to: tronFromHex(to), value: BigInt(v.amount),
        });
      }
    }
    if (tokens) {
      for (const log of tronTransferLogs(await node.blockTxInfos(n))) {
        if (!inRange(log.token, n) || (log.from !== bankroll && log.to !== bankroll) || known(log.txHash)) continue;
        seen.push({
          kind: log.to === bankroll ? 'UNBOOKED_TRANSFER_IN' : 'UNBOOKED_TRANSFER_OUT', asset: log.token, txHash: log.txHash, logIndex: log.index,
          blockNumber: n, from: log.from, to: log.to, value: log.value,
        });
      }
    }
  });
  return seen;
}
