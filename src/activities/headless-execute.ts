import type { ApplicationFailure } from '@temporalio/common';
import Decimal from 'decimal.js';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import { refusal } from '../activities/refusal';
import { capAmountOf, checkCaps } from '../domain/caps';
import { executeDisposition, type HeadlessStatus } from '../domain/headless';
import { HEADLESS_MOVES } from '../domain/headless-machine';
import { executeResult, type ExecuteResult } from '../domain/headless-intent';
import { priceFiatPayout } from '../domain/withdraw-amounts';
import { Prisma, type ReservationStatus, type Withdrawal } from '../generated/prisma/client';
import { ASSET_FLAGS_SQL, assetRefusal, type AssetFlags, type PayoutReadiness } from '../store/headless-assets';
import { bankrollBalance } from '../chain/bankroll-balance';
import { earlyBalanceAfter, liquidityVerdict, reservationInsert } from '../store/liquidity';
import { ownerSection } from '../store/owner-section';
import { sqlRows, type Statement } from '../store/sql';
import type { WithdrawalWithReservation } from '../store/withdrawal-reads';

export interface ExecuteDeps {
  db: Db;
  chains: ChainProviders;
  prices: PriceProvider;
  fx: FxProvider;
  bankroll: string;
}

const facts = (w: WithdrawalWithReservation) => ({ status: w.status as HeadlessStatus, expiresAt: w.expiresAt, reservation: w.reservationStatus });

/** A priced payout at the fresh price, plus the exact USD value the caps measure (rounded up there, never down). */
interface Priced {
  raw: bigint;
  cryptoAmountSent: string;
  amountInUsd: string;
  usdExact: Decimal;
  priceRate: Decimal;
}

/** An execute's answer, and the intent it queued as its attempt reads it (requirePayoutReadiness's row; null on a replay). */
export interface ExecutedIntent {
  result: ExecuteResult;
  queued: PayoutReadiness | null;
}

/**
 * Spec 4.10 execute, in one PostgreSQL transaction (DESIGN invariant 3). Outside it, only reads that lock nothing:
 * the caller, the intent's state, whether its asset is still supported (409), a fresh price (503), and the bankroll
 * balance with the token's consumption count. Inside, under the owner's cap lock and then the token's liquidity lock
 * (ownerSection: two round trips): the state again, active reservations (the balance is read again only if a
 * reservation of the token was consumed since, see liquidityVerdict), liquidity, caps, and the reservation with the
 * priced, EXECUTION_QUEUED intent. Any refusal rolls everything back.
 */
export async function executeIntent(d: ExecuteDeps, withdrawalId: string, callerOperatorId: string): Promise<ExecutedIntent> {
  const now = new Date();
  const [w] = await sqlRows<ExecuteFacts>(d.db, FACTS, [withdrawalId, callerOperatorId]);
  if (!w || w.mode !== 'C') throw refusal('NOT_FOUND', 'No such headless withdrawal');
  assertCaller(w, callerOperatorId);
  const first = executeDisposition(facts(w), now);
  if (first === 'REPLAY') return { result: executeResult(w, true), queued: null };
  if (first === 'NOT_EXECUTABLE') throw notExecutable(w.status);
  const asset = assetRefusal(w, d.chains);
  if (asset) throw refusal(asset, `The intent's ${asset === 'HEADLESS_UNSUPPORTED_CHAIN' ? 'chain' : 'token'} is no longer supported`, 409);
  const [priced, early] = await Promise.all([
    freshPrice(d, w),
    earlyBalanceAfter(w.consumed, bankrollBalance(d.chains, w.chainId, w.tokenAddress, d.bankroll)),
  ]);

  const scope = { ownerId: w.operatorId, now, withdrawalIds: [w.id], chainId: w.chainId, tokenAddress: w.tokenAddress };
  let replay = false;
  const [row] = await ownerSection<LockedFacts, Withdrawal>(d.db, scope, lockedFacts(w.id), async ({ caps, liquidity, facts: [again] }) => {
    if (caps.owner.status !== 'ACTIVE') throw refusal('OPERATOR_INACTIVE', 'The operator that owns this intent is inactive');
    if (!caps.owner.headlessEnabled) throw refusal('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for the operator that owns this intent');
    if (!again) throw new Error(`withdrawal ${w.id} not found`);
    const disposition = executeDisposition(again, now);
    if (disposition === 'NOT_EXECUTABLE') throw notExecutable(again.status);
    replay = disposition === 'REPLAY';
    if (replay) return Prisma.sql`SELECT * FROM "Withdrawal" WHERE id = ${w.id}::uuid`;

    const verdict = await liquidityVerdict(liquidity, priced.raw, early);
    if (verdict === 'BALANCE_UNAVAILABLE') throw refusal('BALANCE_UNAVAILABLE', 'The bankroll balance could not be read; nothing was reserved');
    if (verdict === 'INSUFFICIENT_LIQUIDITY') throw refusal('INSUFFICIENT_LIQUIDITY', 'The bankroll cannot fund this payout now');

    const candidate = capAmountOf({ fiatAmount: new Decimal(w.fiatAmount.toString()), fiatCurrency: w.fiatCurrency, amountInUsd: priced.usdExact }, caps.currency);
    const capVerdict = checkCaps({ candidate, singleLimit: caps.singleLimit, dailyLimit: caps.dailyLimit, counted: caps.counted });
    if (capVerdict !== 'OK') throw refusal(capVerdict, capMessage(capVerdict));
    const cap = candidate.ok ? { capAmount: candidate.value.toFixed(6), capCurrency: caps.currency } : { capAmount: null, capCurrency: null };
    return queueAndReserve(w, priced, now, cap);
  });
  // No row: the intent changed between the read under the locks and the update (nothing was reserved).
  if (!row) throw notExecutable('changed');
  // The asset's flags and gas ceiling as read before the locks: what the attempt would read a moment later.
  const queued = replay ? null : { ...row, chainActive: w.chainActive, chainType: w.chainType, tokenActive: w.tokenActive, maxGasPerTransfer: w.maxGasPerTransfer };
  return { result: executeResult(row, replay), queued };
}

/** The caller and everything execute checks before the locks: the intent with its reservation, the caller, the owner's parent, its asset's registry flags and gas ceiling, and the token's consumption count (read before the balance, see liquidityVerdict), in one statement. */
type ExecuteFacts = WithdrawalWithReservation &
  AssetFlags & { maxGasPerTransfer: number | null; callerStatus: string | null; callerHeadless: boolean | null; ownerParentId: string | null; consumed: string | null };

const FACTS: Statement = {
  name: 'headless-execute-facts',
  text: `SELECT w.*, r.status::text AS "reservationStatus", ${ASSET_FLAGS_SQL.columns}, ch."maxGasPerTransfer",
      c.status::text AS "callerStatus", c."headlessEnabled" AS "callerHeadless", o."parentId" AS "ownerParentId",
      (SELECT lc."consumed"::text FROM "LiquidityConsumption" lc WHERE lc."chainId" = w."chainId" AND lc."tokenKey" = lower(w."tokenAddress")) AS consumed
    FROM "Withdrawal" w LEFT JOIN "Reservation" r ON r."withdrawalId" = w.id ${ASSET_FLAGS_SQL.joins}
      LEFT JOIN "Operator" c ON c.id = $2::uuid JOIN "Operator" o ON o.id = w."operatorId"
    WHERE w.id = $1::uuid`,
};

/** The caller must be active, headless-enabled, and the intent's owner or the owner's parent (spec 5 rule 1). */
function assertCaller(w: ExecuteFacts, callerId: string): void {
  if (w.callerStatus === null || (w.operatorId !== callerId && w.ownerParentId !== callerId)) throw refusal('NOT_FOUND', 'No such headless withdrawal');
  if (w.callerStatus !== 'ACTIVE') throw refusal('OPERATOR_INACTIVE', 'Operator account is inactive');
  if (!w.callerHeadless) throw refusal('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for this operator');
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

type LockedFacts = { status: HeadlessStatus; expiresAt: Date | null; reservation: ReservationStatus | null };

/** The intent's state and its reservation's, read after the locks, in one statement (an include takes two). */
const lockedFacts = (id: string) => Prisma.sql`
  SELECT w.status::text AS status, w."expiresAt", r.status::text AS reservation
  FROM "Withdrawal" w LEFT JOIN "Reservation" r ON r."withdrawalId" = w.id WHERE w.id = ${id}::uuid`;

/**
 * Prices the intent, queues it and reserves its liquidity in one statement, answering the queued row; conditional on
 * CREATED, so a concurrent change wins (no row, and no reservation).
 */
function queueAndReserve(w: Withdrawal, p: Priced, now: Date, cap: { capAmount: string | null; capCurrency: string | null }): Prisma.Sql {
  return Prisma.sql`
    WITH u AS (
      UPDATE "Withdrawal" SET status = ${HEADLESS_MOVES.execute.to}::"WithdrawStatus", "cryptoAmountRaw" = ${p.raw.toString()}::numeric,
        "cryptoAmountSent" = ${p.cryptoAmountSent}::numeric, "amountInUsd" = ${p.amountInUsd}::numeric, "priceRate" = ${p.priceRate.toFixed()}::numeric,
        "capAmount" = ${cap.capAmount}::numeric, "capCurrency" = ${cap.capCurrency}, "executedAt" = ${now}::timestamptz, "quotedAt" = ${now}::timestamptz, "updatedAt" = now()
      WHERE id = ${w.id}::uuid AND status::text IN (${Prisma.join([...HEADLESS_MOVES.execute.from])})
      RETURNING *
    ), r AS (${reservationInsert({ withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, raw: p.raw })})
    SELECT * FROM u`;
}

function notExecutable(status: string): ApplicationFailure {
  return refusal('HEADLESS_INTENT_NOT_EXECUTABLE', `The intent cannot be executed (${status === 'changed' ? 'its state changed' : status})`);
}

function capMessage(verdict: Exclude<ReturnType<typeof checkCaps>, 'OK'>): string {
  if (verdict === 'WITHDRAW_AMOUNT_TOO_HIGH') return 'The amount exceeds the single-withdrawal limit; nothing was reserved';
  if (verdict === 'DAILY_LIMIT_EXCEEDED') return 'The amount exceeds the rolling 24-hour limit; nothing was reserved';
  return 'The withdrawal limits cannot be verified in the limit currency; nothing was reserved';
}

/**
 * executeIntent with its dependencies and its log line: the one execute of the checked activity and of the plain one
 * (runs begun before the checked execute).
 */
export function headlessExecutor(d: ExecuteDeps & { logger: Logger }) {
  return async (input: { withdrawalId: string; callerOperatorId: string }): Promise<ExecutedIntent> => {
    const done = await executeIntent(d, input.withdrawalId, input.callerOperatorId);
    d.logger.info('headless execute', { withdrawalId: input.withdrawalId, replayed: done.result.replayed });
    return done;
  };
}
