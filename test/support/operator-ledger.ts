import Decimal from 'decimal.js';
import type { Form } from './headless-fixtures';

/**
 * A small operator-side ledger that follows spec 6.6 to the letter: reserve on an accepted execute, debit on
 * WITHDRAW_COMPLETE (deduplicated on withdrawRequestId), keep the reserve on FAILED retryable true, release it on
 * FAILED retryable false and on WITHDRAW_CANCELLED (both deduplicated on eventId). Fed every delivery, duplicates
 * included, in whatever order they came.
 */
export class OperatorLedger {
  private readonly reserves = new Map<string, Decimal>();
  private readonly debits = new Map<string, Decimal>();
  private readonly holds = new Map<string, { user: string; amount: Decimal; open: boolean }>();
  private readonly completed = new Set<string>();
  private readonly seenEvents = new Set<string>();

  /** The operator holds the amount when execute answers 202 (not on a replay). */
  reserve(user: string, withdrawRequestId: string, amount: string): void {
    if (this.holds.has(withdrawRequestId)) throw new Error(`reserved twice for ${withdrawRequestId}`);
    this.holds.set(withdrawRequestId, { user, amount: new Decimal(amount), open: true });
    this.add(this.reserves, user, new Decimal(amount));
  }

  apply(e: Form): void {
    if (e.test === 'true') return;
    if (e.event === 'WITHDRAW_COMPLETE') {
      if (this.completed.has(e.withdrawRequestId!)) return;
      this.completed.add(e.withdrawRequestId!);
      this.add(this.debits, e.externalUserId!, new Decimal(e.fiatAmount!));
      this.release(e.withdrawRequestId!);
      return;
    }
    if (e.event !== 'WITHDRAW_FAILED' && e.event !== 'WITHDRAW_CANCELLED') return;
    if (this.seenEvents.has(e.eventId!)) return;
    this.seenEvents.add(e.eventId!);
    if (e.event === 'WITHDRAW_CANCELLED' || e.retryable === 'false') this.release(e.withdrawRequestId!);
  }

  reserveOf(user: string): string {
    return (this.reserves.get(user) ?? new Decimal(0)).toFixed(2);
  }

  debitOf(user: string): string {
    return (this.debits.get(user) ?? new Decimal(0)).toFixed(2);
  }

  /** A release for a withdrawal the operator never reserved (cancelled before execute) changes nothing. */
  private release(withdrawRequestId: string): void {
    const hold = this.holds.get(withdrawRequestId);
    if (!hold?.open) return;
    hold.open = false;
    this.add(this.reserves, hold.user, hold.amount.neg());
  }

  private add(map: Map<string, Decimal>, user: string, amount: Decimal): void {
    const next = (map.get(user) ?? new Decimal(0)).plus(amount);
    if (next.isNegative()) throw new Error(`${user} would go negative`);
    map.set(user, next);
  }
}
