import type { Db } from '../adapters/db';

/** A chain's scan cursor at `head`, unless it has one. */
export async function openCursor(db: Db, chainId: number, head: number): Promise<void> {
  // ON CONFLICT, not Prisma's upsert (a read, then an insert): workers starting together each open the cursor, and
  // the insert that loses the race must not fail that worker's start.
  await db.$executeRaw`INSERT INTO "ChainCursor" ("chainId", "nextBlock", "updatedAt") VALUES (${chainId}, ${head}, now()) ON CONFLICT ("chainId") DO NOTHING`;
}

/** The last block the scanner has read on a chain (its cursor less one), or null when it has no cursor. */
export async function scannedThrough(db: Db, chainId: number): Promise<number | null> {
  const cursor = await db.chainCursor.findUnique({ where: { chainId }, select: { nextBlock: true } });
  return cursor ? cursor.nextBlock - 1 : null;
}
