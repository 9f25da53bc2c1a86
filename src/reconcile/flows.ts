import { Transaction, type JsonRpcProvider, type TransactionReceipt } from 'ethers';
import type { Db } from '../adapters/db';
import { dustSweepPurpose, payoutPurpose, PURPOSE, purposeSubject, sweepPurpose, treasuryPurpose, type PurposeKind } from '../domain/keys';
import { NATIVE, type Movement } from '../domain/reconcile';
import type { OutboundTx, OutboundTxCandidate } from '../generated/prisma/client';
import { inBatches } from './batches';
import type { BankrollBooks } from './openings';

export interface PendingTx {
  purpose: string;
  txHash: string;
  status: string;
  /** Mined (up to the block read) but not yet final in our records. */
  mined: boolean;
}

export interface BankrollFlows {
  movements: Movement[];
  pending: PendingTx[];
  /** Hashes of the mined payouts, treasury sends and sweeps: the bankroll's token transfers out and in that the books explain. */
  explainedOut: Set<string>;
  explainedIn: Set<string>;
}

type Row = OutboundTx & { candidates: OutboundTxCandidate[] };

/** Whichever candidate of a stored transaction is mined (the stored hash first), with its signed bytes. */
async function minedCandidate(provider: JsonRpcProvider, row: Row): Promise<{ receipt: TransactionReceipt; rawTx: string } | null> {
  const candidates = [{ txHash: row.txHash, rawTx: row.rawTx }, ...row.candidates.filter((c) => c.txHash !== row.txHash)];
  for (const c of candidates) {
    const receipt = await provider.getTransactionReceipt(c.txHash);
    if (receipt) return { receipt, rawTx: c.rawTx };
  }
  return null;
}

/**
 * Every movement of the bankroll our records explain, for one chain instance, as of block `asOf`: each mined
 * transaction the bankroll sent costs its gas (reverted ones included), a payout its withdrawal's amount, a treasury
 * send its amount of its asset (a token or the native coin), a gas
 * top-up its value, and a sweep brings its deposit's net amount (an aggregate dust sweep its claimed dust). Amounts come from the business rows (the books);
 * whether and where they were mined comes from the chain. Booked = final in our records (CONFIRMED or FAILED).
 */
export async function bankrollFlows(db: Db, provider: JsonRpcProvider, key: BankrollBooks, asOf: number): Promise<BankrollFlows> {
  const rows = await db.outboundTx.findMany({
    where: {
      chainId: key.chainId, genesisHash: key.genesisHash, status: { not: 'RETIRED' },
      OR: [{ fromAddress: key.bankroll }, { purpose: { startsWith: PURPOSE.sweep } }, { purpose: { startsWith: PURPOSE.dustSweep } }],
    },
    include: { candidates: true },
    orderBy: { createdAt: 'asc' },
  });
  const ids = (kind: PurposeKind) => rows.filter((r) => r.purpose.startsWith(PURPOSE[kind])).map((r) => purposeSubject(kind, r.purpose));
  const [withdrawals, sends, deposits, dustSweeps] = await Promise.all([
    db.withdrawal.findMany({ where: { id: { in: ids('payout') } }, select: { id: true, tokenAddress: true, cryptoAmountRaw: true } }),
    db.treasuryTransfer.findMany({ where: { id: { in: ids('treasury') } }, select: { id: true, asset: true, amountRaw: true } }),
    db.deposit.findMany({ where: { id: { in: ids('sweep').map(BigInt) } }, select: { id: true, tokenAddress: true, amount: true } }),
    db.dustSweep.findMany({ where: { id: { in: ids('dustSweep').map(BigInt) } }, select: { id: true, tokenAddress: true, amount: true } }),
  ]);
  // What leaves the bankroll to someone else: a withdrawal's payout, or a treasury send to a cold address.
  const outOf = new Map<string, { asset: string; raw: bigint }>([
    ...withdrawals.map((w) => [payoutPurpose(w.id), { asset: w.tokenAddress, raw: BigInt(w.cryptoAmountRaw?.toFixed(0) ?? '0') }] as const),
    ...sends.map((t) => [treasuryPurpose(t.id), { asset: t.asset, raw: BigInt(t.amountRaw.toFixed(0)) }] as const),
  ]);
  // A deposit's sweep brings its net amount; an aggregate dust sweep the whole dust it claimed.
  const sweepOf = new Map<string, { tokenAddress: string | null; amount: { toFixed(dp: number): string } | null }>([
    ...deposits.map((d) => [sweepPurpose(d.id), d] as const),
    ...dustSweeps.map((s) => [dustSweepPurpose(s.id), s] as const),
  ]);
  const flows: BankrollFlows = { movements: [], pending: [], explainedOut: new Set(), explainedIn: new Set() };
  const mined = await inBatches(rows, (row) => minedCandidate(provider, row));
  rows.forEach((row, i) => {
    const m = mined[i]!;
    const booked = row.status === 'CONFIRMED' || row.status === 'FAILED';
    if (!m && row.status === 'DROPPED') return; // final, and none of its candidates moved anything
    if (!m || m.receipt.blockNumber > asOf) {
      flows.pending.push({ purpose: row.purpose, txHash: row.txHash, status: row.status, mined: false });
      return;
    }
    if (!booked) flows.pending.push({ purpose: row.purpose, txHash: m.receipt.hash, status: row.status, mined: true });
    const at = { block: m.receipt.blockNumber, booked };
    if (row.fromAddress.toLowerCase() === key.bankroll.toLowerCase()) flows.movements.push({ asset: NATIVE, raw: -m.receipt.fee, ...at });
    if (m.receipt.status !== 1) return;
    const out = outOf.get(row.purpose);
    const sweep = sweepOf.get(row.purpose);
    if (out) {
      flows.movements.push({ asset: out.asset, raw: -out.raw, ...at });
      flows.explainedOut.add(m.receipt.hash.toLowerCase());
    } else if (sweep) {
      flows.movements.push({ asset: sweep.tokenAddress ?? NATIVE, raw: BigInt(sweep.amount?.toFixed(0) ?? '0'), ...at });
      flows.explainedIn.add(m.receipt.hash.toLowerCase());
    } else if (row.purpose.startsWith(PURPOSE.gas) || row.purpose.startsWith(PURPOSE.dustGas)) {
      flows.movements.push({ asset: NATIVE, raw: -Transaction.from(m.rawTx).value, ...at });
    }
  });
  return flows;
}
