import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import Decimal from 'decimal.js';
import { getAddress, isAddress, ZeroAddress } from 'ethers';
import { isTronAddress } from '../adapters/tron-address';
import { isUniqueViolation, type Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import type { Config } from '../config/env';
import { AppError, fieldError } from '../domain/errors';
import { CRYPTO_DISPLAY_DECIMALS, USD_LEDGER_DECIMALS } from '../domain/money';
import { priceFiatPayout } from '../domain/withdraw-amounts';
import { LIVE_WIDGET_STATUSES } from '../domain/withdrawals';
import type { Chain, Operator, Session, Token, Withdrawal, WithdrawStatus } from '../generated/prisma/client';
import { recordWebhookEvent, type OutboxEvent } from '../store/outbox';
import { lockUsableSession } from '../store/session-lock';
import { dispatchTarget, dispatchWebhook } from '../temporal/client/webhooks';
import { onWithdrawalWorkflow, startWithdrawalWorkflow } from '../temporal/client/withdrawals';
import { supersedeUpdate } from '../workflows/withdrawal-messages';
import { askOperatorToApprove, withdrawRequestBody, type WithdrawRequestFields } from './withdraw-request';

export interface DirectTransferDeps {
  db: Db;
  config: Config;
  temporal: { client: Client };
  prices: PriceProvider;
  fx: FxProvider;
  logger: Logger;
}

/** The validated request (src/api/schemas/withdrawals.ts); the amount is the session's. */
export interface DirectTransferRequest {
  address: string;
  chainId: number;
  tokenAddress: string;
}

type WidgetSession = Session & { operator: Operator };
type Priced = NonNullable<ReturnType<typeof priceFiatPayout>> & { priceRate: Decimal; quotedAt: Date };

const inProgress = () => new AppError('WITHDRAW_IN_PROGRESS', 'A withdrawal for this session is already in progress');

/**
 * POST /withdraw/direct-transfer (spec 4.7): checks the session and the destination, prices the session's fiat
 * amount (fail closed), supersedes an unactioned Mode B request, then Mode A asks the operator synchronously before
 * anything is persisted while Mode B announces its request through the outbox; the request is committed under the
 * session's row lock and its workflow started (a lost start is made up by the withdrawal relay).
 */
export async function submitDirectTransfer(d: DirectTransferDeps, session: WidgetSession, req: DirectTransferRequest): Promise<{ withdrawRequestId: string; withdrawStatus: WithdrawStatus }> {
  const { chain, token } = await checkDestination(d.db, session, req, d.config);
  const live = await d.db.withdrawal.findFirst({ where: { sessionId: session.id, status: { in: [...LIVE_WIDGET_STATUSES] } } });
  if (live && live.status !== 'AWAITING_APPROVAL') throw inProgress();
  const priced = (await carriedQuote(d, session, token)) ?? (await priceFailClosed(d, session, chain, token));
  if (live) {
    // Mode B: the newer request supersedes the unactioned one, in turn with any decision on it.
    const after = await onWithdrawalWorkflow(starter(d), live, (h) => h.executeUpdate(supersedeUpdate));
    if (after.withdrawStatus !== 'CANCELLED') throw inProgress();
  }

  const id = randomUUID();
  const mode = session.operator.approvalMode === 'SYNC' ? 'A' : 'B';
  const fields: WithdrawRequestFields = {
    withdrawRequestId: id,
    sessionRef: session.sessionRef,
    externalUserId: session.externalUserId,
    address: chain.type === 'TRON' ? req.address : getAddress(req.address),
    symbol: token.symbol,
    fiatCurrency: session.platformFiatCurrency,
    fiatAmount: new Decimal(session.amount.toString()).toFixed(2),
    cryptoAmountSent: priced.cryptoAmountSent,
    amountInUsd: priced.amountInUsd,
  };
  if (mode === 'A') await askOperatorToApprove(session.operator, d.config.SECRETS_KEY, d.config.WEBHOOK_TIMEOUT_MS, d.config.WEBHOOK_ALLOWED_PRIVATE_CIDRS, fields);

  const created = await persist(d, session, { mode, fields, chain, token, priced });
  // The request is committed: a lost start is made up by the withdrawal relay, so the answer is still 201.
  await startWithdrawalWorkflow(starter(d), created.row).catch((err: unknown) => d.logger.warn('withdrawal workflow not started; the relay will', { withdrawalId: id, err }));
  if (created.event) await dispatchWebhook(dispatchTarget(d.config, d.temporal.client, d.db), created.event);
  return { withdrawRequestId: id, withdrawStatus: created.row.status };
}

const starter = (d: DirectTransferDeps) => ({ client: d.temporal.client, config: d.config, db: d.db });

/** The session must be a withdraw session of an active operator; the address, chain and token come from the registry. */
async function checkDestination(db: Db, session: WidgetSession, req: DirectTransferRequest, config: Config): Promise<{ chain: Chain; token: Token }> {
  if (session.type !== 'WITHDRAW') throw fieldError('sid', 'not a withdraw session');
  if (session.operator.status !== 'ACTIVE') throw new AppError('OPERATOR_INACTIVE', 'Operator account is inactive');
  const tronChain = await db.chain.findFirst({ where: { chainId: req.chainId, type: 'TRON' } });
  if (tronChain) return checkTronDestination(db, tronChain, req, config);
  if (!isAddress(req.address) || getAddress(req.address) === ZeroAddress) {
    throw new AppError('INVALID_ADDRESS', 'address is not a valid EVM address', { omitCode: true });
  }
  const chain = await db.chain.findUnique({ where: { chainId: req.chainId } });
  if (!chain?.active || chain.type !== 'EVM') throw fieldError('chainId', 'not an active EVM chain (see GET /chain)');
  const token = isAddress(req.tokenAddress)
    ? await db.token.findFirst({ where: { chainId: chain.chainId, address: getAddress(req.tokenAddress), active: true } })
    : null;
  if (!token) throw fieldError('tokenAddress', `not an active token on chain ${chain.chainId} (see GET /chain)`);
  return { chain, token };
}

/** On a TRON chain the address must be base58 TRON (an EVM address there is refused like a malformed one). */
async function checkTronDestination(db: Db, chain: Chain, req: DirectTransferRequest, config: Config): Promise<{ chain: Chain; token: Token }> {
  if (!isTronAddress(req.address)) throw new AppError('INVALID_ADDRESS', 'address is not a valid TRON address', { omitCode: true });
  if (!chain.active || !config.TRON_RPC_URLS[chain.chainId]) throw fieldError('chainId', 'not a TRON chain this deployment serves (see GET /chain)');
  const token = await db.token.findFirst({ where: { chainId: chain.chainId, address: req.tokenAddress, active: true } });
  if (!token) throw fieldError('tokenAddress', `not an active token on chain ${chain.chainId} (see GET /chain)`);
  return { chain, token };
}

/** Fail closed: no fresh price or FX rate, no withdrawal. */
async function priceFailClosed(d: DirectTransferDeps, session: WidgetSession, chain: Chain, token: Token): Promise<Priced> {
  const [rate, quote] = await Promise.all([d.fx.usdTo(session.platformFiatCurrency), d.prices.usdPrice({ chainId: chain.chainId, tokenAddress: token.address })]);
  if (!rate || !quote) throw new AppError('PRICE_UNAVAILABLE', 'No fresh price is available for this asset; try again shortly');
  const priced = priceFiatPayout(new Decimal(session.amount.toString()), rate, quote.usd, token.decimals);
  if (!priced) throw fieldError('sid', 'the session amount is too small to pay out in this token');
  return { ...priced, priceRate: quote.usd, quotedAt: new Date() };
}

/**
 * The quote of the session's earlier request for the same token while it holds (WITHDRAW_QUOTE_TTL_SECONDS): a
 * superseding request keeps it, so re-submitting never picks a better price than the one quoted; once it expires,
 * the payout is priced at signing anyway. The session's amount and currency are fixed, so its amounts carry as they are.
 */
async function carriedQuote(d: DirectTransferDeps, session: WidgetSession, token: Token): Promise<Priced | null> {
  const since = new Date(Date.now() - d.config.WITHDRAW_QUOTE_TTL_SECONDS * 1000);
  const earlier = await d.db.withdrawal.findFirst({
    where: { sessionId: session.id, chainId: token.chainId, tokenAddress: token.address, quotedAt: { gte: since }, cryptoAmountRaw: { not: null } },
    orderBy: { quotedAt: 'desc' },
  });
  if (!earlier?.cryptoAmountRaw || !earlier.cryptoAmountSent || !earlier.amountInUsd || !earlier.priceRate || !earlier.quotedAt) return null;
  return {
    raw: BigInt(earlier.cryptoAmountRaw.toFixed(0)),
    cryptoAmountSent: earlier.cryptoAmountSent.toFixed(CRYPTO_DISPLAY_DECIMALS),
    amountInUsd: earlier.amountInUsd.toFixed(USD_LEDGER_DECIMALS),
    priceRate: new Decimal(earlier.priceRate.toString()),
    quotedAt: earlier.quotedAt,
  };
}

interface NewRequest {
  mode: 'A' | 'B';
  fields: WithdrawRequestFields;
  chain: Chain;
  token: Token;
  priced: Priced;
}

/** One transaction: the request (PENDING for Mode A, AWAITING_APPROVAL for Mode B) and Mode B's WITHDRAW_REQUEST event. */
async function persist(d: DirectTransferDeps, session: WidgetSession, r: NewRequest): Promise<{ row: Withdrawal; event: OutboxEvent | null }> {
  const { fields, priced } = r;
  try {
    return await d.db.$transaction(async (tx) => {
      // Under the session's row lock: a concurrent cancel or settlement either went first (refused here) or waits
      // for this request to commit, and then finds it.
      await lockUsableSession(tx, session.id, new Date());
      const row = await tx.withdrawal.create({
        data: {
          id: fields.withdrawRequestId, operatorId: session.operator.id, mode: r.mode, status: r.mode === 'A' ? 'PENDING' : 'AWAITING_APPROVAL',
          sessionId: session.id, sessionRef: session.sessionRef, externalUserId: session.externalUserId, address: fields.address,
          chainId: r.chain.chainId, tokenAddress: r.token.address, symbol: r.token.symbol, decimals: r.token.decimals,
          fiatAmount: fields.fiatAmount, fiatCurrency: fields.fiatCurrency, cryptoAmountRaw: priced.raw.toString(),
          cryptoAmountSent: priced.cryptoAmountSent, amountInUsd: priced.amountInUsd, priceRate: priced.priceRate.toString(), quotedAt: priced.quotedAt,
          expiresAt: new Date(Date.now() + d.config.WITHDRAW_REQUEST_TTL_SECONDS * 1000),
        },
      });
      // Mode B's request is a notification through the outbox, written with the row that it announces.
      if (r.mode === 'A') return { row, event: null };
      const body = withdrawRequestBody(fields, new Date());
      return { row, event: await recordWebhookEvent(tx, d.config.SECRETS_KEY, { operatorId: session.operator.id, event: 'WITHDRAW_REQUEST', body }) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw inProgress();
    throw err;
  }
}
