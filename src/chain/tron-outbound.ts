import type { Db } from '../adapters/db';
import { TronNodeError, type TronNode } from '../adapters/tron-node';
import type { OutboundTx } from '../generated/prisma/client';
import { markBroadcastOne, outboundByPurpose, outboundOf, settleRow, tronSigningSection } from '../store/outbound-txs';
import type { Settlement } from './outbound';
import type { TronSigner } from './signer';
import { TRON_TX_LIFETIME_MS } from './tron-fees';
import { refBlockOf, type RefBlock, type TronTx } from './tron-tx';

/**
 * Sign once on TRON (DESIGN invariant 2, as `signOnce` on EVM): the signed transaction (its JSON, which the node's
 * broadcast takes) and its txID are stored before anything is broadcast; asked again for the same purpose, the stored
 * one comes back. TRON has no nonce: a transaction names a recent block and expires (TRON_TX_LIFETIME_MS). The
 * `nonce` column holds a per-sender sequence so the (chain, instance, sender, nonce) key stays unique.
 */
export async function signOnceTron(db: Db, node: TronNode, req: { chainId: number; purpose: string; signer: TronSigner; build: (ref: RefBlock) => TronTx }): Promise<OutboundTx> {
  const existing = await outboundByPurpose(db, req.purpose);
  if (existing) return existing;
  const ref = refBlockOf(await node.nowBlock(), TRON_TX_LIFETIME_MS);
  return tronSigningSection(db, { chainId: req.chainId, from: req.signer.address, purpose: req.purpose }, async () => {
    const signed = await req.signer.sign(req.build(ref));
    return { rawTx: JSON.stringify(signed), txHash: signed.txID };
  });
}

/** Broadcasts the stored bytes; the node already holding them (a re-broadcast after a crash) is not an error. */
export async function broadcastStoredTron(db: Db, node: TronNode, stored: OutboundTx): Promise<void> {
  const answer = await node.broadcast(JSON.parse(stored.rawTx) as TronTx);
  // An expired transaction is left to settleTron, which drops it once the node's clock is past its expiration.
  if (!answer.ok && answer.code !== 'DUP_TRANSACTION_ERROR' && answer.code !== 'TRANSACTION_EXPIRATION_ERROR') {
    throw new TronNodeError(`TRON node refused transaction ${stored.txHash}: ${answer.code} ${answer.message.slice(0, 120)}`);
  }
  if (stored.status === 'SIGNED') await markBroadcastOne(db, stored.id);
}

/**
 * One settlement step: in a block, the transaction is final after `required` blocks on top (SUCCESS, or REVERTED
 * for any other receipt result: OUT_OF_ENERGY, REVERT). In none and past its expiration, it never can be: DROPPED.
 * Otherwise it is broadcast again.
 */
export async function settleTron(db: Db, node: TronNode, purpose: string, required: number): Promise<Settlement> {
  const stored = await outboundOf(db, purpose);
  if (stored.status === 'RETIRED' || stored.status === 'DROPPED') return { state: stored.status, txHash: stored.txHash };
  const info = await node.txInfo(stored.txHash);
  const head = await node.nowBlock();
  if (info) {
    const confirmations = head.block_header.raw_data.number - info.blockNumber + 1;
    if (confirmations < required) return { state: 'PENDING', txHash: stored.txHash, confirmations, stuck: false };
    const ok = info.result !== 'FAILED' && (info.receipt.result === undefined || info.receipt.result === 'SUCCESS');
    await settleRow(db, stored.id, { status: ok ? 'CONFIRMED' : 'FAILED', blockNumber: info.blockNumber });
    return { state: ok ? 'CONFIRMED' : 'REVERTED', txHash: stored.txHash, blockNumber: info.blockNumber, confirmations };
  }
  const signed = JSON.parse(stored.rawTx) as TronTx;
  if (head.block_header.raw_data.timestamp > signed.raw_data.expiration && !(await node.knows(stored.txHash))) {
    await settleRow(db, stored.id, { status: 'DROPPED' });
    return { state: 'DROPPED', txHash: stored.txHash };
  }
  await broadcastStoredTron(db, node, stored);
  return { state: 'PENDING', txHash: stored.txHash, confirmations: 0, stuck: false };
}
