import { Transaction, type JsonRpcProvider, type Wallet, type HDNodeWallet } from 'ethers';
import type { Db } from '../adapters/db';
import type { OutboundTx } from '../generated/prisma/client';

export interface SignRequest {
  chainId: number;
  /** Unique per intended transfer, e.g. `sweep:<depositId>`: the same purpose is never signed twice. */
  purpose: string;
  signer: Wallet | HDNodeWallet;
  to: string;
  data?: string;
  value?: bigint;
  gasLimit: bigint;
}

/**
 * Signs a transaction once (DESIGN invariant 2): the nonce is allocated and the signed bytes and hash are stored in
 * one PostgreSQL transaction, under a lock per (chain, sender), before anything is broadcast. Asked again for the same
 * purpose, it returns the stored transaction, so a retry re-broadcasts the same bytes instead of signing anew.
 */
export async function signOnce(db: Db, provider: JsonRpcProvider, req: SignRequest): Promise<OutboundTx> {
  const existing = await db.outboundTx.findUnique({ where: { purpose: req.purpose } });
  if (existing) return existing;
  const from = req.signer.address;
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`nonce:${req.chainId}:${from.toLowerCase()}`}))`;
      const again = await tx.outboundTx.findUnique({ where: { purpose: req.purpose } });
      if (again) return again;
      const stored = await tx.outboundTx.aggregate({ where: { chainId: req.chainId, fromAddress: from }, _max: { nonce: true } });
      const [chainNonce, fees] = await Promise.all([provider.getTransactionCount(from, 'pending'), provider.getFeeData()]);
      const nonce = Math.max(chainNonce, (stored._max.nonce ?? -1) + 1);
      if (fees.maxFeePerGas === null || fees.maxPriorityFeePerGas === null) throw new Error('the chain did not report EIP-1559 fees');
      const rawTx = await req.signer.signTransaction({
        type: 2,
        chainId: req.chainId,
        nonce,
        to: req.to,
        data: req.data ?? '0x',
        value: req.value ?? 0n,
        gasLimit: req.gasLimit,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return tx.outboundTx.create({
        data: { chainId: req.chainId, fromAddress: from, nonce, purpose: req.purpose, rawTx, txHash: Transaction.from(rawTx).hash! },
      });
    },
    { timeout: 20_000 },
  );
}

/** Node answers that mean "this exact transaction is already known or mined": success for a re-broadcast. */
const ALREADY_SENT = /already known|known transaction|nonce too low|already imported|nonce has already been used/i;

/** Broadcasts the stored bytes; a re-broadcast of a transaction the node already has is not an error. */
export async function broadcastStored(db: Db, provider: JsonRpcProvider, stored: OutboundTx): Promise<void> {
  try {
    await provider.broadcastTransaction(stored.rawTx);
  } catch (err) {
    const known = ALREADY_SENT.test(String((err as Error)?.message)) && (await provider.getTransaction(stored.txHash)) !== null;
    if (!known) throw err;
  }
  if (stored.status === 'SIGNED') await db.outboundTx.update({ where: { id: stored.id }, data: { status: 'BROADCAST' } });
}

export type ReceiptState = { state: 'PENDING' } | { state: 'FAILED'; blockNumber: number } | { state: 'CONFIRMED'; blockNumber: number; confirmations: number };

/** Where a broadcast transaction stands, counting confirmations the way the spec does (the including block is 1). */
export async function receiptState(provider: JsonRpcProvider, txHash: string, required: number): Promise<ReceiptState> {
  const receipt = await provider.getTransactionReceipt(txHash);
  if (!receipt) return { state: 'PENDING' };
  if (receipt.status !== 1) return { state: 'FAILED', blockNumber: receipt.blockNumber };
  const head = await provider.getBlockNumber();
  const confirmations = head - receipt.blockNumber + 1;
  return confirmations >= required ? { state: 'CONFIRMED', blockNumber: receipt.blockNumber, confirmations } : { state: 'PENDING' };
}
