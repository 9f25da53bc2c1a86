import type { Prisma } from '../generated/prisma/client';

/**
 * Transaction-scoped advisory locks for code that runs inside a Prisma transaction (`tx`): held until it commits or
 * rolls back. Keys come from src/domain/keys.ts. Two hashes are in use, and a key keeps the one it was taken with,
 * so that every taker of one lock computes the same number.
 */

/** pg_advisory_xact_lock on the 32-bit hashtext of the key (the operator tree, a sender's nonces, rate limits). */
export async function lockKey(tx: Prisma.TransactionClient, key: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
}

/** pg_advisory_xact_lock on the 64-bit hashtextextended of the key (per-reference creates, where collisions would serialise unrelated operators). */
export async function lockKey64(tx: Prisma.TransactionClient, key: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}
