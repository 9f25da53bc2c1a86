import { escapeLiteral, types, type PoolClient, type QueryConfig } from 'pg';
import type { Db } from '../adapters/db';
import { Prisma } from '../generated/prisma/client';

/**
 * Statements on the hot paths run on Prisma's own `pg` pool instead of through Prisma: its query engine spent about
 * three times the CPU of the statement itself (docs/performance.md), and in the sections that every execute or
 * approval of one operator queues on, each statement's cost is paid by all who wait. Two forms:
 * - a named prepared statement on the pool (operator authentication, session creation): sqlRows;
 * - a transaction whose statements are Prisma.sql tagged templates (sqlTransaction), so a function written against
 *   RawTx runs the same SQL inside a Prisma transaction or a pg one.
 * Rows come back as Prisma's raw queries return them (numeric as Prisma.Decimal, timestamps as Date).
 */
export interface Statement {
  /** Unique per text: PostgreSQL keeps the parsed statement per connection under this name. */
  name: string;
  text: string;
}

const NUMERIC = 1700;
const decimalTypes: QueryConfig['types'] = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === NUMERIC ? (v: string) => new Prisma.Decimal(v) : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

/** Runs a statement on the pool (its own implicit transaction) and returns its rows. */
export async function sqlRows<T>(db: Db, s: Statement, values: unknown[]): Promise<T[]> {
  return (await db.sql.query({ name: s.name, text: s.text, values, types: decimalTypes })).rows as T[];
}

/** The same statement inside a Prisma interactive transaction (same text, same row shapes). */
export function txRows<T>(tx: Prisma.TransactionClient, s: Statement, values: unknown[]): Promise<T[]> {
  return tx.$queryRawUnsafe<T[]>(s.text, ...values);
}

/** What raw statements need of a transaction: a Prisma transaction client has it, and so has sqlTransaction's. */
export interface RawTx {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
}

/** Raw statements on one pooled connection, each a Prisma.sql template sent with $1.. parameters. */
function rawTx(client: PoolClient): RawTx {
  const run = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const q = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
    return client.query({ text: q.text, values: q.values, types: decimalTypes });
  };
  return {
    $queryRaw: async <T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => (await run(query, values)).rows as T,
    $executeRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => (await run(query, values)).rowCount ?? 0,
  };
}

/** A statement of sqlTransaction waiting longer than this (a lock, say) fails, and the transaction rolls back. */
const STATEMENT_TIMEOUT_MS = 60_000;

/**
 * BEGIN, `fn`, COMMIT on one connection of the pool; ROLLBACK when `fn` throws. A connection that failed mid-way is
 * discarded, not returned to the pool. Like a Prisma transaction, it waits for a free connection. `lock`: a
 * transaction-level advisory lock on that key's hash, taken before `fn` runs.
 */
export async function sqlTransaction<T>(db: Db, fn: (tx: RawTx) => Promise<T>, opts: { lock?: string } = {}): Promise<T> {
  const client = await db.sql.connect();
  let broken: Error | undefined;
  try {
    // One round trip: the statements are parameterless (the lock key goes as a quoted literal), so they go as one
    // simple query.
    const lock = opts.lock === undefined ? '' : `; SELECT pg_advisory_xact_lock(hashtext(${escapeLiteral(opts.lock)}))`;
    await client.query(`BEGIN; SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}${lock}`);
    const result = await fn(rawTx(client));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollback: Error) => {
      broken = rollback;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
