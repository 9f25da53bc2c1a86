import Decimal from 'decimal.js';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import { refusal } from '../activities/refusal';
import { executeDisposition, type HeadlessStatus } from '../domain/headless';
import { executeResult, type ExecuteResult } from '../domain/headless-intent';
import { priceFiatPayout } from '../domain/withdraw-amounts';
import type { Withdrawal } from '../generated/prisma/client';
import { ASSET_FLAGS_SQL, assetRefusal, type AssetFlags, type PayoutReadiness } from '../store/headless-assets';
import { bankrollBalance } from '../chain/bankroll-balance';
import { earlyBalanceAfter } from '../store/liquidity';
import { sqlRows, type Statement } from '../store/sql';
import type { WithdrawalWithReservation } from '../store/withdrawal-reads';
import { notExecutable, ownerSections, type Priced, type Section } from './headless-execute-section';

export interface ExecuteDeps {
  db: Db;
  chains: ChainProviders;
  prices: PriceProvider;
  fx: FxProvider;
  bankroll: string;
}

const facts = (w: WithdrawalWithReservation) => ({ status: w.status as HeadlessStatus, expiresAt: w.expiresAt, reservation: w.reservationStatus });

/** An execute's answer, and the intent it queued as its attempt reads it (requirePayoutReadiness's row; null on a replay). */
export interface ExecutedIntent {
  result: ExecuteResult;
  queued: PayoutReadiness | null;
}

/**
 * Spec 4.10 execute, in one PostgreSQL transaction (DESIGN invariant 3). Outside it, only reads that lock nothing:
 * the caller, the intent's state, whether its asset is still supported (409), a fresh price (503), and the bankroll
 * balance with the token's consumption count. Inside, under the owner's cap lock and then the token's liquidity lock
 * (ownerSection: two round trips, shared by the owner's executes of the token that arrive meanwhile, executeAll):
 * the state again, active reservations (the balance is read again only if a reservation of the token was consumed
 * since, see liquidityVerdict), liquidity, caps, and the reservation with the priced, EXECUTION_QUEUED intent. A
 * refusal writes nothing of the refused execute.
 */
async function executeIntent(d: ExecuteDeps, section: Section, withdrawalId: string, callerOperatorId: string): Promise<ExecutedIntent> {
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
  const outcome = await section({ w, priced, early, now });
  if ('refusal' in outcome) throw outcome.refusal;
  const { row, replay } = outcome;
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

/**
 * executeIntent with its dependencies, its owner's sections and its log line: the one execute of the checked activity
 * and of the plain one (runs begun before the checked execute).
 */
export function headlessExecutor(d: ExecuteDeps & { logger: Logger }) {
  const section = ownerSections(d.db);
  return async (input: { withdrawalId: string; callerOperatorId: string }): Promise<ExecutedIntent> => {
    const done = await executeIntent(d, section, input.withdrawalId, input.callerOperatorId);
    d.logger.info('headless execute', { withdrawalId: input.withdrawalId, replayed: done.result.replayed });
    return done;
  };
}
