import type { Db } from '../adapters/db';
import type { ReservationStatus, Withdrawal } from '../generated/prisma/client';
import { sqlRows, type Statement } from './sql';

/** A withdrawal with its reservation's status (null: none), as approvals, settlements and executes read it first. */
export type WithdrawalWithReservation = Withdrawal & { reservationStatus: ReservationStatus | null };

/** The columns of WithdrawalWithReservation, for each statement below to add its own WHERE. */
const WITH_RESERVATION = `SELECT w.*, r.status::text AS "reservationStatus" FROM "Withdrawal" w LEFT JOIN "Reservation" r ON r."withdrawalId" = w.id`;

const READ: Statement = { name: 'withdrawal-with-reservation', text: `${WITH_RESERVATION} WHERE w.id = $1::uuid` };

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

/** A withdrawal whose payout is being confirmed, with its chain's withdrawConfirmations. */
export type PayoutToConfirm = Withdrawal & { withdrawConfirmations: number };

const TO_CONFIRM: Statement = {
  name: 'withdrawal-to-confirm',
  text: `SELECT w.*, c."withdrawConfirmations" FROM "Withdrawal" w JOIN "Chain" c ON c."chainId" = w."chainId" WHERE w.id = $1::uuid`,
};

/** One statement where two Prisma reads were: every confirmation poll of every payout in flight makes it. */
export async function requirePayoutToConfirm(db: Db, id: string): Promise<PayoutToConfirm> {
  const [w] = await sqlRows<PayoutToConfirm>(db, TO_CONFIRM, [id]);
  if (!w) throw new Error(`withdrawal ${id} not found`);
  return w;
}

/** Spec 5 rule 1: the caller ($2) or one of its sub-operators owns the withdrawal. */
const IN_SCOPE = `(w."operatorId" = $2::uuid OR w."operatorId" IN (SELECT id FROM "Operator" WHERE "parentId" = $2::uuid))`;

const HEADLESS_INTENT: Statement = {
  name: 'headless-intent-in-scope',
  text: `${WITH_RESERVATION} WHERE w."sessionRef" = $1 AND w.mode = 'C' AND ${IN_SCOPE} LIMIT 1`,
};

const IN_SCOPE_BY_ID: Statement = {
  name: 'withdrawal-in-scope',
  text: `${WITH_RESERVATION} WHERE w.id = $1::uuid AND ${IN_SCOPE}`,
};

/** The withdrawal when the operator or one of its sub-operators owns it, in one statement; null otherwise (it reads as missing). */
export async function withdrawalInScope(db: Db, id: string, operatorId: string): Promise<WithdrawalWithReservation | null> {
  const [w] = await sqlRows<WithdrawalWithReservation>(db, IN_SCOPE_BY_ID, [id, operatorId]);
  return w ?? null;
}

/**
 * The headless intent of this sessionRef when it belongs to the operator or one of its sub-operators (spec 5 rule 1),
 * with its reservation's status, in one statement; null otherwise, so another operator's intent reads as missing.
 */
export async function headlessIntentInScope(db: Db, sessionRef: string, operatorId: string): Promise<WithdrawalWithReservation | null> {
  const [w] = await sqlRows<WithdrawalWithReservation>(db, HEADLESS_INTENT, [sessionRef, operatorId]);
  return w ?? null;
}
