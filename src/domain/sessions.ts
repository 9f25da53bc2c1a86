import { randomBytes } from 'node:crypto';
import type Decimal from 'decimal.js';
import { AppError } from './errors';

/** A new session's (or headless intent's) public reference: 128 random bits. */
export const newSessionRef = () => `sr_${randomBytes(16).toString('hex')}`;

export type StoredSessionStatus = 'OPEN' | 'COMPLETED' | 'CANCELLED';
export type SessionStatusView = StoredSessionStatus | 'EXPIRED';

/** EXPIRED is derived: an OPEN session past its expiry. */
export function sessionStatus(stored: StoredSessionStatus, expiresAt: Date, now: Date): SessionStatusView {
  return stored === 'OPEN' && expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : stored;
}

/** Spec 7.2 for a widget call on a session: usable only while OPEN. */
export function assertSessionUsable(stored: StoredSessionStatus, expiresAt: Date, now: Date): void {
  const status = sessionStatus(stored, expiresAt, now);
  if (status === 'EXPIRED') throw new AppError('SESSION_EXPIRED', 'The session has expired');
  if (status !== 'OPEN') throw new AppError('SESSION_NOT_OPEN', 'The session is no longer open');
}

/** Spec 7.5 with the operator's bounds (CONTRACT §6: --min-amount and --max-session-amount bound both kinds). */
export function assertAmountWithinLimits(amount: Decimal, min: Decimal | null, max: Decimal | null): void {
  if (min && amount.lt(min)) throw new AppError('AMOUNT_BELOW_MINIMUM', `Amount is below the minimum of ${min.toFixed(2)}`);
  if (max && amount.gt(max)) throw new AppError('AMOUNT_ABOVE_MAXIMUM', `Amount is above the maximum of ${max.toFixed(2)}`);
}
