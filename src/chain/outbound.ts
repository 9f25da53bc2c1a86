import { Transaction, type JsonRpcProvider, type TransactionReceipt } from 'ethers';
import type { Db } from '../adapters/db';
import type { OutboundTx } from '../generated/prisma/client';
import { bumpedFees, type Fees } from '../domain/fee-bump';
import { networkFees, poolMinimumTip, sendRaw } from './evm-node';
import { headReaching } from './head';
import { addCandidate, followCandidate, markBroadcast, markStuck, settleRow, withCandidates } from '../store/outbound-txs';
import type { FeePolicy } from './fee-policy';
import { GAP_REPAIR_AFTER_MS } from './signing';
import type { TxSigner } from './signer';

/** Broadcasts the stored (newest) bytes; a re-broadcast of a transaction the node already has is not an error. */
export async function broadcastStored(db: Db, provider: JsonRpcProvider, stored: OutboundTx): Promise<void> {
  await sendRaw(provider, stored.rawTx);
  if (stored.status === 'SIGNED') await markBroadcast(db, [stored.id]);
}

/**
 * Where an outbound transaction stands. Final states wait for `required` confirmations of the mined candidate, a
 * revert included (a reorg can still undo it before then). DROPPED: its nonce went to a transaction that is none of
 * ours; RETIRED: signed for a chain instance that no longer exists. Neither moved any value.
 */
export type Settlement =
  | { state: 'PENDING'; txHash: string; confirmations: number; stuck: boolean }
  | { state: 'CONFIRMED' | 'REVERTED'; txHash: string; blockNumber: number; confirmations: number }
  | { state: 'DROPPED' | 'RETIRED'; txHash: string };

/**
 * One reconciliation step of a stored transaction, by nonce: whichever candidate is mined is the transaction (the
 * stored hash follows it). While none is, the newest candidate is re-broadcast, or replaced by the same transfer at
 * the same nonce with higher fees (within the ceiling) when the chain's base fee has passed it or it is stuck.
 */
export async function settleOutbound(db: Db, provider: JsonRpcProvider, purpose: string, signer: TxSigner, required: number, policy: FeePolicy, seen?: Receipt): Promise<Settlement> {
  const stored = await withCandidates(db, purpose);
  if (stored.status === 'RETIRED' || stored.status === 'DROPPED') return { state: stored.status, txHash: stored.txHash };
  const mined = await minedCandidate(provider, stored.candidates, seen);
  if (mined) {
    if (mined.txHash !== stored.txHash) await followCandidate(db, stored.id, mined);
    // A receipt is one confirmation: where one is enough (sweeps), the head is not read.
    const confirmations = required <= 1 ? 1 : (await headReaching(db, provider, stored.chainId, mined.blockNumber + required - 1)) - mined.blockNumber + 1;
    if (confirmations < required) return { state: 'PENDING', txHash: mined.txHash, confirmations, stuck: false };
    const ok = mined.status === 1;
    await settleRow(db, stored.id, { status: ok ? 'CONFIRMED' : 'FAILED', blockNumber: mined.blockNumber });
    return { state: ok ? 'CONFIRMED' : 'REVERTED', txHash: mined.txHash, blockNumber: mined.blockNumber, confirmations };
  }
  if ((await provider.getTransactionCount(stored.fromAddress, 'latest')) > stored.nonce) {
    // Mined between the two reads, or the nonce went elsewhere: only a second look at the candidates tells.
    if (!(await minedCandidate(provider, stored.candidates))) {
      await settleRow(db, stored.id, { status: 'DROPPED' });
      return { state: 'DROPPED', txHash: stored.txHash };
    }
    return { state: 'PENDING', txHash: stored.txHash, confirmations: 0, stuck: false };
  }
  const stuck = Date.now() - stored.createdAt.getTime() >= policy.stuckAfterMs;
  if (stuck && !stored.stuckAt) await markStuck(db, stored.id);
  const newest = stored.candidates.at(-1)!;
  const newestAgeMs = Date.now() - newest.createdAt.getTime();
  // Replaced when the chain's base fee has passed it, or when it, too, sat unmined for the stuck threshold.
  const due = newestAgeMs >= policy.stuckAfterMs;
  let replacement = await replacementFor(provider, newest.rawTx, due, policy.ceilingWei);
  if (!replacement) {
    // Sent by its workflow moments ago, it is in the node's pool: sending it on every poll would only load the node
    // (and a paid RPC's quota). After GAP_REPAIR_AFTER_MS it is sent again each poll, in case the node lost it.
    if (stored.status !== 'SIGNED' && newestAgeMs < GAP_REPAIR_AFTER_MS) return { state: 'PENDING', txHash: stored.txHash, confirmations: 0, stuck };
    const minimumTip = await broadcastStored(db, provider, stored).then(() => null, (err: unknown) => {
      const tip = poolMinimumTip(err);
      if (tip === null) throw err;
      return tip;
    });
    // Refused for a tip under the pool's minimum: replaced now at that minimum, rather than left to bumps of a tip
    // the node keeps suggesting below it.
    if (minimumTip !== null) replacement = await replacementFor(provider, newest.rawTx, true, policy.ceilingWei, minimumTip);
    if (!replacement) return { state: 'PENDING', txHash: stored.txHash, confirmations: 0, stuck };
  }
  const t = Transaction.from(newest.rawTx);
  const rawTx = await signer.signTransaction({ type: 2, chainId: t.chainId, nonce: t.nonce, to: t.to, data: t.data, value: t.value, gasLimit: t.gasLimit, ...replacement });
  const txHash = Transaction.from(rawTx).hash!;
  // The candidate is stored before it is sent: a crash here leaves a known hash, never an unknown one.
  await addCandidate(db, stored.id, { txHash, rawTx, maxFeePerGas: replacement.maxFeePerGas });
  await sendRaw(provider, rawTx);
  return { state: 'PENDING', txHash, confirmations: 0, stuck };
}

/** A receipt the caller read moments before: its candidate is not asked for again. */
export type Receipt = Pick<TransactionReceipt, 'hash' | 'blockNumber' | 'status'>;

async function minedCandidate(provider: JsonRpcProvider, candidates: Array<{ txHash: string; rawTx: string }>, seen?: Receipt) {
  for (const c of candidates) {
    const receipt = seen?.hash === c.txHash ? seen : await provider.getTransactionReceipt(c.txHash);
    if (receipt) return { txHash: c.txHash, rawTx: c.rawTx, blockNumber: receipt.blockNumber, status: receipt.status };
  }
  return null;
}

/**
 * The fees of a replacement for the newest candidate, or null when it should stand (or the ceiling allows no bump).
 * `minimumTip`: the pool's minimum as its refusal named it, taken as the network's tip (and added to its fee cap).
 */
async function replacementFor(provider: JsonRpcProvider, newestRawTx: string, due: boolean, ceilingWei: bigint, minimumTip = 0n): Promise<Fees | null> {
  const signed = Transaction.from(newestRawTx);
  const current = { maxFeePerGas: signed.maxFeePerGas ?? 0n, maxPriorityFeePerGas: signed.maxPriorityFeePerGas ?? 0n };
  const block = await provider.getBlock('latest');
  const baseFee = block?.baseFeePerGas ?? 0n;
  if (current.maxFeePerGas >= baseFee && !due) return null;
  const network = await networkFees(provider);
  const tipRise = minimumTip > network.maxPriorityFeePerGas ? minimumTip - network.maxPriorityFeePerGas : 0n;
  return bumpedFees(current, { maxFeePerGas: network.maxFeePerGas + tipRise, maxPriorityFeePerGas: network.maxPriorityFeePerGas + tipRise }, ceilingWei);
}
