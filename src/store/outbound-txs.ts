import type { Db } from '../adapters/db';
import { Prisma, type OutboundTx } from '../generated/prisma/client';
import { nonceLock } from '../domain/keys';
import { advisoryLock, lockedSection, sqlRows, type Statement } from './sql';

/**
 * The `OutboundTx` rows (every transaction the gateway sends) and their candidates: the statements of signing,
 * broadcasting and settling (src/chain/signing.ts, outbound.ts, broadcast-order.ts, tron-outbound.ts), which hold
 * the node's side. Prepared statements on the hot paths: every payout and sweep reads and marks its row.
 */

const STORED: Statement = { name: 'outbound-by-purpose', text: `SELECT * FROM "OutboundTx" WHERE purpose = $1` };
const STORED_ANY: Statement = { name: 'outbound-by-purposes', text: `SELECT * FROM "OutboundTx" WHERE purpose = ANY($1::text[])` };

/** The transaction stored for a purpose, if any: one prepared statement (every payout and sweep asks before broadcasting). */
export async function storedOutbound(db: Db, purpose: string): Promise<OutboundTx | null> {
  const [row] = await sqlRows<OutboundTx>(db, STORED, [purpose]);
  return row ?? null;
}

/** The transactions stored for these purposes, by purpose. */
export async function storedOutbounds(db: Db, purposes: string[]): Promise<Map<string, OutboundTx>> {
  return new Map((await sqlRows<OutboundTx>(db, STORED_ANY, [purposes])).map((row) => [row.purpose, row]));
}

/** The chain's instance and, on it, the sender's unmined transactions signed before the given time, in nonce order. */
const SENDER_ROWS: Statement = {
  name: 'sender-unmined',
  text: `SELECT c."genesisHash", o.nonce, o."txHash", o."rawTx" FROM "Chain" c
    LEFT JOIN "OutboundTx" o ON o."chainId" = c."chainId" AND o."genesisHash" = c."genesisHash" AND o."fromAddress" = $2
      AND o.status IN ('SIGNED', 'BROADCAST') AND o."createdAt" < $3
    WHERE c."chainId" = $1 ORDER BY o.nonce`,
};

/** The chain's instance (on every row; one row with null columns when the sender has none) and the sender's unmined rows signed before `before`. */
export function senderUnmined(db: Db, chainId: number, from: string, before: Date) {
  return sqlRows<{ genesisHash: string | null; nonce: number | null; txHash: string; rawTx: string }>(db, SENDER_ROWS, [chainId, from, before]);
}

/** What the stored rows of a sender at or above the node's pending count say, read under the sender's nonce lock. */
export interface StoredNonces {
  nonce: number | null;
  lowest: number | null;
  /**
   * A row marked mined before the node's read, yet at or above its pending count: the node has not even a pending
   * transaction at that nonce, so its chain is not the one that mined ours (a reset it never recorded).
   */
  unseen: boolean;
}

/** A signed transaction to store: its nonce, purpose, bytes and hash. */
export interface SignedRow {
  nonce: number;
  purpose: string;
  rawTx: string;
  txHash: string;
}

/**
 * The signing section of one sender: under the (chain, sender) nonce lock, the stored nonces (`StoredNonces`, rows
 * at or above `pendingCount`; a mined one counts as unseen when updated before `minedBefore`) and the rows already
 * stored for `purposes`; `sign` turns them into the rows to insert (with their first candidate at `maxFeePerGas`),
 * or null for none. Two round trips on one connection (lockedSection): the lock with the reads, then the inserts with
 * COMMIT. Answers the rows found and the rows inserted.
 */
export async function signingSection(
  db: Db,
  at: { chainId: number; genesisHash: string; from: string; pendingCount: number; minedBefore: Date; purposes: string[] },
  sign: (stored: StoredNonces | undefined, found: OutboundTx[]) => Promise<{ rows: SignedRow[]; maxFeePerGas: bigint } | null>,
): Promise<{ found: OutboundTx[]; inserted: OutboundTx[] }> {
  const { chainId, genesisHash, from } = at;
  // With the highest, what tells stored rows the node has never seen: the lowest (a gap below it that nothing of ours
  // fills), and a row marked mined well before the node counted fewer mined.
  const highest = Prisma.sql`
    SELECT max(nonce) AS nonce, min(nonce) AS lowest,
      COALESCE(bool_or(status IN ('CONFIRMED', 'FAILED') AND "updatedAt" < ${at.minedBefore}), false) AS unseen
    FROM "OutboundTx"
    WHERE "chainId" = ${chainId} AND "genesisHash" = ${genesisHash} AND "fromAddress" = ${from} AND nonce >= ${at.pendingCount}
      AND status IN ('SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED')`;
  const already = Prisma.sql`SELECT * FROM "OutboundTx" WHERE purpose IN (${Prisma.join(at.purposes)})`;
  let found: OutboundTx[] = [];
  const inserted = await lockedSection<OutboundTx>(db, [advisoryLock(nonceLock(chainId, from)), highest, already], async ([, read, rows]) => {
    found = rows as unknown as OutboundTx[];
    const signed = await sign(read?.[0] as StoredNonces | undefined, found);
    if (!signed) return null;
    const values = signed.rows.map((r) => Prisma.sql`(gen_random_uuid(), ${chainId}, ${genesisHash}, ${from}, ${r.nonce}, ${r.purpose}, ${r.rawTx}, ${r.txHash}, now())`);
    return Prisma.sql`
      WITH o AS (
        INSERT INTO "OutboundTx" (id, "chainId", "genesisHash", "fromAddress", nonce, purpose, "rawTx", "txHash", "updatedAt")
        VALUES ${Prisma.join(values)}
        RETURNING *
      ), c AS (
        INSERT INTO "OutboundTxCandidate" (id, "outboundTxId", "txHash", "rawTx", "maxFeePerGas")
        SELECT gen_random_uuid(), o.id, o."txHash", o."rawTx", ${signed.maxFeePerGas}::numeric FROM o
      )
      SELECT * FROM o`;
  });
  return { found, inserted };
}

const MARK_BROADCAST: Statement = {
  name: 'outbound-broadcast',
  text: `UPDATE "OutboundTx" SET status = 'BROADCAST', "updatedAt" = now() WHERE id = ANY($1::uuid[]) AND status = 'SIGNED'`,
};

/**
 * Marks transactions the node accepted BROADCAST (those still SIGNED). One prepared statement: every payout and sweep
 * makes it once (Prisma's updateMany took three round trips).
 */
export async function markBroadcast(db: Db, ids: string[]): Promise<void> {
  await sqlRows(db, MARK_BROADCAST, [ids]);
}

/** The sender's unsent transactions from the node's next nonce up to `upTo`, in nonce order. */
const UNSENT: Statement = {
  name: 'outbound-unsent-up-to',
  text: `SELECT * FROM "OutboundTx" WHERE "chainId" = $1 AND "genesisHash" = $2 AND "fromAddress" = $3 AND status = 'SIGNED'
    AND nonce >= $4 AND nonce <= $5 ORDER BY nonce`,
};

/** A sender's transactions still SIGNED (never sent) with nonces from `fromNonce` to `upTo`, in nonce order. */
export function unsentUpTo(db: Db, sender: Pick<OutboundTx, 'chainId' | 'genesisHash' | 'fromAddress'>, fromNonce: number, upTo: number): Promise<OutboundTx[]> {
  return sqlRows<OutboundTx>(db, UNSENT, [sender.chainId, sender.genesisHash, sender.fromAddress, fromNonce, upTo]);
}

export type Candidate = { txHash: string; rawTx: string; createdAt: Date };

const WITH_CANDIDATES: Statement = {
  name: 'outbound-with-candidates',
  text: `SELECT o.*, COALESCE((
      SELECT json_agg(json_build_object('txHash', c."txHash", 'rawTx', c."rawTx", 'createdAt', c."createdAt") ORDER BY c."createdAt")
      FROM "OutboundTxCandidate" c WHERE c."outboundTxId" = o.id), '[]') AS candidates
    FROM "OutboundTx" o WHERE o.purpose = $1`,
};

/** The stored transaction with its candidates, oldest first: one statement on every poll of every payout and sweep. */
export async function withCandidates(db: Db, purpose: string): Promise<OutboundTx & { candidates: Candidate[] }> {
  const [row] = await sqlRows<OutboundTx & { candidates: Array<Omit<Candidate, 'createdAt'> & { createdAt: string }> }>(db, WITH_CANDIDATES, [purpose]);
  if (!row) throw new Error(`no transaction stored for ${purpose}`);
  return { ...row, candidates: row.candidates.map((c) => ({ ...c, createdAt: new Date(c.createdAt) })) };
}

/** A row's transaction is the candidate `mined` (its hash and bytes). */
export async function followCandidate(db: Db, id: string, mined: { txHash: string; rawTx: string }): Promise<void> {
  await db.outboundTx.update({ where: { id }, data: { txHash: mined.txHash, rawTx: mined.rawTx } });
}

/** A row's final state: CONFIRMED or FAILED at its block, or DROPPED. */
export async function settleRow(db: Db, id: string, data: { status: 'CONFIRMED' | 'FAILED'; blockNumber: number } | { status: 'DROPPED' }): Promise<void> {
  await db.outboundTx.update({ where: { id }, data });
}

/** A row is stuck since now. */
export async function markStuck(db: Db, id: string): Promise<void> {
  await db.outboundTx.update({ where: { id }, data: { stuckAt: new Date() } });
}

/** A replacement candidate (a fee bump), stored as the row's transaction before it is sent. */
export async function addCandidate(db: Db, id: string, c: { txHash: string; rawTx: string; maxFeePerGas: bigint }): Promise<void> {
  await db.outboundTx.update({
    where: { id },
    data: { txHash: c.txHash, rawTx: c.rawTx, candidates: { create: { txHash: c.txHash, rawTx: c.rawTx, maxFeePerGas: c.maxFeePerGas.toString() } } },
  });
}

/**
 * A TRON sender's next sequence number: one past its highest, read from the end of the unique (chain, instance,
 * sender, nonce) index. Counting its rows gave the same number (rows are never deleted) but read the whole history.
 */
export function tronNextSequence(chainId: number, genesisHash: string, from: string): Prisma.Sql {
  return Prisma.sql`
    SELECT COALESCE(MAX(nonce) + 1, 0)::int AS next FROM "OutboundTx"
    WHERE "chainId" = ${chainId} AND "genesisHash" = ${genesisHash} AND "fromAddress" = ${from}`;
}

/**
 * TRON's signing section (no nonces on TRON: `nonce` is a per-sender sequence that keeps the row key unique): under
 * the (chain, sender) lock, the row a racing signer stored for the purpose, or a new one with what `sign` answers
 * for the sequence number. One Prisma transaction, as before the move.
 */
export function tronSigningSection(db: Db, at: { chainId: number; from: string; purpose: string }, sign: () => Promise<{ rawTx: string; txHash: string }>): Promise<OutboundTx> {
  const { chainId, from, purpose } = at;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${nonceLock(chainId, from)}))`;
    const again = await tx.outboundTx.findUnique({ where: { purpose } });
    if (again) return again;
    const { genesisHash } = await tx.chain.findUniqueOrThrow({ where: { chainId } });
    if (!genesisHash) throw new Error(`chain ${chainId} has no registered instance (genesis block id)`);
    const [{ next: nonce }] = await tx.$queryRaw<[{ next: number }]>(tronNextSequence(chainId, genesisHash, from));
    const { rawTx, txHash } = await sign();
    return tx.outboundTx.create({
      data: { chainId, genesisHash, fromAddress: from, nonce, purpose, rawTx, txHash, candidates: { create: { txHash, rawTx, maxFeePerGas: '0' } } },
    });
  }, { timeout: 20_000 });
}

/** The stored transaction of a purpose; throws when there is none. */
export function outboundOf(db: Db, purpose: string): Promise<OutboundTx> {
  return db.outboundTx.findUniqueOrThrow({ where: { purpose } });
}

/** Marks one transaction BROADCAST if it is still SIGNED (Prisma's updateMany, as TRON's broadcast always did). */
export async function markBroadcastOne(db: Db, id: string): Promise<void> {
  await db.outboundTx.updateMany({ where: { id, status: 'SIGNED' }, data: { status: 'BROADCAST' } });
}

/** The stored transaction of a purpose through Prisma, or null (TRON's paths, which are not hot). */
export function outboundByPurpose(db: Db, purpose: string): Promise<OutboundTx | null> {
  return db.outboundTx.findUnique({ where: { purpose } });
}
