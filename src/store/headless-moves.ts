import { escapeLiteral } from 'pg';
import type { Db } from '../adapters/db';
import { headlessMove, type HeadlessMoveName } from '../domain/headless-machine';
import { sqlRows, type Statement } from './sql';

/**
 * A headless move that changes the status and nothing else, as one prepared statement off Prisma's engine: the
 * WAITING_FOR_GAS move runs after every execute that finds no gas, inside the execute's activity. Its condition is the
 * move table's (headlessSourceFilter, the same rows: hot-sql.test.ts compares them for every move).
 */
function headlessSourceSql(name: HeadlessMoveName): string {
  const move = headlessMove(name);
  const listed = move.from.filter((s) => s !== 'FAILED');
  const conditions = listed.length ? [`status::text IN (${listed.map(escapeLiteral).join(', ')})`] : [];
  if (move.from.includes('FAILED')) conditions.push(`(status = 'FAILED' AND retryable IS TRUE)`);
  const sources = conditions.length > 1 ? `(${conditions.join(' OR ')})` : conditions[0]!;
  return move.beforeSigning ? `${sources} AND "settlementTxHash" IS NULL` : sources;
}

const statements = new Map<HeadlessMoveName, Statement>();

function statementOf(name: HeadlessMoveName): Statement {
  let s = statements.get(name);
  if (!s) {
    s = {
      name: `headless-move-${name}`,
      text: `UPDATE "Withdrawal" SET status = ${escapeLiteral(headlessMove(name).to)}::"WithdrawStatus", "updatedAt" = now()
        WHERE id = $1::uuid AND ${headlessSourceSql(name)} RETURNING id`,
    };
    statements.set(name, s);
  }
  return s;
}

/** Moves the intent when it is in one of the move's sources; false when a concurrent change moved it first. */
export async function moveHeadlessStatus(db: Db, name: HeadlessMoveName, withdrawalId: string): Promise<boolean> {
  return (await sqlRows(db, statementOf(name), [withdrawalId])).length === 1;
}
