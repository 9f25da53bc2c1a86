import { Transaction, type JsonRpcProvider } from 'ethers';
import type { Fees } from '../domain/fee-bump';
import { sharedRecent } from '../adapters/in-flight';

// What signing and settling ask of an EVM node: a sender's pending count and the fees, and sending signed bytes.

/** How long a sender's pending count, once read, answers later reads (signing, then the send moments after it). */
const PENDING_SHARE_MS = 2_000;

/**
 * A sender's pending transaction count (its next nonce as the node sees it) with when it was read, shared for
 * PENDING_SHARE_MS. Signing takes a count older than the lock safely (the argument beside signWithSenderState), and
 * the send's count only tells which of the sender's stored transactions the node already has: one that is low sends
 * one the node has again ("already known"), one that is high leaves a gap to the repair in senderState.
 */
export const pendingCount = sharedRecent(
  (chainId: number, _provider: JsonRpcProvider, from: string) => `${chainId}:${from}`,
  async (_chainId: number, provider: JsonRpcProvider, from: string) => {
    const readAt = new Date();
    return { pending: await provider.getTransactionCount(from, 'pending'), readAt };
  },
  PENDING_SHARE_MS,
);

export async function networkFees(provider: JsonRpcProvider): Promise<Fees> {
  const fees = await provider.getFeeData();
  if (fees.maxFeePerGas === null || fees.maxPriorityFeePerGas === null) throw new Error('the chain did not report EIP-1559 fees');
  return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

/**
 * The pool's minimum tip when the node refused a transaction for paying less (geth: "transaction gas price below
 * minimum: gas tip cap 1, minimum needed 2000000000"), else null. geth's eth_maxPriorityFeePerGas does not follow that
 * minimum (it answers 1 wei in dev mode whatever the pool takes), so the refusal is the only place it shows.
 */
export function poolMinimumTip(err: unknown): bigint | null {
  const m = /below minimum.*minimum needed (\d+)/i.exec(String((err as Error)?.message));
  return m ? BigInt(m[1]!) : null;
}

/** Node answers that mean "this exact transaction is already known or mined": success for a re-broadcast. */
const ALREADY_SENT = /already known|known transaction|nonce too low|already imported|nonce has already been used/i;

/**
 * Sends signed bytes; a node that already has this exact transaction is not an error. The bare RPC, not
 * broadcastTransaction: that one parses the bytes and recovers the sender to build a response nobody reads, a public
 * key recovery per send (4 % of the process in a Mode B burst). The node's errors are mapped the same way.
 */
export async function sendRaw(provider: JsonRpcProvider, rawTx: string): Promise<void> {
  try {
    await provider.send('eth_sendRawTransaction', [rawTx]);
  } catch (err) {
    const known = ALREADY_SENT.test(String((err as Error)?.message)) && (await provider.getTransaction(Transaction.from(rawTx).hash!)) !== null;
    if (!known) throw err;
  }
}
