import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client';

/**
 * Prisma, plus the `pg` pool under its adapter for the few statements on the hot path (src/store/sql.ts): one set
 * of connections either way.
 */
export type Db = PrismaClient & { readonly sql: Pool };

/** A unique constraint refused the write: the race it guards was lost (someone else's row is there). */
export const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/**
 * Prisma over a `pg` pool of `max` connections. A transaction waits up to `maxWaitMs` for a connection; past that it
 * fails with P2028 (nothing was written), which the API answers as 503 SERVICE_UNAVAILABLE, never 500.
 */
export function createDb(databaseUrl: string, max = 10, maxWaitMs = 10_000): Db {
  const pool = new Pool({ connectionString: databaseUrl, max });
  // An idle connection the server closed (restart, admin command) is dropped by the pool; the next query opens another.
  pool.on('error', () => {});
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), transactionOptions: { maxWait: maxWaitMs } });
  return Object.assign(client, { sql: pool });
}

/** A transaction that could not start in time (every connection busy) or ran past its timeout: rolled back. */
export const isTransactionTimeout = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2028';
