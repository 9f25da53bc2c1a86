import { Transaction, type JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import type { OutboundTx } from '../generated/prisma/client';
import type { Fees } from '../domain/fee-bump';
import { groupCommit } from '../store/group-commit';
import { senderUnmined, signingSection, storedOutbounds, type SignedRow } from '../store/outbound-txs';
import { networkFees, pendingCount, sendRaw } from './evm-node';
import type { FeePolicy } from './fee-policy';
import type { TxSigner } from './signer';

export interface SignRequest {
  chainId: number;
  /** Unique per intended transfer, e.g. `sweep:<depositId>`: the same purpose is never signed twice. */
  purpose: string;
  signer: TxSigner;
  to: string;
  data?: string;
  value?: bigint;
  gasLimit: bigint;
}

/**
 * Signs a transaction once (DESIGN invariant 2): the nonce is allocated and the signed bytes and hash are stored in
 * one PostgreSQL transaction, under a lock per (chain, sender), before anything is broadcast. Asked again for the same
 * purpose, it returns the stored transaction, so a retry re-broadcasts the same bytes instead of signing anew.
 * The node is read before the lock (senderState), so the section every signer of one sender queues on holds no RPC.
 * Requests of one sender that arrive while its section runs are signed together in the next one (groupCommit).
 */
export function signOnce(db: Db, provider: JsonRpcProvider, req: SignRequest, policy: FeePolicy): Promise<OutboundTx> {
  return signerOf(db)({ provider, req, policy });
}

type Signing = { provider: JsonRpcProvider; req: SignRequest; policy: FeePolicy };

// One group per database (a process may hold several, in tests), keyed by chain, sender and fee ceiling.
const signers = new WeakMap<Db, (s: Signing) => Promise<OutboundTx>>();

function signerOf(db: Db): (s: Signing) => Promise<OutboundTx> {
  let signer = signers.get(db);
  if (!signer) {
    signer = groupCommit((s: Signing) => `${s.req.chainId}:${s.req.signer.address}:${s.policy.ceilingWei}`, (batch) => signBatch(db, batch));
    signers.set(db, signer);
  }
  return signer;
}

async function signBatch(db: Db, batch: Signing[]): Promise<OutboundTx[]> {
  const { provider, req, policy } = batch[0]!;
  const stored = await storedOutbounds(db, batch.map((s) => s.req.purpose));
  const unsigned = [...new Map(batch.filter((s) => !stored.has(s.req.purpose)).map((s) => [s.req.purpose, s.req])).values()];
  if (unsigned.length > 0) {
    const sender = await senderState(db, provider, req.chainId, req.signer.address);
    for (const row of await signWithSenderState(db, unsigned, policy, sender)) stored.set(row.purpose, row);
  }
  return batch.map((s) => {
    const row = stored.get(s.req.purpose);
    if (!row) throw new Error(`no transaction stored for ${s.req.purpose}`);
    return row;
  });
}

/** What the node said of a sender, read before the nonce lock. */
export interface SenderState {
  genesisHash: string;
  /** The node's pending transaction count: the sender's next nonce as the node sees it. */
  pending: number;
  fees: Fees;
  /** When the node's count was asked for. */
  readAt: Date;
}

/**
 * Signed this recently, a transaction is still its own workflow's to broadcast (the step after signing): when many of
 * one sender are signed at once, each signer re-sending all the others would cost the node a request per pair.
 */
export const GAP_REPAIR_AFTER_MS = 15_000;

/**
 * The node's pending count and fees for a sender. Our own stored, unmined transactions that the node does not know (signed
 * but not broadcast for GAP_REPAIR_AFTER_MS, or dropped from its pool) are sent now, so the next nonce never sits
 * behind a gap that would block every later transaction.
 */
export async function senderState(db: Db, provider: JsonRpcProvider, chainId: number, from: string): Promise<SenderState> {
  const [rows, { pending, readAt }, fees] = await Promise.all([
    senderUnmined(db, chainId, from, new Date(Date.now() - GAP_REPAIR_AFTER_MS)),
    pendingCount(chainId, provider, from),
    networkFees(provider),
  ]);
  const genesisHash = rows[0]?.genesisHash;
  if (!genesisHash) throw new Error(`chain ${chainId} has no registered instance (genesis hash)`);
  for (const row of rows) {
    if (row.nonce === null || row.nonce < pending) continue;
    // A refusal (say, a fee the chain no longer takes) is left to the row's own workflow, which replaces it.
    if ((await provider.getTransaction(row.txHash)) === null) await sendRaw(provider, row.rawTx).catch(() => undefined);
  }
  return { genesisHash, pending, fees, readAt };
}

/** Clocks of the processes that sign may differ by this much; a row confirmed this long before a read is in its count. */
const CLOCK_SKEW_MS = 60_000;

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The signing section of one sender's requests (distinct purposes), under the (chain, sender) lock. The first nonce is
 * the node's pending count or one past our highest stored transaction at or above it, whichever is higher (a stored
 * one below it cannot be higher); each further request takes the next. The node's count may be older than the lock: every transaction of ours signed since is stored (signing holds this lock) and counted here whatever
 * became of it meanwhile (confirmed, reverted), so no nonce of ours is handed out twice.
 * Every signer of one sender queues on this section, so it is two round trips on one connection (signingSection in
 * src/store/outbound-txs.ts): the lock with the reads after it, then the inserts with COMMIT; the lock is held for the second
 * and the signing between them. A purpose a racing signer stored first (read after the lock) keeps its row and takes
 * no nonce, so the nonces signed here are consecutive; a conflict on insert anyway fails the whole section, never
 * leaving a gap. Answers the stored row of every request. Exported for the test that signs between the reads and the lock.
 */
export async function signWithSenderState(db: Db, reqs: SignRequest[], policy: FeePolicy, sender: SenderState): Promise<OutboundTx[]> {
  const { chainId, signer } = reqs[0]!;
  const from = signer.address;
  const { genesisHash, fees } = sender;
  const at = { chainId, genesisHash, from, pendingCount: sender.pending, minedBefore: new Date(sender.readAt.getTime() - CLOCK_SKEW_MS), purposes: reqs.map((r) => r.purpose) };
  const { found, inserted } = await signingSection(db, at, async (stored, existing) => {
    const taken = new Set(existing.map((row) => row.purpose));
    const toSign = reqs.filter((r) => !taken.has(r.purpose));
    if (toSign.length === 0) return null;
    // Signing past them would queue behind a gap the node never fills (a chain reset under the stored state): refused.
    if (stored?.unseen || (stored?.lowest ?? sender.pending) > sender.pending) {
      throw new Error(`chain ${chainId}: stored nonces of ${from} run ahead of the node (stored ${stored?.lowest}..${stored?.nonce}, node pending ${sender.pending}); was the chain reset?`);
    }
    let nonce = Math.max(sender.pending, (stored?.nonce ?? -1) + 1);
    const capped = { maxFeePerGas: min(fees.maxFeePerGas, policy.ceilingWei), maxPriorityFeePerGas: min(fees.maxPriorityFeePerGas, policy.ceilingWei) };
    const rows: SignedRow[] = [];
    for (const r of toSign) {
      const rawTx = await r.signer.signTransaction({ type: 2, chainId, nonce, to: r.to, data: r.data ?? '0x', value: r.value ?? 0n, gasLimit: r.gasLimit, ...capped });
      rows.push({ nonce, purpose: r.purpose, rawTx, txHash: Transaction.from(rawTx).hash! });
      nonce += 1;
    }
    return { rows, maxFeePerGas: capped.maxFeePerGas };
  });
  return [...found, ...inserted];
}
