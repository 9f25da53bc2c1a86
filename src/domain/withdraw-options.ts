/**
 * GET /withdraw/options availability (spec 2.5, 4.9): advisory, never a reservation. UNKNOWN wherever execute would
 * fail closed (balance or price unreadable); UNAVAILABLE when the asset is unsupported or the free liquidity falls
 * short.
 */

export type OptionStatus = 'AVAILABLE' | 'UNAVAILABLE' | 'UNKNOWN';

/** Bankroll balance minus active reservations, never below zero (reservations can outlast a balance drop). */
export function availableRaw(balance: bigint, reserved: bigint): bigint {
  return balance > reserved ? balance - reserved : 0n;
}

export interface OptionFacts {
  supported: boolean;
  /** On-chain bankroll balance in raw units; null when it could not be read. */
  balance: bigint | null;
  reserved: bigint;
  priceKnown: boolean;
  /**
   * With a sessionRef: the intent's payout in raw units at a fresh (unlocked) price, null when it cannot be priced;
   * 'RESERVED' once execute has already held its liquidity. Undefined for the plain listing (any free amount counts).
   */
  needed?: bigint | null | 'RESERVED';
}

export function optionStatus(o: OptionFacts): OptionStatus {
  if (!o.supported) return 'UNAVAILABLE';
  if (o.needed === 'RESERVED') return 'AVAILABLE';
  if (o.balance === null || !o.priceKnown || o.needed === null) return 'UNKNOWN';
  const free = availableRaw(o.balance, o.reserved);
  if (o.needed === undefined) return free > 0n ? 'AVAILABLE' : 'UNAVAILABLE';
  return free >= o.needed ? 'AVAILABLE' : 'UNAVAILABLE';
}
