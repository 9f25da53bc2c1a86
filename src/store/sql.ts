import { escapeLiteral, types, type PoolClient, type QueryConfig, type QueryResult } from 'pg';
import type { Db } from '../adapters/db';
import { Prisma } from '../generated/prisma/client';

/**
 * Statements on the hot paths run on Prisma's own `pg` pool instead of through Prisma: its query engine spent about
 * three times the CPU of the statement itself (docs/performance.md), and in the sections that every execute or
 * approval of one operator queues on, each statement's cost is paid by all who wait. Four forms:
 * - a named prepared statement on the pool (operator authentication, session creation, ...): sqlRows;
 * - a transaction whose statements are Prisma.sql tagged templates (sqlTransaction), so a function written against
 *   RawTx runs the same SQL inside a Prisma transaction or a pg one;
 * - sqlBatch, statements that need nothing from one another, in one round trip;
 * - lockedSection, two round trips under locks, for the sections many callers queue on (signing, an owner's executes
 *   and approvals).
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
 * `fn` on one connection of the pool, which opens and commits its own transaction; ROLLBACK when it throws. A
 * connection that failed mid-way is discarded, not returned to the pool. Like a Prisma transaction, it waits for a
 * free connection.
 */
async function inTransaction<T>(db: Db, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await db.sql.connect();
  let broken: Error | undefined;
  try {
    return await fn(client);
  } catch (err) {
    await client.query('ROLLBACK').catch((rollback: Error) => {
      broken = rollback;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/** BEGIN and the statement timeout: parameterless, so one simple query, one round trip. */
const BEGIN = `BEGIN; SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`;

/** BEGIN, `fn`, COMMIT on one connection of the pool (see inTransaction). */
export async function sqlTransaction<T>(db: Db, fn: (tx: RawTx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (client) => {
    await client.query(BEGIN);
    const result = await fn(rawTx(client));
    await client.query('COMMIT');
    return result;
  });
}

/** A value written into a simple-query statement: pg's escapeLiteral for text, numbers as numerals, never a bare string. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'bigint' || (typeof v === 'number' && Number.isFinite(v))) return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return escapeLiteral(v.toISOString());
  if (typeof v === 'string') return escapeLiteral(v);
  throw new Error(`no SQL literal for a ${typeof v}`);
}

/** A Prisma.sql template as one parameterless statement, its values written in as literals. */
function inlined(q: Prisma.Sql): string {
  return q.text.replace(/\$(\d+)/g, (_, n: string) => literal(q.values[Number(n) - 1]));
}

/**
 * Statements that need nothing from one another's answers, as one transaction in one round trip: BEGIN, the
 * statements in order and COMMIT as one simple query (values as literals, as lockedSection's). An error skips the rest
 * and rolls all of it back.
 */
export async function sqlBatch(db: Db, statements: Prisma.Sql[]): Promise<void> {
  await inTransaction(db, (client) => client.query([BEGIN, ...statements.map(inlined), 'COMMIT'].join('; ')));
}

/** The transaction-scoped advisory lock on a key, as a statement for lockedSection's opening. */
export const advisoryLock = (key: string) => Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`;

/** The rows of each statement of a locked section's opening, in order. */
export type OpeningRows = Array<Array<Record<string, unknown>>>;

/**
 * A transaction of two round trips for the sections that many callers queue on (signing: every payout of one sender;
 * an owner's executes and approvals): BEGIN and the `opening` statements (its locks, then the reads after them) go
 * as one simple query, then `body` turns their rows into the closing statement (null: none), which goes with COMMIT
 * as another. Each statement of a simple query takes its own snapshot, so a read after a lock sees what the lock's
 * previous holder committed, as it would in a round trip of its own. The values go as literals (pg's escapeLiteral),
 * since a simple query takes no parameters. Answers the closing's rows (of each of its statements, in order); when
 * `body` throws, nothing is written.
 */
export async function lockedSection<C>(db: Db, opening: Prisma.Sql[], body: (rows: OpeningRows) => Promise<Prisma.Sql | null>): Promise<C[]> {
  return inTransaction(db, async (client) => {
    const opened = (await client.query({ text: [BEGIN, ...opening.map(inlined)].join('; '), types: decimalTypes })) as unknown as QueryResult[];
    const closing = await body(opened.slice(2).map((r) => r.rows as Array<Record<string, unknown>>));
    if (!closing) {
      await client.query('COMMIT');
      return [];
    }
    const closed = (await client.query({ text: `${inlined(closing)}; COMMIT`, types: decimalTypes })) as unknown as QueryResult[];
    return closed.slice(0, -1).flatMap((r) => r.rows) as C[];
  });
}
