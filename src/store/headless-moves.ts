import { escapeLiteral } from 'pg';
import type { Db } from '../adapters/db';
import { headlessMove, type HeadlessMoveName } from '../domain/headless-machine';
import { groupCommit } from './group-commit';
import { sqlRows, type Statement } from './sql';

/**
 * A headless move that changes the status and nothing else, as one prepared statement off Prisma's engine: the
 * WAITING_FOR_GAS move runs after every execute that finds no gas, inside the execute's activity, so the moves of a
 * burst of executes that wait go together (groupCommit), one statement for those that arrive while one runs. Its
 * condition is the move table's (headlessSourceFilter, the same rows: hot-sql.test.ts compares them for every move).
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
        WHERE id = ANY($1::uuid[]) AND ${headlessSourceSql(name)} RETURNING id`,
    };
    statements.set(name, s);
  }
  return s;
}

type Move = { name: HeadlessMoveName; withdrawalId: string };

/** One run of a move for the intents that asked together: whether each moved (an intent asked twice moves once). */
async function moveAll(db: Db, moves: Move[]): Promise<boolean[]> {
  const rows = await sqlRows<{ id: string }>(db, statementOf(moves[0]!.name), [[...new Set(moves.map((m) => m.withdrawalId))]]);
  const moved = new Set(rows.map((r) => r.id));
  return moves.map((m) => moved.delete(m.withdrawalId));
}

const grouped = new WeakMap<Db, (m: Move) => Promise<boolean>>();

/** Moves the intent when it is in one of the move's sources; false when a concurrent change moved it first. */
export function moveHeadlessStatus(db: Db, name: HeadlessMoveName, withdrawalId: string): Promise<boolean> {
  let move = grouped.get(db);
  if (!move) {
    move = groupCommit((m: Move) => m.name, (ms: Move[]) => moveAll(db, ms));
    grouped.set(db, move);
  }
  return move({ name, withdrawalId });
}
