import type { ApplicationFailure } from '@temporalio/common';
import Decimal from 'decimal.js';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import { refusal } from '../activities/refusal';
import { capAmountOf, checkCaps } from '../domain/caps';
import { executeDisposition, type HeadlessStatus } from '../domain/headless';
import { HEADLESS_MOVES } from '../domain/headless-machine';
import { executeResult, type ExecuteResult } from '../domain/headless-intent';
import { priceFiatPayout } from '../domain/withdraw-amounts';
import { Prisma, type Withdrawal } from '../generated/prisma/client';
import { lockOwnerCaps } from '../store/cap-usage';
import { headlessAsset } from '../store/headless-assets';
import { bankrollBalance, readEarlyBalance, reserveLiquidity } from '../store/liquidity';
import { sqlRows, sqlTransaction, type RawTx, type Statement } from '../store/sql';
import { withdrawalWithReservation, type WithdrawalWithReservation } from '../store/withdrawal-reads';

export interface ExecuteDeps {
  db: Db;
  chains: ChainProviders;
  prices: PriceProvider;
  fx: FxProvider;
  bankroll: string;
}

type ReservationStatus = 'ACTIVE' | 'RELEASED' | 'CONSUMED';

const facts = (w: WithdrawalWithReservation) => ({ status: w.status as HeadlessStatus, expiresAt: w.expiresAt, reservation: w.reservationStatus });

/** A priced payout at the fresh price, plus the exact USD value the caps measure (rounded up there, never down). */
interface Priced {
  raw: bigint;
  cryptoAmountSent: string;
  amountInUsd: string;
  usdExact: Decimal;
  priceRate: Decimal;
}

/**
 * Spec 4.10 execute, in one PostgreSQL transaction (DESIGN invariant 3). Outside it, only reads that lock nothing:
 * the caller, the intent's state, whether its asset is still supported (409), a fresh price (503), and the bankroll
 * balance with the token's consumption count. Inside, under the owner's cap lock and then the token's liquidity lock:
 * the state again, active reservations (the balance is read again only if a reservation of the token was consumed
 * since, see reserveLiquidity), liquidity, caps, and the reservation with the priced, EXECUTION_QUEUED intent. Any
 * refusal rolls everything back.
 */
export async function executeIntent(d: ExecuteDeps, withdrawalId: string, callerOperatorId: string): Promise<ExecuteResult> {
  const now = new Date();
  const w = await withdrawalWithReservation(d.db, withdrawalId);
  if (!w || w.mode !== 'C') throw refusal('NOT_FOUND', 'No such headless withdrawal');
  await assertCaller(d.db, callerOperatorId, w.operatorId);
  const first = executeDisposition(facts(w), now);
  if (first === 'REPLAY') return executeResult(w, true);
  if (first === 'NOT_EXECUTABLE') throw notExecutable(w.status);
  const asset = await headlessAsset(d.db, d.chains, w.chainId, w.tokenAddress);
  if (!asset.ok) throw refusal(asset.code, `The intent's ${asset.code === 'HEADLESS_UNSUPPORTED_CHAIN' ? 'chain' : 'token'} is no longer supported`, 409);
  const [priced, early] = await Promise.all([
    freshPrice(d, w),
    readEarlyBalance(d.db, w.chainId, w.tokenAddress, bankrollBalance(d.chains, w.chainId, w.tokenAddress, d.bankroll)),
  ]);

  // On the pool's own connection (src/store/sql.ts): every execute of this owner waits for this section.
  return sqlTransaction(d.db, async (tx) => {
    const caps = await lockOwnerCaps(tx, w.operatorId, now, w.id);
    if (caps.owner.status !== 'ACTIVE') throw refusal('OPERATOR_INACTIVE', 'The operator that owns this intent is inactive');
    if (!caps.owner.headlessEnabled) throw refusal('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for the operator that owns this intent');
    const again = await lockedFacts(tx, w.id);
    const disposition = executeDisposition(again, now);
    if (disposition === 'REPLAY') return executeResult((await tx.$queryRaw<Withdrawal[]>`SELECT * FROM "Withdrawal" WHERE id = ${w.id}::uuid`)[0]!, true);
    if (disposition === 'NOT_EXECUTABLE') throw notExecutable(again.status);

    const liquidity = await reserveLiquidity(tx, { withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, raw: priced.raw }, early);
    if (liquidity === 'BALANCE_UNAVAILABLE') throw refusal('BALANCE_UNAVAILABLE', 'The bankroll balance could not be read; nothing was reserved');
    if (liquidity === 'INSUFFICIENT_LIQUIDITY') throw refusal('INSUFFICIENT_LIQUIDITY', 'The bankroll cannot fund this payout now');

    const candidate = capAmountOf({ fiatAmount: new Decimal(w.fiatAmount.toString()), fiatCurrency: w.fiatCurrency, amountInUsd: priced.usdExact }, caps.currency);
    const verdict = checkCaps({ candidate, singleLimit: caps.singleLimit, dailyLimit: caps.dailyLimit, counted: caps.counted });
    if (verdict !== 'OK') throw refusal(verdict, capMessage(verdict));

    const queued = await queue(tx, w, priced, now, candidate.ok ? { capAmount: candidate.value.toFixed(6), capCurrency: caps.currency } : { capAmount: null, capCurrency: null });
    return executeResult(queued, false);
  });
}

const CALLER: Statement = {
  name: 'headless-caller',
  text: `SELECT c.status::text AS status, c."headlessEnabled", o."parentId" AS "ownerParentId"
    FROM "Operator" c JOIN "Operator" o ON o.id = $2::uuid WHERE c.id = $1::uuid`,
};

/** The caller must be active, headless-enabled, and the intent's owner or the owner's parent (spec 5 rule 1). */
async function assertCaller(db: Db, callerId: string, ownerId: string): Promise<void> {
  const [row] = await sqlRows<{ status: string; headlessEnabled: boolean; ownerParentId: string | null }>(db, CALLER, [callerId, ownerId]);
  if (!row || (ownerId !== callerId && row.ownerParentId !== callerId)) throw refusal('NOT_FOUND', 'No such headless withdrawal');
  if (row.status !== 'ACTIVE') throw refusal('OPERATOR_INACTIVE', 'Operator account is inactive');
  if (!row.headlessEnabled) throw refusal('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for this operator');
}

/** The token's USD price and the USD→fiat rate, both fresh, or 503: execute never guesses a price. */
async function freshPrice(d: ExecuteDeps, w: Withdrawal): Promise<Priced> {
  const [quote, rate] = await Promise.all([d.prices.usdPrice({ chainId: w.chainId, tokenAddress: w.tokenAddress }), d.fx.usdTo(w.fiatCurrency)]);
  if (!quote || !rate) throw refusal('PRICE_UNAVAILABLE', 'A fresh price could not be resolved; nothing was reserved');
  const fiat = new Decimal(w.fiatAmount.toString());
  const payout = priceFiatPayout(fiat, rate, quote.usd, w.decimals);
  if (!payout) throw refusal('AMOUNT_BELOW_MINIMUM', `The amount is worth less than the smallest payable unit of ${w.symbol}`);
  return { ...payout, usdExact: fiat.div(rate), priceRate: quote.usd };
}

/** The intent's state and its reservation's, under the owner's lock, in one statement (an include takes two). */
async function lockedFacts(tx: RawTx, id: string): Promise<{ status: HeadlessStatus; expiresAt: Date | null; reservation: ReservationStatus | null }> {
  const [row] = await tx.$queryRaw<Array<{ status: HeadlessStatus; expiresAt: Date | null; reservation: ReservationStatus | null }>>`
    SELECT w.status::text AS status, w."expiresAt", r.status::text AS reservation
    FROM "Withdrawal" w LEFT JOIN "Reservation" r ON r."withdrawalId" = w.id WHERE w.id = ${id}::uuid`;
  if (!row) throw new Error(`withdrawal ${id} not found`);
  return row;
}

/**
 * Prices the intent and queues it (its liquidity is already reserved), returning the queued row from the same
 * statement; conditional on CREATED, so a concurrent change wins (no row).
 */
async function queue(tx: RawTx, w: Withdrawal, p: Priced, now: Date, cap: { capAmount: string | null; capCurrency: string | null }): Promise<Withdrawal> {
  const [queued] = await tx.$queryRaw<Withdrawal[]>`
    UPDATE "Withdrawal" SET status = ${HEADLESS_MOVES.execute.to}::"WithdrawStatus", "cryptoAmountRaw" = ${p.raw.toString()}::numeric,
      "cryptoAmountSent" = ${p.cryptoAmountSent}::numeric, "amountInUsd" = ${p.amountInUsd}::numeric, "priceRate" = ${p.priceRate.toFixed()}::numeric,
      "capAmount" = ${cap.capAmount}::numeric, "capCurrency" = ${cap.capCurrency}, "executedAt" = ${now}::timestamptz, "updatedAt" = now()
    WHERE id = ${w.id}::uuid AND status::text IN (${Prisma.join([...HEADLESS_MOVES.execute.from])})
    RETURNING *`;
  if (!queued) throw notExecutable('changed');
  return queued;
}

function notExecutable(status: string): ApplicationFailure {
  return refusal('HEADLESS_INTENT_NOT_EXECUTABLE', `The intent cannot be executed (${status === 'changed' ? 'its state changed' : status})`);
}

function capMessage(verdict: Exclude<ReturnType<typeof checkCaps>, 'OK'>): string {
  if (verdict === 'WITHDRAW_AMOUNT_TOO_HIGH') return 'The amount exceeds the single-withdrawal limit; nothing was reserved';
  if (verdict === 'DAILY_LIMIT_EXCEEDED') return 'The amount exceeds the rolling 24-hour limit; nothing was reserved';
  return 'The withdrawal limits cannot be verified in the limit currency; nothing was reserved';
}
