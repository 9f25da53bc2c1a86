import { isUniqueViolation, type Db } from '../adapters/db';
import { depositAddress } from '../adapters/hd-wallet';
import { tronDepositAddress } from '../adapters/tron-wallet';
import { HD_ALLOCATION_LOCK } from '../domain/keys';

export interface DepositAddressAllocation {
  address: string;
  hdIndex: number;
  /** true only for the call that allocated the index. */
  created: boolean;
}

type Key = { operatorId: string; externalUserId: string };


/**
 * Under the lock, allocations run one at a time: the re-read sees a row another call committed while this one
 * waited (READ COMMITTED takes a fresh snapshot per statement), so a user never gets a second index, and max+1
 * never hands out an index twice. Indices are never freed, so none is ever reused for another user.
 */
async function allocate(db: Db, depositXpub: string, key: Key): Promise<DepositAddressAllocation> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${HD_ALLOCATION_LOCK}, 0))`;
    const existing = await tx.depositAddress.findUnique({ where: { operatorId_externalUserId: key } });
    if (existing) return { address: existing.address, hdIndex: existing.hdIndex, created: false };
    const { _max } = await tx.depositAddress.aggregate({ _max: { hdIndex: true } });
    const hdIndex = (_max.hdIndex ?? -1) + 1;
    const address = depositAddress(depositXpub, hdIndex);
    await tx.depositAddress.create({ data: { ...key, hdIndex, address } });
    return { address, hdIndex, created: true };
  });
}

/**
 * The user's deposit address (one per operator and externalUserId, the same on every EVM chain), allocating the
 * next HD index on first use. The unique constraints are the backstop should anything insert without the lock:
 * a P2002 is retried once, and the retry finds the winner's row or takes the next free index.
 */
export async function ensureDepositAddress(
  db: Db,
  depositXpub: string,
  operatorId: string,
  externalUserId: string,
): Promise<DepositAddressAllocation> {
  const key = { operatorId, externalUserId };
  // Fast path without the lock: most calls are for users who already have an address.
  const existing = await db.depositAddress.findUnique({ where: { operatorId_externalUserId: key } });
  if (existing) return { address: existing.address, hdIndex: existing.hdIndex, created: false };
  try {
    return await allocate(db, depositXpub, key);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return allocate(db, depositXpub, key);
  }
}

/**
 * The user's TRON deposit address: the user's HD index (allocated as above) on TRON's path, derived from the TRON
 * extended public key and stored on first use so the scanner can match it. Deterministic, so a concurrent call
 * writes the same value.
 */
export async function ensureTronDepositAddress(db: Db, xpubs: { evm: string; tron: string }, operatorId: string, externalUserId: string): Promise<{ address: string; hdIndex: number }> {
  const { hdIndex } = await ensureDepositAddress(db, xpubs.evm, operatorId, externalUserId);
  const address = tronDepositAddress(xpubs.tron, hdIndex);
  await db.depositAddress.updateMany({ where: { hdIndex, tronAddress: null }, data: { tronAddress: address } });
  return { address, hdIndex };
}
