import { randomFillSync } from 'node:crypto';
import type Decimal from 'decimal.js';
import { AppError } from './errors';

/** Random bytes for 256 references, drawn at once: a draw per reference was a sixtieth of a session's CPU. */
const refBytes = Buffer.alloc(16 * 256);
let refOffset = refBytes.length;

/** A new session's (or headless intent's) public reference: 128 random bits. */
export function newSessionRef(): string {
  if (refOffset === refBytes.length) {
    randomFillSync(refBytes);
    refOffset = 0;
  }
  refOffset += 16;
  return `sr_${refBytes.toString('hex', refOffset - 16, refOffset)}`;
}

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
