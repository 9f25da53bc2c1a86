import { randomUUID } from 'node:crypto';
import { Transaction, type JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { Prisma, type OutboundTx } from '../generated/prisma/client';
import { bumpedFees, type Fees } from '../domain/fee-bump';
import { nonceLock } from '../domain/keys';
import { advisoryLock, lockedSection, sqlRows, type Statement } from '../store/sql';
import { networkFees, nodeView, sendRaw } from './evm-node';
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

/** The fee limits every outbound transaction is signed within. */
export interface FeePolicy {
  /** No candidate is ever signed above this maxFeePerGas (wei). */
  ceilingWei: bigint;
  /** Unmined this long after signing: marked stuck (admin filter, log). */
  stuckAfterMs: number;
}

/**
 * Signs a transaction once (DESIGN invariant 2): the nonce is allocated and the signed bytes and hash are stored in
 * one PostgreSQL transaction, under a lock per (chain, sender), before anything is broadcast. Asked again for the same
 * purpose, it returns the stored transaction, so a retry re-broadcasts the same bytes instead of signing anew.
 * The node is read before the lock (senderState), so the section every signer of one sender queues on holds no RPC.
 */
export async function signOnce(db: Db, provider: JsonRpcProvider, req: SignRequest, policy: FeePolicy): Promise<OutboundTx> {
  const existing = await storedOutbound(db, req.purpose);
  if (existing) return existing;
  return signWithSenderState(db, req, policy, await senderState(db, provider, req.chainId, req.signer.address));
}

const STORED: Statement = { name: 'outbound-by-purpose', text: `SELECT * FROM "OutboundTx" WHERE purpose = $1` };

/** The transaction stored for a purpose, if any: one prepared statement (every payout and sweep asks before signing and broadcasting). */
export async function storedOutbound(db: Db, purpose: string): Promise<OutboundTx | null> {
  const [row] = await sqlRows<OutboundTx>(db, STORED, [purpose]);
  return row ?? null;
}

/** What the node said of a sender, read before the nonce lock. */
export interface SenderState {
  genesisHash: string;
  /** The node's pending and mined transaction counts. */
  pending: number;
  mined: number;
  fees: Fees;
}

/**
 * Signed this recently, a transaction is still its own workflow's to broadcast (the step after signing): when many of
 * one sender are signed at once, each signer re-sending all the others would cost the node a request per pair.
 */
export const GAP_REPAIR_AFTER_MS = 15_000;

/**
 * The node's counts and fees for a sender. Our own stored, unmined transactions that the node does not know (signed
 * but not broadcast for GAP_REPAIR_AFTER_MS, or dropped from its pool) are sent now, so the next nonce never sits
 * behind a gap that would block every later transaction.
 */
export async function senderState(db: Db, provider: JsonRpcProvider, chainId: number, from: string): Promise<SenderState> {
  const [rows, { pending, mined, fees }] = await Promise.all([
    sqlRows<{ genesisHash: string | null; nonce: number | null; txHash: string; rawTx: string }>(db, SENDER_ROWS, [chainId, from, new Date(Date.now() - GAP_REPAIR_AFTER_MS)]),
    nodeView(chainId, provider, from),
  ]);
  const genesisHash = rows[0]?.genesisHash;
  if (!genesisHash) throw new Error(`chain ${chainId} has no registered instance (genesis hash)`);
  for (const row of rows) {
    if (row.nonce === null || row.nonce < pending) continue;
    // A refusal (say, a fee the chain no longer takes) is left to the row's own workflow, which replaces it.
    if ((await provider.getTransaction(row.txHash)) === null) await sendRaw(provider, row.rawTx).catch(() => undefined);
  }
  return { genesisHash, pending, mined, fees };
}

/** The chain's instance and, on it, the sender's unmined transactions signed before the given time, in nonce order. */
const SENDER_ROWS: Statement = {
  name: 'sender-unmined',
  text: `SELECT c."genesisHash", o.nonce, o."txHash", o."rawTx" FROM "Chain" c
    LEFT JOIN "OutboundTx" o ON o."chainId" = c."chainId" AND o."genesisHash" = c."genesisHash" AND o."fromAddress" = $2
      AND o.status IN ('SIGNED', 'BROADCAST') AND o."createdAt" < $3
    WHERE c."chainId" = $1 ORDER BY o.nonce`,
};

/**
 * The signing section, under the (chain, sender) lock. The nonce is the node's pending count or one past our highest
 * stored transaction that is, or will be, mined at or above the node's mined count, whichever is higher. The node's
 * counts may be older than the lock: every transaction of ours signed since is stored (signing holds this lock) and
 * counted here whatever became of it meanwhile (confirmed, reverted), so no nonce of ours is handed out twice.
 * Every signer of one sender queues on this section, so it is two round trips on one connection (lockedSection in
 * src/store/sql.ts): the lock with the nonce read after it, then the insert with COMMIT; the lock is held for the
 * second and the signing between them.
 * A racing signer of the same purpose that got here first wins: its row stays, these bytes are never stored or sent.
 * Exported for the test that signs between the reads and the lock.
 */
export async function signWithSenderState(db: Db, req: SignRequest, policy: FeePolicy, sender: SenderState): Promise<OutboundTx> {
  const from = req.signer.address;
  const { genesisHash, fees } = sender;
  const highest = Prisma.sql`
    SELECT max(nonce) AS nonce FROM "OutboundTx"
    WHERE "chainId" = ${req.chainId} AND "genesisHash" = ${genesisHash} AND "fromAddress" = ${from} AND nonce >= ${sender.mined}
      AND status IN ('SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED')`;
  const [stored] = await lockedSection<OutboundTx>(db, [advisoryLock(nonceLock(req.chainId, from)), highest], async ([, read]) => {
    const nonce = Math.max(sender.pending, ((read?.[0]?.nonce as number | null) ?? -1) + 1);
    const capped = { maxFeePerGas: min(fees.maxFeePerGas, policy.ceilingWei), maxPriorityFeePerGas: min(fees.maxPriorityFeePerGas, policy.ceilingWei) };
    const rawTx = await req.signer.signTransaction({
      type: 2,
      chainId: req.chainId,
      nonce,
      to: req.to,
      data: req.data ?? '0x',
      value: req.value ?? 0n,
      gasLimit: req.gasLimit,
      ...capped,
    });
    const txHash = Transaction.from(rawTx).hash!;
    return Prisma.sql`
      WITH o AS (
        INSERT INTO "OutboundTx" (id, "chainId", "genesisHash", "fromAddress", nonce, purpose, "rawTx", "txHash", "updatedAt")
        VALUES (${randomUUID()}::uuid, ${req.chainId}, ${genesisHash}, ${from}, ${nonce}, ${req.purpose}, ${rawTx}, ${txHash}, now())
        ON CONFLICT (purpose) DO NOTHING
        RETURNING *
      ), c AS (
        INSERT INTO "OutboundTxCandidate" (id, "outboundTxId", "txHash", "rawTx", "maxFeePerGas")
        SELECT ${randomUUID()}::uuid, o.id, o."txHash", o."rawTx", ${capped.maxFeePerGas}::numeric FROM o
      )
      SELECT * FROM o`;
  });
  if (stored) return stored;
  const winner = await storedOutbound(db, req.purpose);
  if (!winner) throw new Error(`no transaction stored for ${req.purpose}`);
  return winner;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** Broadcasts the stored (newest) bytes; a re-broadcast of a transaction the node already has is not an error. */
export async function broadcastStored(db: Db, provider: JsonRpcProvider, stored: OutboundTx): Promise<void> {
  await sendRaw(provider, stored.rawTx);
  if (stored.status === 'SIGNED') await db.outboundTx.updateMany({ where: { id: stored.id, status: 'SIGNED' }, data: { status: 'BROADCAST' } });
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
export async function settleOutbound(db: Db, provider: JsonRpcProvider, purpose: string, signer: TxSigner, required: number, policy: FeePolicy): Promise<Settlement> {
  const stored = await db.outboundTx.findUniqueOrThrow({ where: { purpose }, include: { candidates: { orderBy: { createdAt: 'asc' } } } });
  if (stored.status === 'RETIRED' || stored.status === 'DROPPED') return { state: stored.status, txHash: stored.txHash };
  const mined = await minedCandidate(provider, stored.candidates);
  if (mined) {
    if (mined.txHash !== stored.txHash) await db.outboundTx.update({ where: { id: stored.id }, data: { txHash: mined.txHash, rawTx: mined.rawTx } });
    const confirmations = (await provider.getBlockNumber()) - mined.blockNumber + 1;
    if (confirmations < required) return { state: 'PENDING', txHash: mined.txHash, confirmations, stuck: false };
    const ok = mined.status === 1;
    await db.outboundTx.update({ where: { id: stored.id }, data: { status: ok ? 'CONFIRMED' : 'FAILED', blockNumber: mined.blockNumber } });
    return { state: ok ? 'CONFIRMED' : 'REVERTED', txHash: mined.txHash, blockNumber: mined.blockNumber, confirmations };
  }
  if ((await provider.getTransactionCount(stored.fromAddress, 'latest')) > stored.nonce) {
    // Mined between the two reads, or the nonce went elsewhere: only a second look at the candidates tells.
    if (!(await minedCandidate(provider, stored.candidates))) {
      await db.outboundTx.update({ where: { id: stored.id }, data: { status: 'DROPPED' } });
      return { state: 'DROPPED', txHash: stored.txHash };
    }
    return { state: 'PENDING', txHash: stored.txHash, confirmations: 0, stuck: false };
  }
  const stuck = Date.now() - stored.createdAt.getTime() >= policy.stuckAfterMs;
  if (stuck && !stored.stuckAt) await db.outboundTx.update({ where: { id: stored.id }, data: { stuckAt: new Date() } });
  const newest = stored.candidates.at(-1)!;
  const newestAgeMs = Date.now() - newest.createdAt.getTime();
  // Replaced when the chain's base fee has passed it, or when it, too, sat unmined for the stuck threshold.
  const due = newestAgeMs >= policy.stuckAfterMs;
  const replacement = await replacementFor(provider, newest.rawTx, due, policy.ceilingWei);
  if (!replacement) {
    // Sent by its workflow moments ago, it is in the node's pool: sending it on every poll would only load the node
    // (and a paid RPC's quota). After GAP_REPAIR_AFTER_MS it is sent again each poll, in case the node lost it.
    if (stored.status === 'SIGNED' || newestAgeMs >= GAP_REPAIR_AFTER_MS) await broadcastStored(db, provider, stored);
    return { state: 'PENDING', txHash: stored.txHash, confirmations: 0, stuck };
  }
  const t = Transaction.from(newest.rawTx);
  const rawTx = await signer.signTransaction({ type: 2, chainId: t.chainId, nonce: t.nonce, to: t.to, data: t.data, value: t.value, gasLimit: t.gasLimit, ...replacement });
  const txHash = Transaction.from(rawTx).hash!;
  // The candidate is stored before it is sent: a crash here leaves a known hash, never an unknown one.
  await db.outboundTx.update({
    where: { id: stored.id },
    data: { txHash, rawTx, candidates: { create: { txHash, rawTx, maxFeePerGas: replacement.maxFeePerGas.toString() } } },
  });
  await sendRaw(provider, rawTx);
  return { state: 'PENDING', txHash, confirmations: 0, stuck };
}

async function minedCandidate(provider: JsonRpcProvider, candidates: Array<{ txHash: string; rawTx: string }>) {
  for (const c of candidates) {
    const receipt = await provider.getTransactionReceipt(c.txHash);
    if (receipt) return { txHash: c.txHash, rawTx: c.rawTx, blockNumber: receipt.blockNumber, status: receipt.status };
  }
  return null;
}

/** The fees of a replacement for the newest candidate, or null when it should stand (or the ceiling allows no bump). */
async function replacementFor(provider: JsonRpcProvider, newestRawTx: string, due: boolean, ceilingWei: bigint): Promise<Fees | null> {
  const signed = Transaction.from(newestRawTx);
  const current = { maxFeePerGas: signed.maxFeePerGas ?? 0n, maxPriorityFeePerGas: signed.maxPriorityFeePerGas ?? 0n };
  const block = await provider.getBlock('latest');
  const baseFee = block?.baseFeePerGas ?? 0n;
  if (current.maxFeePerGas >= baseFee && !due) return null;
  return bumpedFees(current, await networkFees(provider), ceilingWei);
}
