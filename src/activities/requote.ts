import { dec } from '../domain/money';
import Decimal from 'decimal.js';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import { storedOutbound } from '../store/outbound-txs';
import { capAmountOf } from '../domain/caps';
import { payoutPurpose } from '../domain/keys';
import { priceFiatPayout, quoteExpired, type PricedPayout } from '../domain/withdraw-amounts';
import type { HeldReason } from '../domain/withdrawals';
import { Prisma } from '../generated/prisma/client';
import { liquidityVerdict, reservationInsert } from '../store/liquidity';
import { ownerSection } from '../store/owner-section';
import { requireWithdrawalWithReservation, type WithdrawalWithReservation } from '../store/withdrawal-reads';
import { decide, payoutReservations, type ApprovalDeps } from './approval';
import { refusal } from './refusal';

export interface RequoteDeps extends ApprovalDeps {
  prices: PriceProvider;
  fx: FxProvider;
}

/** A withdrawal whose quote holds (re-priced if it had expired), or why it waits. */
export type Payable = { ok: true; w: WithdrawalWithReservation } | { ok: false; heldReason: HeldReason };

type Requote = { ok: true; w: WithdrawalWithReservation } | { ok: false; reason: HeldReason };

type Fresh = PricedPayout & { priceRate: Decimal };


/**
 * A widget payout's quote at signing (WITHDRAW_QUOTE_TTL_SECONDS). Once it has expired, and before the payout is ever
 * signed, the fiat amount is priced again from a fresh price exactly as the submission priced it (priceFiatPayout
 * rounds the token amount down), and decided again at that amount with its reservation (reserveAt). A payout already
 * signed keeps its signed amount: the stored transaction is what is paid.
 */
export function payoutQuotes(d: RequoteDeps) {
  const { earlyBalance } = payoutReservations(d);

  /**
   * The withdrawal ready to sign at a quote that holds. Otherwise it is held with the reason, which an admin sees:
   * Mode B's workflow retries the held approval (TEMPORARILY_UNAVAILABLE while the price or the liquidity is missing);
   * Mode A stays PROCESSING and the admin's COMPLETED is refused with it (heldRefusal), to be made again.
   */
  async function payable(w: WithdrawalWithReservation): Promise<Payable> {
    const q = await current(w);
    if (q.ok) return q;
    const heldReason: HeldReason = w.mode === 'B' && q.reason === 'PRICE_UNAVAILABLE' ? 'TEMPORARILY_UNAVAILABLE' : q.reason;
    await d.db.withdrawal.update({ where: { id: w.id }, data: { held: true, heldReason } });
    d.logger.info('payout held at re-pricing', { withdrawalId: w.id, heldReason });
    return { ok: false, heldReason };
  }

  async function current(w: WithdrawalWithReservation): Promise<Requote> {
    const now = new Date();
    if (!quoteExpired(w.quotedAt, now, d.config.WITHDRAW_QUOTE_TTL_SECONDS)) return { ok: true, w };
    if (await storedOutbound(d.db, payoutPurpose(w.id))) return { ok: true, w };
    const priced = await freshPayout(w);
    if (!priced) return { ok: false, reason: 'PRICE_UNAVAILABLE' };
    const reason = await reserveAt(w, priced, now);
    if (reason) return { ok: false, reason };
    d.logger.info('payout re-priced', { withdrawalId: w.id, quoted: w.cryptoAmountSent?.toString() ?? null, now: priced.cryptoAmountSent, priceRate: priced.priceRate.toFixed() });
    return { ok: true, w: await requireWithdrawalWithReservation(d.db, w.id) };
  }

  /** The fiat amount at a fresh price and FX rate, as the submission prices it; null when either is unknown. */
  async function freshPayout(w: WithdrawalWithReservation): Promise<Fresh | null> {
    const [rate, quote] = await Promise.all([d.fx.usdTo(w.fiatCurrency), d.prices.usdPrice({ chainId: w.chainId, tokenAddress: w.tokenAddress })]);
    const priced = rate && quote && priceFiatPayout(dec(w.fiatAmount), rate, quote.usd, w.decimals);
    return priced ? { ...priced, priceRate: quote.usd } : null;
  }

  /**
   * The new amount decided and reserved under the owner's section, as an approval or Mode A's reservation would be:
   * Mode B's approval rules (flags, caps, liquidity), Mode A's liquidity, with the payout's own reservation (if it
   * holds one) no longer counted against it. The amounts and the reservation are written together, or nothing is and
   * the reason is answered: a re-price that cannot be paid never stands as a fresh quote.
   */
  async function reserveAt(w: WithdrawalWithReservation, priced: Fresh, now: Date): Promise<HeldReason | null> {
    const early = await earlyBalance(w);
    const scope = { ownerId: w.operatorId, now, withdrawalIds: [w.id], chainId: w.chainId, tokenAddress: w.tokenAddress };
    const own = w.reservationStatus === 'ACTIVE' ? BigInt(dec(w.cryptoAmountRaw!).toFixed(0)) : 0n;
    let reason: HeldReason | null = null;
    await ownerSection(d.db, scope, null, async ({ caps, liquidity }) => {
      const others = { ...liquidity, reserved: liquidity.reserved - own };
      if (w.mode === 'B') {
        const next = { ...w, cryptoAmountRaw: new Prisma.Decimal(priced.raw.toString()), amountInUsd: new Prisma.Decimal(priced.amountInUsd) };
        const verdict = await decide(next, caps, others, early);
        if (!verdict.approved) reason = verdict.heldReason;
        return verdict.approved ? repriced(w, priced, now, { capAmount: verdict.capAmount.toFixed(6), capCurrency: caps.currency }) : null;
      }
      if ((await liquidityVerdict(others, priced.raw, early)) !== 'FITS') reason = 'INSUFFICIENT_LIQUIDITY';
      return reason ? null : repriced(w, priced, now, capOf(w, priced));
    });
    return reason;
  }

  return { payable };
}

/** Mode A's admin COMPLETED refused, the withdrawal still PROCESSING: no price to re-price it, or no liquidity for it. */
export function heldRefusal(reason: HeldReason) {
  return reason === 'PRICE_UNAVAILABLE'
    ? refusal('PRICE_UNAVAILABLE', 'The quote expired and no fresh price is available to price the payout again; complete it again once there is')
    : refusal('INSUFFICIENT_LIQUIDITY', 'At the current price the bankroll cannot fund this payout now');
}

/** What the withdrawal counts for in its caps at the new amounts, in the currency it already counts in (if any). */
function capOf(w: WithdrawalWithReservation, priced: Fresh): { capAmount: string | null; capCurrency: string | null } {
  if (w.capCurrency === null) return { capAmount: null, capCurrency: null };
  const cap = capAmountOf({ fiatAmount: dec(w.fiatAmount), fiatCurrency: w.fiatCurrency, amountInUsd: new Decimal(priced.amountInUsd) }, w.capCurrency);
  return { capAmount: cap.ok ? cap.value.toFixed(6) : (w.capAmount?.toString() ?? null), capCurrency: w.capCurrency };
}

/**
 * The new quote on the withdrawal with its reservation (the active one resized, or a new one), in one statement; only
 * while the row still holds the quote that was read, so two attempts of one step never leave two amounts.
 */
function repriced(w: WithdrawalWithReservation, p: Fresh, now: Date, cap: { capAmount: string | null; capCurrency: string | null }): Prisma.Sql {
  const reservation = w.reservationStatus === 'ACTIVE'
    ? Prisma.sql`UPDATE "Reservation" SET "rawAmount" = ${p.raw.toString()}::numeric WHERE "withdrawalId" IN (SELECT id FROM u) AND status = 'ACTIVE'`
    : reservationInsert({ withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, raw: p.raw });
  return Prisma.sql`
    WITH u AS (
      UPDATE "Withdrawal" SET "cryptoAmountRaw" = ${p.raw.toString()}::numeric, "cryptoAmountSent" = ${p.cryptoAmountSent}::numeric,
        "amountInUsd" = ${p.amountInUsd}::numeric, "priceRate" = ${p.priceRate.toFixed()}::numeric, "quotedAt" = ${now}::timestamptz,
        "capAmount" = ${cap.capAmount}::numeric, "capCurrency" = ${cap.capCurrency}, held = false, "heldReason" = NULL, "updatedAt" = now()
      WHERE id = ${w.id}::uuid AND "quotedAt" IS NOT DISTINCT FROM ${w.quotedAt}::timestamptz
      RETURNING id
    )
    ${reservation}`;
}
