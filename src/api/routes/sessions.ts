import Decimal from 'decimal.js';
import type { Response } from 'express';
import type { Config } from '../../config/env';
import { AppError } from '../../domain/errors';
import { assertAmountWithinLimits, assertSessionUsable, newSessionRef } from '../../domain/sessions';
import type { Operator, SessionType, StoredDecimal } from '../../store/rows';
import { tellCancelledWithdrawals } from '../../temporal/client/withdrawals';
import { operatorKey } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { sessionNotFound } from '../middleware/sid-auth';
import { json } from '../openapi/operation';
import { z } from '../openapi/zod';
import { operatorScope } from '../../store/operator-reads';
import { headlessCreateSchema } from '../schemas/headless';
import * as out from '../schemas/responses';
import { depositSessionSchema, UUID_RE, withdrawSessionSchema, type SessionBody } from '../schemas/sessions';
import { createHeadless, isHeadlessRequest } from './headless';
import { insertDepositSession } from '../../store/deposit-sessions';
import { sessionInScope } from '../../store/session-reads';
import { cancelSessionWithWithdrawal, insertSession, type CreatedSession, type NewSession } from '../../store/sessions';

/** Where the widget pages live: PUBLIC_BASE_URL when the service sits behind a public address, else the API itself. */
export function widgetBaseUrl(config: Config): string {
  const base = config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`;
  return `${base.replace(/\/+$/, '')}/widget`;
}

const decimalOrNull = (v: StoredDecimal | null) => (v === null ? null : new Decimal(v.toString()));

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

function sendCreated(res: Response, config: Config, session: CreatedSession): void {
  const page = session.type === 'DEPOSIT' ? 'deposit' : 'withdraw';
  sendEnvelope(res, 201, `${session.type === 'DEPOSIT' ? 'Deposit' : 'Withdraw'} session created`, {
    url: `${widgetBaseUrl(config)}/${page}?sid=${session.id}`,
    sid: session.id,
    sessionRef: session.sessionRef,
    expiresAt: session.expiresAt.toISOString(),
  });
}

const sessions = { tag: 'Sessions', auth: operatorKey() } as const;

const createDeposit = endpoint({
  ...sessions,
  operationId: 'createDepositSession',
  method: 'post',
  path: '/session/deposit',
  summary: 'Create a deposit session (widget URL and sid)',
  description:
    "Spec 4.1: creates a deposit session and returns the widget URL (with the sid). `redirectUrl` overrides the panel's return address for this session: an absolute http(s) URL without credentials or NUL, at most 2048 characters; an invalid value, the empty string included, is 400. Reusing operatorReference keeps the first session's return URL. The signed DEPOSIT webhook, not the redirect status, is authoritative for crediting.",
  body: depositSessionSchema,
  responses: { 201: json('Created', out.envelope(out.sessionCreated)) },
  errors: ['AMOUNT_BELOW_MINIMUM', 'AMOUNT_ABOVE_MAXIMUM'],
  handler: async ({ deps: { db, config }, body, res }) => {
    const operator = currentOperator(res);
    assertOperatorLimits(operator, body.amount);
    sendCreated(res, config, await insertDepositSession(db, sessionData(config, operator.id, 'DEPOSIT', body, body.redirectUrl ?? null)));
  },
});

/** One endpoint, two resources: executionMode HEADLESS asks for a headless intent (spec 4.2), anything else a widget session. */
const createWithdraw = endpoint({
  ...sessions,
  operationId: 'createWithdrawSession',
  method: 'post',
  path: '/session/withdraw',
  summary: 'Create a withdraw session, or a headless withdrawal intent (executionMode HEADLESS)',
  description:
    'Spec 4.2: without executionMode, a widget withdraw session (`url` with the sid, and `sessionRef`); the amount is locked. With executionMode HEADLESS, a headless intent (Mode C): needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED) and a non-empty operatorReference (else 400 OPERATOR_REFERENCE_REQUIRED); amount has at most two decimals; the answer is `{ sessionRef, expiresAt }` (24 h). The same operatorReference with the same payload returns the same sessionRef, with another payload 409 OPERATOR_REFERENCE_CONFLICT.',
  body: z.union([withdrawSessionSchema, headlessCreateSchema]),
  parsedByHandler: true,
  responses: { 201: json('Created: a widget session, or a headless intent', out.envelope(z.union([out.sessionCreated, out.headlessCreated]))) },
  errors: [
    'AMOUNT_BELOW_MINIMUM',
    'AMOUNT_ABOVE_MAXIMUM',
    'HEADLESS_NOT_ENABLED',
    'OPERATOR_REFERENCE_REQUIRED',
    'HEADLESS_INVALID_RECIPIENT',
    'HEADLESS_UNSUPPORTED_CHAIN',
    'HEADLESS_UNSUPPORTED_TOKEN',
    'OPERATOR_REFERENCE_CONFLICT',
    'SERVICE_UNAVAILABLE',
  ],
  handler: async ({ deps, req, res }) => {
    const operator = currentOperator(res);
    if (isHeadlessRequest(req.body)) return createHeadless(deps, operator, req.body, res);
    const body = withdrawSessionSchema.parse(req.body ?? {});
    assertOperatorLimits(operator, body.amount);
    // No redirectUrl: withdraw sessions always return to the operator's panel address (CONTRACT §6).
    sendCreated(res, deps.config, await insertSession(deps.db, sessionData(deps.config, operator.id, 'WITHDRAW', body, null)));
  },
});

// CONTRACT §6: the caller's or its sub-operators' open sessions; anything else reads as missing.
const cancelSession = endpoint({
  ...sessions,
  operationId: 'cancelSession',
  method: 'post',
  path: '/session/:uuid/cancel',
  summary: 'Cancel an open session',
  description:
    "Cancels one of the operator's (or its sub-operators') open sessions; its sid stops working (400 SESSION_NOT_OPEN). An open withdrawal of the session is cancelled with it. Another operator's session, or one already closed, answers 404.",
  params: z.object({ uuid: z.string() }),
  responses: { 200: json('Cancelled', out.envelope(out.sessionCancelled)) },
  errors: ['SESSION_NOT_FOUND', 'SESSION_EXPIRED', 'SESSION_NOT_OPEN'],
  handler: async ({ deps, req, res }) => {
    const { db } = deps;
    const id = req.params.uuid as string;
    const scope = await operatorScope(db, currentOperator(res));
    const session = UUID_RE.test(id) ? await sessionInScope(db, id, scope) : null;
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
  },
});

/** Operator-key session endpoints. */
export const sessionEndpoints = [createDeposit, createWithdraw, cancelSession];
