import { Transaction, type JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { Prisma, type OutboundTx } from '../generated/prisma/client';
import type { Fees } from '../domain/fee-bump';
import { nonceLock } from '../domain/keys';
import { groupCommit } from '../store/group-commit';
import { advisoryLock, lockedSection, sqlRows, type Statement } from '../store/sql';
import { nodeView, sendRaw } from './evm-node';
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

const STORED: Statement = { name: 'outbound-by-purpose', text: `SELECT * FROM "OutboundTx" WHERE purpose = $1` };
const STORED_ANY: Statement = { name: 'outbound-by-purposes', text: `SELECT * FROM "OutboundTx" WHERE purpose = ANY($1::text[])` };

/** The transaction stored for a purpose, if any: one prepared statement (every payout and sweep asks before broadcasting). */
export async function storedOutbound(db: Db, purpose: string): Promise<OutboundTx | null> {
  const [row] = await sqlRows<OutboundTx>(db, STORED, [purpose]);
  return row ?? null;
}

async function storedOutbounds(db: Db, purposes: string[]): Promise<Map<string, OutboundTx>> {
  return new Map((await sqlRows<OutboundTx>(db, STORED_ANY, [purposes])).map((row) => [row.purpose, row]));
}

/** What the node said of a sender, read before the nonce lock. */
export interface SenderState {
  genesisHash: string;
  /** The node's pending and mined transaction counts. */
  pending: number;
  mined: number;
  fees: Fees;
  /** When the node's counts were asked for. */
  readAt: Date;
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
  const [rows, { pending, mined, fees, readAt }] = await Promise.all([
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
  return { genesisHash, pending, mined, fees, readAt };
}

/** Clocks of the processes that sign may differ by this much; a row confirmed this long before a read is in its counts. */
const CLOCK_SKEW_MS = 60_000;

/** The chain's instance and, on it, the sender's unmined transactions signed before the given time, in nonce order. */
const SENDER_ROWS: Statement = {
  name: 'sender-unmined',
  text: `SELECT c."genesisHash", o.nonce, o."txHash", o."rawTx" FROM "Chain" c
    LEFT JOIN "OutboundTx" o ON o."chainId" = c."chainId" AND o."genesisHash" = c."genesisHash" AND o."fromAddress" = $2
      AND o.status IN ('SIGNED', 'BROADCAST') AND o."createdAt" < $3
    WHERE c."chainId" = $1 ORDER BY o.nonce`,
};

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The signing section of one sender's requests (distinct purposes), under the (chain, sender) lock. The first nonce is
 * the node's pending count or one past our highest stored transaction that is, or will be, mined at or above the
 * node's mined count, whichever is higher; each further request takes the next. The node's counts may be older than
 * the lock: every transaction of ours signed since is stored (signing holds this lock) and counted here whatever
 * became of it meanwhile (confirmed, reverted), so no nonce of ours is handed out twice.
 * Every signer of one sender queues on this section, so it is two round trips on one connection (lockedSection in
 * src/store/sql.ts): the lock with the reads after it, then the inserts with COMMIT; the lock is held for the second
 * and the signing between them. A purpose a racing signer stored first (read after the lock) keeps its row and takes
 * no nonce, so the nonces signed here are consecutive; a conflict on insert anyway fails the whole section, never
 * leaving a gap. Answers the stored row of every request. Exported for the test that signs between the reads and the lock.
 */
export async function signWithSenderState(db: Db, reqs: SignRequest[], policy: FeePolicy, sender: SenderState): Promise<OutboundTx[]> {
  const { chainId, signer } = reqs[0]!;
  const from = signer.address;
  const { genesisHash, fees } = sender;
  // With the highest, what tells stored rows the node has never seen: the lowest (a gap below it that nothing of ours
  // fills), and a row marked mined well before the node counted fewer mined.
  const highest = Prisma.sql`
    SELECT max(nonce) AS nonce, min(nonce) AS lowest,
      COALESCE(bool_or(status IN ('CONFIRMED', 'FAILED') AND "updatedAt" < ${new Date(sender.readAt.getTime() - CLOCK_SKEW_MS)}), false) AS unseen
    FROM "OutboundTx"
    WHERE "chainId" = ${chainId} AND "genesisHash" = ${genesisHash} AND "fromAddress" = ${from} AND nonce >= ${sender.mined}
      AND status IN ('SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED')`;
  const already = Prisma.sql`SELECT * FROM "OutboundTx" WHERE purpose IN (${Prisma.join(reqs.map((r) => r.purpose))})`;
  let existing: OutboundTx[] = [];
  const inserted = await lockedSection<OutboundTx>(db, [advisoryLock(nonceLock(chainId, from)), highest, already], async ([, read, found]) => {
    existing = found as unknown as OutboundTx[];
    const taken = new Set(existing.map((row) => row.purpose));
    const toSign = reqs.filter((r) => !taken.has(r.purpose));
    if (toSign.length === 0) return null;
    const stored = read?.[0] as { nonce: number | null; lowest: number | null; unseen: boolean } | undefined;
    // Signing past them would queue behind a gap the node never fills (a chain reset under the stored state): refused.
    if (stored?.unseen || (stored?.lowest ?? sender.pending) > sender.pending) {
      throw new Error(`chain ${chainId}: stored nonces of ${from} run ahead of the node (stored ${stored?.lowest}..${stored?.nonce}, node pending ${sender.pending}); was the chain reset?`);
    }
    let nonce = Math.max(sender.pending, (stored?.nonce ?? -1) + 1);
    const capped = { maxFeePerGas: min(fees.maxFeePerGas, policy.ceilingWei), maxPriorityFeePerGas: min(fees.maxPriorityFeePerGas, policy.ceilingWei) };
    const rows: Prisma.Sql[] = [];
    for (const r of toSign) {
      const rawTx = await r.signer.signTransaction({ type: 2, chainId, nonce, to: r.to, data: r.data ?? '0x', value: r.value ?? 0n, gasLimit: r.gasLimit, ...capped });
      rows.push(Prisma.sql`(gen_random_uuid(), ${chainId}, ${genesisHash}, ${from}, ${nonce}, ${r.purpose}, ${rawTx}, ${Transaction.from(rawTx).hash!}, now())`);
      nonce += 1;
    }
    return Prisma.sql`
      WITH o AS (
        INSERT INTO "OutboundTx" (id, "chainId", "genesisHash", "fromAddress", nonce, purpose, "rawTx", "txHash", "updatedAt")
        VALUES ${Prisma.join(rows)}
        RETURNING *
      ), c AS (
        INSERT INTO "OutboundTxCandidate" (id, "outboundTxId", "txHash", "rawTx", "maxFeePerGas")
        SELECT gen_random_uuid(), o.id, o."txHash", o."rawTx", ${capped.maxFeePerGas}::numeric FROM o
      )
      SELECT * FROM o`;
  });
  return [...existing, ...inserted];
}
