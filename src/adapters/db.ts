import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from '../generated/prisma/client';

export type Db = PrismaClient;

/** A unique constraint refused the write: the race it guards was lost (someone else's row is there). */
export const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/**
 * Prisma over a `pg` pool of `max` connections. A transaction waits up to `maxWaitMs` for a connection; past that it
 * fails with P2028 (nothing was written), which the API answers as 503 SERVICE_UNAVAILABLE, never 500.
 */
export function createDb(databaseUrl: string, max = 10, maxWaitMs = 10_000): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max }), transactionOptions: { maxWait: maxWaitMs } });
}

/** A transaction that could not start in time (every connection busy) or ran past its timeout: rolled back. */
export const isTransactionTimeout = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2028';
