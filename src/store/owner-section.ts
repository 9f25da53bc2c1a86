import type { Db } from '../adapters/db';
import type { Prisma } from '../generated/prisma/client';
import { ownerCapsFrom, ownerCapsReads, type CapsOwner, type OwnerCaps } from './cap-usage';
import { liquidityReads, lockedLiquidityFrom, type LockedLiquidity } from './liquidity';
import { lockedSection } from './sql';

export interface OwnerSectionFacts<F> {
  caps: OwnerCaps;
  liquidity: LockedLiquidity;
  /** The rows of the caller's own read (if any), made after both locks. */
  facts: F[];
}

export interface OwnerSectionScope {
  ownerId: string;
  now: Date;
  /** The withdrawals decided on: their own counting state never counts against them. */
  withdrawalIds: string[];
  chainId: number;
  tokenAddress: string;
}

/**
 * The section every headless execute and Mode B approval of one owner queues on, in two round trips (lockedSection):
 * the owner's caps lock with what its caps count, the token's liquidity lock (always after the owner's, so two
 * transactions lock in one order) with what its reservations hold, and the caller's `facts`, as one; then what
 * `decide` answers (the reservation with the withdrawal's new state, a hold, or null) with COMMIT. Each statement it
 * waits for is paid by every other decision of the owner, so the section never waits on an extra round trip; a
 * refusal thrown by `decide` rolls it back.
 */
export async function ownerSection<F, C>(
  db: Db,
  scope: OwnerSectionScope,
  facts: Prisma.Sql | null,
  decide: (s: OwnerSectionFacts<F>) => Promise<Prisma.Sql | null>,
): Promise<C[]> {
  const opening = [...ownerCapsReads(scope.ownerId, scope.now, scope.withdrawalIds), ...liquidityReads(scope.chainId, scope.tokenAddress)];
  return lockedSection<C>(db, facts ? [...opening, facts] : opening, ([owner, groups, , liquidity, rows = []]) =>
    decide({
      caps: ownerCapsFrom(scope.ownerId, owner as unknown as CapsOwner[], groups as Parameters<typeof ownerCapsFrom>[2]),
      liquidity: lockedLiquidityFrom(liquidity!),
      facts: rows as F[],
    }),
  );
}
