import type { Db } from '../adapters/db';
import type { ReservationStatus, Withdrawal } from '../generated/prisma/client';
import { sqlRows, type Statement } from './sql';

/** A withdrawal with its reservation's status (null: none), as approvals, settlements and executes read it first. */
export type WithdrawalWithReservation = Withdrawal & { reservationStatus: ReservationStatus | null };

const READ: Statement = {
  name: 'withdrawal-with-reservation',
  text: `SELECT w.*, r.status::text AS "reservationStatus" FROM "Withdrawal" w LEFT JOIN "Reservation" r ON r."withdrawalId" = w.id WHERE w.id = $1::uuid`,
};

/**
 * One statement where Prisma's include takes two, on the pool (src/store/sql.ts): every Mode B decision and headless
 * execute starts with it, and their lock holders wait for the worker's event loop behind it. null: no such withdrawal.
 */
export async function withdrawalWithReservation(db: Db, id: string): Promise<WithdrawalWithReservation | null> {
  const [w] = await sqlRows<WithdrawalWithReservation>(db, READ, [id]);
  return w ?? null;
}

/** The same, for a withdrawal that must exist (an activity's own): its absence is an error, retried like any other. */
export async function requireWithdrawalWithReservation(db: Db, id: string): Promise<WithdrawalWithReservation> {
  const w = await withdrawalWithReservation(db, id);
  if (!w) throw new Error(`withdrawal ${id} not found`);
  return w;
}
