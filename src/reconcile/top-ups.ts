import { zeroPadValue, type JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { ERC20, TRANSFER_TOPIC } from '../chain/erc20';
import { NATIVE, type Movement, type Opening } from '../domain/reconcile';
import { depthOf, topUpState, transferKey } from '../domain/treasury';
import { recordedTopUps, recordTopUps, sourceHistory, type NewTopUp } from '../store/treasury';
import type { BankrollBooks } from './openings';
import type { Difference } from './report';
import type { SeenTransfer } from './seen-transfers';

export interface TopUps {
  /** Every top-up mined after its asset's opening up to the block read: booked, or pending while too shallow. */
  movements: Movement[];
  /** The Transfer logs (transferKey) those are: explained, so not unbooked transfers in. */
  explained: Set<string>;
  /** The transactions of the recorded native top-ups (lower-cased): explained value transfers in. */
  nativeIn: Set<string>;
  differences: Difference[];
}

/**
 * The token transfers into the bankroll from the chain's treasury sources (removed ones included, for what they
 * sent while active), after each asset's opening up to `asOf`. A transfer from an active source is recorded once it
 * has `confirmations`; a recorded one stays booked. Native top-ups are not read here (no log names a value transfer):
 * the recorded ones are booked from their rows, new ones are found by topUpsAmong (decision 0042).
 */
export async function treasuryTopUps(db: Db, provider: JsonRpcProvider, key: BankrollBooks, openings: Opening[], asOf: number, confirmations: number): Promise<TopUps> {
  const read: TopUps = { movements: [], explained: new Set(), nativeIn: new Set(), differences: [] };
  const sources = await sourceHistory(db, key.chainId);
  if (sources.length === 0) return read;
  const active = new Map(sources.filter((s) => !s.removedAt).map((s) => [s.address.toLowerCase(), s]));
  const recorded = new Map((await recordedTopUps(db, key)).map((r) => [transferKey(r.txHash, r.logIndex), r]));
  const senders = [...new Set(sources.map((s) => zeroPadValue(s.address, 32)))];
  const toRecord: NewTopUp[] = [];
  for (const o of openings.filter((x) => x.asset !== NATIVE && x.blockNumber < asOf)) {
    const logs = await provider.getLogs({ address: o.asset, fromBlock: o.blockNumber + 1, toBlock: asOf, topics: [TRANSFER_TOPIC, senders, zeroPadValue(key.bankroll, 32)] });
    const seen = new Set<string>();
    for (const log of logs) {
      const k = transferKey(log.transactionHash, log.index);
      seen.add(k);
      const { args } = ERC20.parseLog(log)!;
      const row = recorded.get(k);
      const source = active.get(String(args.from).toLowerCase());
      const state = topUpState({ recorded: row !== undefined, fromActiveSource: source !== undefined, depth: depthOf(log.blockNumber, asOf), confirmations });
      if (state === 'UNBOOKED') continue;
      read.explained.add(k);
      // A recorded top-up counts what the books say it was; the balance check then catches a row that disagrees.
      const raw = row ? BigInt(row.amount.toFixed(0)) : (args.value as bigint);
      read.movements.push({ asset: o.asset, raw, block: log.blockNumber, booked: state !== 'PENDING' });
      if (state === 'RECORD') {
        toRecord.push({ ...key, sourceId: source!.id, asset: o.asset, txHash: log.transactionHash, logIndex: log.index, blockNumber: log.blockNumber, amount: raw });
      }
    }
    // A recorded top-up the chain no longer has (a reorganisation deeper than the confirmations) is named.
    for (const [k, r] of recorded) {
      if (r.asset !== o.asset || r.blockNumber <= o.blockNumber || r.blockNumber > asOf || seen.has(k)) continue;
      read.differences.push({ chainId: key.chainId, kind: 'TOP_UP_NOT_ON_CHAIN', asset: r.asset, txHash: r.txHash, logIndex: r.logIndex, amount: r.amount.toFixed(0), sourceId: r.sourceId });
    }
  }
  // A native top-up has no log: it is found in the blocks read when the native balance differs (topUpsAmong), then
  // booked from its row, checked by its receipt.
  for (const r of recorded.values()) {
    if (r.asset !== NATIVE || r.blockNumber > asOf) continue;
    read.nativeIn.add(r.txHash.toLowerCase());
    read.movements.push({ asset: NATIVE, raw: BigInt(r.amount.toFixed(0)), block: r.blockNumber, booked: true });
    const receipt = await provider.getTransactionReceipt(r.txHash);
    if (receipt?.blockNumber === r.blockNumber && receipt.status === 1) continue;
    read.differences.push({ chainId: key.chainId, kind: 'TOP_UP_NOT_ON_CHAIN', asset: r.asset, txHash: r.txHash, logIndex: r.logIndex, amount: r.amount.toFixed(0), sourceId: r.sourceId });
  }
  await recordTopUps(db, toRecord);
  return read;
}

/**
 * Of the transfers read from blocks that no record explains (seen-transfers.ts), those into the bankroll from an
 * active source: recorded once as deep as `confirmations`, pending movements before. Answers their movements and their
 * keys (transferKey), so the caller reports the rest as unbooked.
 */
export async function topUpsAmong(db: Db, key: BankrollBooks, seen: SeenTransfer[], asOf: number, confirmations: number): Promise<{ movements: Movement[]; keys: Set<string> }> {
  const into = seen.filter((t) => t.kind === 'UNBOOKED_TRANSFER_IN');
  const found = { movements: [] as Movement[], keys: new Set<string>() };
  if (into.length === 0) return found;
  // Both forms compare exactly: EIP-55 as ethers answers it and as sources are stored; base58 is case-sensitive.
  const active = new Map((await sourceHistory(db, key.chainId)).filter((s) => !s.removedAt).map((s) => [s.address, s]));
  const toRecord: NewTopUp[] = [];
  for (const t of into) {
    const source = active.get(t.from);
    const state = topUpState({ recorded: false, fromActiveSource: source !== undefined, depth: depthOf(t.blockNumber, asOf), confirmations });
    if (state === 'UNBOOKED') continue;
    found.keys.add(transferKey(t.txHash, t.logIndex));
    found.movements.push({ asset: t.asset, raw: t.value, block: t.blockNumber, booked: state === 'RECORD' });
    if (state === 'RECORD') {
      toRecord.push({ ...key, sourceId: source!.id, asset: t.asset, txHash: t.txHash, logIndex: t.logIndex, blockNumber: t.blockNumber, amount: t.value });
    }
  }
  await recordTopUps(db, toRecord);
  return found;
}
