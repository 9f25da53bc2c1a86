import Decimal from 'decimal.js';
import { USD_LEDGER_DECIMALS } from './money';

/**
 * Spec 8 cap arithmetic, shared by Mode B approvals and headless execute. Limits are in the owner's platform fiat;
 * a withdrawal counts at a fixed cap amount from the moment it starts to count (approval, PROCESSING, execute).
 */
export const CAP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The owner's platform fiat (spec 2.6): platformFiatDefault, else openingBalanceCurrency, else USD. */
export function platformFiat(o: { platformFiatDefault: string | null; openingBalanceCurrency: string | null }): string {
  return o.platformFiatDefault ?? o.openingBalanceCurrency ?? 'USD';
}

export type CapAmount = { ok: true; value: Decimal } | { ok: false; reason: string };

/**
 * What a withdrawal counts for in a cap currency (rule 1): under a USD cap its six-decimal USD valuation, otherwise
 * its locked fiat amount, which must already be in that currency. Anything else cannot be verified (rule 3).
 */
export function capAmountOf(w: { fiatAmount: Decimal; fiatCurrency: string; amountInUsd: Decimal | null }, currency: string): CapAmount {
  if (currency === 'USD') {
    if (w.amountInUsd === null) return { ok: false, reason: 'no USD valuation' };
    const usd = w.amountInUsd.toDecimalPlaces(USD_LEDGER_DECIMALS, Decimal.ROUND_UP);
    if (w.fiatAmount.gt(0) && usd.lte(0)) return { ok: false, reason: 'a positive payout whose USD value rounds to zero' };
    return { ok: true, value: usd };
  }
  if (w.fiatCurrency !== currency) return { ok: false, reason: `amount is in ${w.fiatCurrency}, the cap in ${currency}` };
  return { ok: true, value: w.fiatAmount };
}

export type CapVerdict = 'OK' | 'WITHDRAW_AMOUNT_TOO_HIGH' | 'DAILY_LIMIT_EXCEEDED' | 'WITHDRAW_CAP_UNVERIFIABLE';

export interface CapCheck {
  candidate: CapAmount;
  /** null: no restriction (rule 2); zero blocks any positive amount. */
  singleLimit: Decimal | null;
  dailyLimit: Decimal | null;
  /** Everything the rolling window counts besides the candidate. */
  counted: CapAmount[];
}

/** Rules 2-3: unverifiable first (fail closed), then the single limit, then the rolling 24 h total. */
export function checkCaps(c: CapCheck): CapVerdict {
  const limits = [c.singleLimit, c.dailyLimit].filter((l): l is Decimal => l !== null);
  if (limits.some((l) => !l.isFinite() || l.isNegative())) return 'WITHDRAW_CAP_UNVERIFIABLE';
  if (limits.length === 0) return 'OK';
  if (!c.candidate.ok) return 'WITHDRAW_CAP_UNVERIFIABLE';
  const amount = c.candidate.value;
  if (c.singleLimit !== null && amount.gt(c.singleLimit)) return 'WITHDRAW_AMOUNT_TOO_HIGH';
  if (c.dailyLimit === null) return 'OK';
  let used = new Decimal(0);
  for (const x of c.counted) {
    if (!x.ok) return 'WITHDRAW_CAP_UNVERIFIABLE';
    used = used.plus(x.value);
  }
  return used.plus(amount).gt(c.dailyLimit) ? 'DAILY_LIMIT_EXCEEDED' : 'OK';
}

/** One currency's share of what the rolling window counts: the sum of its cap amounts and whether a row had none. */
export interface CountedGroup {
  capCurrency: string | null;
  /** The sum of the group's cap amounts; null when none of its rows has one. */
  total: Decimal | null;
  /** Some counted row of this currency has no cap amount. */
  anyWithoutAmount: boolean;
}

/**
 * The counted amounts for checkCaps from per-currency totals instead of one entry per row: the total in the cap
 * currency, plus an unverifiable entry for every other currency and for rows without a cap amount. checkCaps only
 * sums the entries and fails on any unverifiable one, so its verdict is the same as with the rows themselves.
 */
export function countedFromGroups(groups: CountedGroup[], currency: string): CapAmount[] {
  return groups.flatMap((g): CapAmount[] => {
    if (g.capCurrency !== currency) return [{ ok: false, reason: `counted history in ${g.capCurrency ?? 'no currency'}, the cap in ${currency}` }];
    const counted: CapAmount[] = g.total === null ? [] : [{ ok: true, value: g.total }];
    return g.anyWithoutAmount ? [...counted, { ok: false, reason: `counted history without a cap amount in ${currency}` }] : counted;
  });
}
