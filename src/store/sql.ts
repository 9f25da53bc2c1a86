import { types, type QueryConfig } from 'pg';
import type { Db } from '../adapters/db';
import { Prisma } from '../generated/prisma/client';

/**
 * Statements on the API's hot path (operator authentication, session creation) run on Prisma's own `pg` pool, as
 * named prepared statements, instead of through Prisma: its query engine spent about three times the CPU of the
 * statement itself (docs/performance.md). Rows come back as Prisma's raw queries return them (numeric as
 * Prisma.Decimal, timestamps as Date), so callers see the generated model types.
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
