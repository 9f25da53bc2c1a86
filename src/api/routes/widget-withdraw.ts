import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import Decimal from 'decimal.js';
import { getAddress, isAddress, ZeroAddress } from 'ethers';
import { z } from 'zod';
import { AppError, fieldError } from '../../domain/errors';
import type { Withdrawal } from '../../generated/prisma/client';
import { LIVE_WIDGET_STATUSES } from '../../domain/withdrawals';
import { priceFiatPayout } from '../../domain/withdraw-amounts';
import { isUniqueViolation } from '../../adapters/db';
import { dispatchTarget, dispatchWebhook } from '../../temporal/client/webhooks';
import { recordWebhookEvent } from '../../store/outbox';
import { lockUsableSession } from '../../store/session-lock';
import { onWithdrawalWorkflow, startWithdrawalWorkflow } from '../../temporal/client/withdrawals';
import { askOperatorToApprove, withdrawRequestBody, type WithdrawRequestFields } from '../../use-cases/withdraw-request';
import { supersedeUpdate } from '../../workflows/withdrawal-messages';
import type { ApiDeps } from '../deps';
import { sendEnvelope } from '../envelope';
import { currentSession, sidAuth } from '../middleware/sid-auth';
import { validateBody, validatedBody } from '../middleware/validate';

const bodySchema = z.object({
  sid: z.string(),
  address: z.string(),
  chainId: z.number().int().positive(),
  tokenAddress: z.string(),
});

const inProgress = () => new AppError('WITHDRAW_IN_PROGRESS', 'A withdrawal for this session is already in progress');

/** POST /withdraw/direct-transfer (sid): the user picks address, chain and token; the amount is the session's. */
export function widgetWithdrawRoutes(deps: ApiDeps): Router {
  const { db, config, temporal, prices, fx, logger } = deps;
  const starter = { client: temporal.client, config, db };
  const router = Router();

  router.post('/withdraw/direct-transfer', sidAuth(db), validateBody(bodySchema), async (_req, res) => {
    const session = currentSession(res);
    const body = validatedBody(res, bodySchema);
    if (session.type !== 'WITHDRAW') throw fieldError('sid', 'not a withdraw session');
    const operator = session.operator;
    if (operator.status !== 'ACTIVE') throw new AppError('OPERATOR_INACTIVE', 'Operator account is inactive');
    if (!isAddress(body.address) || getAddress(body.address) === ZeroAddress) {
      throw new AppError('INVALID_ADDRESS', 'address is not a valid EVM address', { omitCode: true });
    }
    const chain = await db.chain.findUnique({ where: { chainId: body.chainId } });
    if (!chain?.active || chain.type !== 'EVM') throw fieldError('chainId', 'not an active EVM chain (see GET /chain)');
    const token = isAddress(body.tokenAddress)
      ? await db.token.findFirst({ where: { chainId: chain.chainId, address: getAddress(body.tokenAddress), active: true } })
      : null;
    if (!token) throw fieldError('tokenAddress', `not an active token on chain ${chain.chainId} (see GET /chain)`);

    const live = await db.withdrawal.findFirst({ where: { sessionId: session.id, status: { in: [...LIVE_WIDGET_STATUSES] } } });
    if (live && live.status !== 'AWAITING_APPROVAL') throw inProgress();

    // Fail closed: no fresh price or FX rate, no withdrawal.
    const fiatAmount = new Decimal(session.amount.toString());
    const [rate, quote] = await Promise.all([fx.usdTo(session.platformFiatCurrency), prices.usdPrice({ chainId: chain.chainId, tokenAddress: token.address })]);
    if (!rate || !quote) throw new AppError('PRICE_UNAVAILABLE', 'No fresh price is available for this asset; try again shortly');
    const priced = priceFiatPayout(fiatAmount, rate, quote.usd, token.decimals);
    if (!priced) throw fieldError('sid', 'the session amount is too small to pay out in this token');

    if (live) {
      // Mode B: the newer request supersedes the unactioned one, in turn with any decision on it.
      const after = await onWithdrawalWorkflow(starter, live, (h) => h.executeUpdate(supersedeUpdate));
      if (after.withdrawStatus !== 'CANCELLED') throw inProgress();
    }

    const id = randomUUID();
    const mode = operator.approvalMode === 'SYNC' ? 'A' : 'B';
    const fields: WithdrawRequestFields = {
      withdrawRequestId: id,
      sessionRef: session.sessionRef,
      externalUserId: session.externalUserId,
      address: getAddress(body.address),
      symbol: token.symbol,
      fiatCurrency: session.platformFiatCurrency,
      fiatAmount: fiatAmount.toFixed(2),
      cryptoAmountSent: priced.cryptoAmountSent,
      amountInUsd: priced.amountInUsd,
    };
    if (mode === 'A') await askOperatorToApprove(operator, config.SECRETS_KEY, config.WEBHOOK_TIMEOUT_MS, fields);

    const status = mode === 'A' ? 'PENDING' : 'AWAITING_APPROVAL';
    let created: { row: Withdrawal; eventId: string | null };
    try {
      created = await db.$transaction(async (tx) => {
        // Under the session's row lock: a concurrent cancel or settlement either went first (refused here) or waits
        // for this request to commit, and then finds it.
        await lockUsableSession(tx, session.id, new Date());
        const row = await tx.withdrawal.create({
          data: {
            id, operatorId: operator.id, mode, status, sessionId: session.id, sessionRef: session.sessionRef,
            externalUserId: session.externalUserId, address: fields.address, chainId: chain.chainId, tokenAddress: token.address,
            symbol: token.symbol, decimals: token.decimals, fiatAmount: fields.fiatAmount, fiatCurrency: fields.fiatCurrency,
            cryptoAmountRaw: priced.raw.toString(), cryptoAmountSent: priced.cryptoAmountSent, amountInUsd: priced.amountInUsd,
            priceRate: quote.usd.toString(), expiresAt: new Date(Date.now() + config.WITHDRAW_REQUEST_TTL_SECONDS * 1000),
          },
        });
        // Mode B's request is a notification through the outbox, written with the row that it announces.
        if (mode === 'A') return { row, eventId: null };
        return { row, eventId: await recordWebhookEvent(tx, config.SECRETS_KEY, { operatorId: operator.id, event: 'WITHDRAW_REQUEST', body: withdrawRequestBody(fields, new Date()) }) };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw inProgress();
      throw err;
    }
    // The request is committed: a lost start is made up by the withdrawal relay, so the answer is still 201.
    await startWithdrawalWorkflow(starter, created.row).catch((err: unknown) => logger.warn('withdrawal workflow not started; the relay will', { withdrawalId: id, err }));
    if (created.eventId) await dispatchWebhook(dispatchTarget(config, temporal.client, db), created.eventId);
    sendEnvelope(res, 201, 'Withdrawal requested', { withdrawRequestId: id, withdrawStatus: status });
  });

  return router;
}
