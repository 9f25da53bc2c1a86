import type { Db } from '../adapters/db';

/** A chain's scan cursor at `head`, unless it has one. */
export async function openCursor(db: Db, chainId: number, head: number): Promise<void> {
  // ON CONFLICT, not Prisma's upsert (a read, then an insert): workers starting together each open the cursor, and
  // the insert that loses the race must not fail that worker's start.
  await db.$executeRaw`INSERT INTO "ChainCursor" ("chainId", "nextBlock", "updatedAt") VALUES (${chainId}, ${head}, now()) ON CONFLICT ("chainId") DO NOTHING`;
}
