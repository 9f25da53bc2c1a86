import type { Db } from '../../src/adapters/db';

/** Rows in every table of the schema (migrations bookkeeping aside), to prove a refused request wrote nothing. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await db.$queryRaw<Array<{ name: string }>>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
    ORDER BY table_name`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM "${name}"`);
    counts[name] = Number(row!.n);
  }
  return counts;
}
