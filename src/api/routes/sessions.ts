import Decimal from 'decimal.js';
import { Router, type Response } from 'express';
import type { Db } from '../../adapters/db';
import type { Config } from '../../config/env';
import { AppError } from '../../domain/errors';
import { depositReferenceLock } from '../../domain/keys';
import { assertAmountWithinLimits, assertSessionUsable, newSessionRef } from '../../domain/sessions';
import type { Operator, Prisma, SessionType } from '../../generated/prisma/client';
import { tellCancelledWithdrawals } from '../../temporal/client/withdrawals';
import type { ApiDeps } from '../deps';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { sessionNotFound } from '../middleware/sid-auth';
import { validateBody, validatedBody } from '../middleware/validate';
import { operatorScope } from '../operator-scope';
import {
  depositSessionSchema,
  UUID_RE,
  withdrawSessionSchema,
  type DepositSessionBody,
  type SessionBody,
} from '../schemas/sessions';
import { headlessCreate } from './headless';
import { cancelSessionWithWithdrawal, insertSession, insertSessionInTx, type CreatedSession, type NewSession } from '../../store/sessions';

/** Where the widget pages live: PUBLIC_BASE_URL when the service sits behind a public address, else the API itself. */
export function widgetBaseUrl(config: Config): string {
  const base = config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`;
  return `${base.replace(/\/+$/, '')}/widget`;
}

const decimalOrNull = (v: Prisma.Decimal | null) => (v === null ? null : new Decimal(v.toString()));

/** Spec 7.5 with the caller's bounds (CONTRACT §6: they bound deposit and withdraw sessions alike). */
function assertOperatorLimits(operator: Operator, amount: string): void {
  assertAmountWithinLimits(new Decimal(amount), decimalOrNull(operator.minAmount), decimalOrNull(operator.maxSessionAmount));
}

function sessionData(config: Config, operatorId: string, type: SessionType, body: SessionBody, redirectUrl: string | null): NewSession {
  return {
    sessionRef: newSessionRef(),
    operatorId,
    type,
    externalUserId: body.externalUserId,
    lang: body.lang,
    platformFiatCurrency: body.platformFiatCurrency,
    userBalance: body.userBalance,
    amount: body.amount,
    email: body.email ?? null,
    operatorReference: body.operatorReference ?? null,
    redirectUrl,
    expiresAt: new Date(Date.now() + config.SESSION_TTL_SECONDS * 1000),
  };
}

/**
 * Spec 4.1 rule 5: a reused operatorReference keeps the first deposit session's stored redirectUrl, null included.
 * The advisory lock serialises creations with one reference, so two concurrent "first" sessions cannot disagree.
 * Without a reference there is nothing to serialise: one insert, no transaction.
 */
async function createDepositSession(db: Db, config: Config, operatorId: string, body: DepositSessionBody): Promise<CreatedSession> {
  const ref = body.operatorReference;
  if (!ref) return insertSession(db, sessionData(config, operatorId, 'DEPOSIT', body, body.redirectUrl ?? null));
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${depositReferenceLock(operatorId, ref)}, 0))`;
    const first = await tx.session.findFirst({
      where: { operatorId, type: 'DEPOSIT', operatorReference: ref },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { redirectUrl: true },
    });
    return insertSessionInTx(tx, sessionData(config, operatorId, 'DEPOSIT', body, first ? first.redirectUrl : (body.redirectUrl ?? null)));
  });
}

function sendCreated(res: Response, config: Config, session: CreatedSession): void {
  const page = session.type === 'DEPOSIT' ? 'deposit' : 'withdraw';
  sendEnvelope(res, 201, `${session.type === 'DEPOSIT' ? 'Deposit' : 'Withdraw'} session created`, {
    url: `${widgetBaseUrl(config)}/${page}?sid=${session.id}`,
    sid: session.id,
    sessionRef: session.sessionRef,
    expiresAt: session.expiresAt.toISOString(),
  });
}

/** Operator-key session endpoints (app.ts checks the key before these run). */
export function sessionRoutes(deps: ApiDeps): Router {
  const { db, config } = deps;
  const router = Router();

  router.post('/session/deposit', validateBody(depositSessionSchema), async (_req, res) => {
    const body = validatedBody(res, depositSessionSchema);
    const operator = currentOperator(res);
    assertOperatorLimits(operator, body.amount);
    sendCreated(res, config, await createDepositSession(db, config, operator.id, body));
  });

  router.post('/session/withdraw', headlessCreate(deps), validateBody(withdrawSessionSchema), async (_req, res) => {
    const body = validatedBody(res, withdrawSessionSchema);
    const operator = currentOperator(res);
    assertOperatorLimits(operator, body.amount);
    // No redirectUrl: withdraw sessions always return to the operator's panel address (CONTRACT §6).
    sendCreated(res, config, await insertSession(db, sessionData(config, operator.id, 'WITHDRAW', body, null)));
  });

  // CONTRACT §6: the caller's or its sub-operators' open sessions; anything else reads as missing.
  router.post('/session/:uuid/cancel', async (req, res) => {
    const id = req.params.uuid;
    const scope = await operatorScope(db, currentOperator(res));
    const session = UUID_RE.test(id) ? await db.session.findFirst({ where: { id, operatorId: { in: scope } } }) : null;
    if (!session) throw sessionNotFound();
    const now = new Date();
    assertSessionUsable(session.status, session.expiresAt, now);
    // Conditional on the state just checked: a concurrent cancel or completion must not be overwritten.
    const cancelled = await cancelSessionWithWithdrawal(db, id, now);
    if (!cancelled) throw new AppError('SESSION_NOT_OPEN', 'The session is no longer open');
    // The withdrawal is cancelled already; its workflow only catches up (and a settlement refuses it in any case), so
    // the answer does not wait for a worker.
    void tellCancelledWithdrawals({ client: deps.temporal.client }, cancelled).catch((err: unknown) =>
      deps.logger.warn('withdrawal workflow not told of its cancelled session; it learns at its next step', { sessionRef: session.sessionRef, err }),
    );
    sendEnvelope(res, 200, 'Session cancelled', { sid: session.id, sessionRef: session.sessionRef, status: 'CANCELLED' });
  });

  return router;
}
