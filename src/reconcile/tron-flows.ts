import type { Db } from '../adapters/db';
import type { TronNode, TronTx } from '../adapters/tron-node';
import { dustSweepPurpose, payoutPurpose, PURPOSE, purposeSubject, sweepPurpose, treasuryPurpose, type PurposeKind } from '../domain/keys';
import { NATIVE } from '../domain/reconcile';
import { inBatches } from './batches';
import type { BankrollFlows } from './flows';
import type { BankrollBooks } from './openings';
import { tronSucceeded } from './tron-receipts';


/** The TRX a signed transaction sends (a TransferContract's amount, in sun); 0 for a contract call. */
function trxSent(rawTx: string): bigint {
  const contract = (JSON.parse(rawTx) as TronTx).raw_data.contract[0];
  return contract?.type === 'TransferContract' ? BigInt(String(contract.parameter.value.amount ?? 0)) : 0n;
}

/**
 * bankrollFlows for a TRON chain instance: the bankroll pays every fee its transactions burned (the info's `fee`:
 * energy, bandwidth, an account's activation), a payout or a treasury send its amount (its row's), any other TRX it
 * sent its amount (a sweep's TRX for fees); a sweep brings its deposit's net amount. TRON has no fee bumps, so a
 * row's one txID is the transaction. `ours` holds every txID of the instance's rows that is in a block, whoever sent it.
 */
export async function tronBankrollFlows(db: Db, node: TronNode, key: BankrollBooks, asOf: number): Promise<BankrollFlows & { ours: Set<string> }> {
  const rows = await db.outboundTx.findMany({
    where: {
      chainId: key.chainId, genesisHash: key.genesisHash, status: { not: 'RETIRED' },
      OR: [{ fromAddress: key.bankroll }, { purpose: { startsWith: PURPOSE.sweep } }, { purpose: { startsWith: PURPOSE.dustSweep } }],
    },
    orderBy: { createdAt: 'asc' },
  });
  const ids = (kind: PurposeKind) => rows.filter((r) => r.purpose.startsWith(PURPOSE[kind])).map((r) => purposeSubject(kind, r.purpose));
  const [withdrawals, sends, deposits, dustSweeps] = await Promise.all([
    db.withdrawal.findMany({ where: { id: { in: ids('payout') } }, select: { id: true, tokenAddress: true, cryptoAmountRaw: true } }),
    db.treasuryTransfer.findMany({ where: { id: { in: ids('treasury') } }, select: { id: true, asset: true, amountRaw: true } }),
    db.deposit.findMany({ where: { id: { in: ids('sweep').map(BigInt) } }, select: { id: true, tokenAddress: true, amount: true } }),
    db.dustSweep.findMany({ where: { id: { in: ids('dustSweep').map(BigInt) } }, select: { id: true, tokenAddress: true, amount: true } }),
  ]);
  // What leaves the bankroll to someone else: a withdrawal's payout, or a treasury send (TRX or a token) to cold storage.
  const outOf = new Map<string, { asset: string; raw: bigint }>([
    ...withdrawals.map((w) => [payoutPurpose(w.id), { asset: w.tokenAddress, raw: BigInt(w.cryptoAmountRaw?.toFixed(0) ?? '0') }] as const),
    ...sends.map((t) => [treasuryPurpose(t.id), { asset: t.asset, raw: BigInt(t.amountRaw.toFixed(0)) }] as const),
  ]);
  const sweepOf = new Map<string, { tokenAddress: string | null; amount: { toFixed(dp: number): string } | null }>([
    ...deposits.map((d) => [sweepPurpose(d.id), d] as const),
    ...dustSweeps.map((s) => [dustSweepPurpose(s.id), s] as const),
  ]);
  const flows = { movements: [], pending: [], explainedOut: new Set<string>(), explainedIn: new Set<string>(), ours: new Set<string>() } as BankrollFlows & { ours: Set<string> };
  const infos = await inBatches(rows, (row) => node.txInfo(row.txHash));
  rows.forEach((row, i) => {
    const info = infos[i];
    const booked = row.status === 'CONFIRMED' || row.status === 'FAILED';
    if (!info && row.status === 'DROPPED') return; // expired unmined: it moved nothing
    if (!info || info.blockNumber > asOf) {
      flows.pending.push({ purpose: row.purpose, txHash: row.txHash, status: row.status, mined: false });
      return;
    }
    const hash = row.txHash.toLowerCase();
    flows.ours.add(hash);
    if (!booked) flows.pending.push({ purpose: row.purpose, txHash: row.txHash, status: row.status, mined: true });
    const at = { block: info.blockNumber, booked };
    const fromBankroll = row.fromAddress === key.bankroll;
    if (fromBankroll) flows.movements.push({ asset: NATIVE, raw: -BigInt(info.fee ?? 0), ...at });
    if (!tronSucceeded(info)) return;
    const out = outOf.get(row.purpose);
    const sweep = sweepOf.get(row.purpose);
    if (out) {
      flows.movements.push({ asset: out.asset, raw: -out.raw, ...at });
      flows.explainedOut.add(hash);
    } else if (sweep) {
      flows.movements.push({ asset: sweep.tokenAddress ?? NATIVE, raw: BigInt(sweep.amount?.toFixed(0) ?? '0'), ...at });
      flows.explainedIn.add(hash);
    } else if (fromBankroll) {
      flows.movements.push({ asset: NATIVE, raw: -trxSent(row.rawTx), ...at });
    }
  });
  return flows;
}
