import { createDb, type Db } from '../../src/adapters/db';

/**
 * The launcher's own connections (registering the dev chains at start): two, and a transaction waits up to a minute
 * to start. A start on a machine busy enough to hold PostgreSQL or this process's event loop past the services' 10 s
 * failed (P2028) where it should wait: CI's third restart in a row once did, under its test shards. Its own module:
 * the test services' setup imports postgres.ts, and jest's global setup cannot load the generated Prisma client.
 */
export const launcherDb = (databaseUrl: string): Db => createDb(databaseUrl, 2, 60_000);
