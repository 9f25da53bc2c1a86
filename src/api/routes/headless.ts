import type { Response } from 'express';
import type { Db } from '../../adapters/db';
import { AppError } from '../../domain/errors';
import { canCancel, executeDisposition, isTerminal, type HeadlessStatus } from '../../domain/headless';
import { executeResult } from '../../domain/headless-intent';
import type { Operator, Withdrawal } from '../../store/rows';
import { createHeadlessIntent } from '../../use-cases/create-headless-intent';
import { listOptions } from '../../use-cases/list-withdraw-options';
import { loadStatusRecord } from '../../use-cases/load-status-record';
import { onHeadlessWorkflow } from '../../temporal/client/headless';
import { headlessIntentInScope, requireWithdrawalWithReservation, type WithdrawalWithReservation } from '../../store/withdrawal-reads';
import { cancelUpdate, executeUpdate } from '../../workflows/headless-messages';
import { operatorKey } from '../auth-kinds';
import type { ApiDeps } from '../deps';
import { endpoint } from '../endpoint';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { json } from '../openapi/operation';
import { z } from '../openapi/zod';
import { hasOperatorReference, headlessCreateSchema, optionsQuerySchema } from '../schemas/headless';
import * as out from '../schemas/responses';

const notFound = () => new AppError('NOT_FOUND', 'No such headless withdrawal');

/** The caller's (or a sub-operator's) intent; anything else reads as missing (DESIGN invariant 5). */
async function findIntent(db: Db, operator: Operator, sessionRef: string): Promise<WithdrawalWithReservation> {
  const w = await headlessIntentInScope(db, sessionRef, operator.id);
  if (!w) throw notFound();
  return w;
}

const reread = (db: Db, w: Withdrawal) => requireWithdrawalWithReservation(db, w.id);
const facts = (w: Withdrawal) => ({ status: w.status as HeadlessStatus, retryable: w.retryable, hasTxHash: w.settlementTxHash !== null });

/** An intent that can no longer change answers execute from its row; anything else goes to its workflow. */
function finalExecuteAnswer(w: WithdrawalWithReservation) {
  if (executeDisposition({ status: w.status as HeadlessStatus, expiresAt: w.expiresAt, reservation: w.reservationStatus }, new Date()) === 'REPLAY') {
    return executeResult(w, true);
  }
  throw new AppError('HEADLESS_INTENT_NOT_EXECUTABLE', `The intent cannot be executed (${w.status})`);
}

const cancelRefused = (w: Withdrawal) => new AppError('HEADLESS_CANCEL_NOT_ALLOWED', `The intent cannot be cancelled (${w.settlementTxHash ? 'a transaction hash exists' : w.status})`);

/** POST /session/withdraw asks for a headless intent (spec 4.2) when its executionMode says HEADLESS. */
export function isHeadlessRequest(body: unknown): boolean {
  return (body as { executionMode?: unknown } | undefined)?.executionMode === 'HEADLESS';
}

/**
 * POST /session/withdraw with executionMode HEADLESS (spec 4.2). Order: the flag, operatorReference, the body, then
 * the destination and the payload (src/use-cases/create-headless-intent.ts).
 */
export async function createHeadless(deps: ApiDeps, operator: Operator, raw: unknown, res: Response): Promise<void> {
  if (!operator.headlessEnabled) throw new AppError('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for this operator');
  if (!hasOperatorReference(raw)) throw new AppError('OPERATOR_REFERENCE_REQUIRED', 'operatorReference is required for a headless withdrawal');
  const body = headlessCreateSchema.parse(raw);
  const intent = await createHeadlessIntent(deps, operator, body);
  sendEnvelope(res, 201, 'Headless withdrawal intent created', { sessionRef: intent.sessionRef, expiresAt: intent.expiresAt!.toISOString() });
}

const intents = { tag: 'Headless withdrawals', auth: operatorKey({ headless: true }) } as const;
const sessionRef = z.object({ sessionRef: z.string() });

const options = endpoint({
  ...intents,
  operationId: 'listWithdrawOptions',
  method: 'get',
  path: '/withdraw/options',
  summary: 'Payable chains and tokens with the available liquidity',
  description:
    "Spec 4.9: without `sessionRef`, the supported chains and tokens with their availability; with it, a final pre-execute check of the locked intent's asset. Locks no price and reserves nothing; UNKNOWN is advisory here, but execute fails closed on it.",
  query: optionsQuerySchema,
  responses: { 200: json('Options', out.envelope(out.withdrawOptions)) },
  errors: ['NOT_FOUND'],
  handler: async ({ deps, query, res }) => {
    const intent = query.sessionRef ? await findIntent(deps.db, currentOperator(res), query.sessionRef) : null;
    sendEnvelope(res, 200, 'Withdrawal options', { options: await listOptions({ ...deps, bankroll: deps.config.BANKROLL_ADDRESS }, intent) });
  },
});

const execute = endpoint({
  ...intents,
  operationId: 'executeHeadlessWithdrawal',
  method: 'post',
  path: '/withdrawals/:sessionRef/execute',
  summary: 'Price and queue the payout of an intent (idempotent)',
  description:
    "Spec 4.10: no body, idempotent. In one atomic step: checks ownership and the intent's state, locks a fresh price, converts the fiat amount to token units, checks the bankroll balance minus active reservations and the operator's caps, reserves and queues the settlement (202, EXECUTION_QUEUED). A replay returns the existing result; a second reservation or payout never happens. Fails closed: 503 when no fresh price or balance can be read, nothing reserved.",
  params: sessionRef,
  responses: { 202: json('Queued (or replayed)', out.envelope(out.executeResult)) },
  errors: [
    'NOT_FOUND',
    'AMOUNT_BELOW_MINIMUM',
    'HEADLESS_INTENT_NOT_EXECUTABLE',
    { code: 'HEADLESS_UNSUPPORTED_CHAIN', status: 409 },
    { code: 'HEADLESS_UNSUPPORTED_TOKEN', status: 409 },
    'INSUFFICIENT_LIQUIDITY',
    'WITHDRAW_CAP_UNVERIFIABLE',
    'PRICE_UNAVAILABLE',
    'BALANCE_UNAVAILABLE',
  ],
  handler: async ({ deps: { db, config, temporal }, params, res }) => {
    const operator = currentOperator(res);
    const w = await findIntent(db, operator, params!.sessionRef);
    const result = isTerminal(facts(w))
      ? finalExecuteAnswer(w)
      : ((await onHeadlessWorkflow(temporal.client, config, w, (h) => h.executeUpdate(executeUpdate, { args: [{ callerOperatorId: operator.id }] }))) ??
        finalExecuteAnswer(await reread(db, w)));
    sendEnvelope(res, 202, result.replayed ? 'Execute already accepted' : 'Withdrawal queued for execution', result);
  },
});

const status = endpoint({
  ...intents,
  operationId: 'getHeadlessWithdrawal',
  method: 'get',
  path: '/withdrawals/:sessionRef',
  summary: "An intent's status record",
  description:
    "Spec 4.11: the intent's safe status record (spec 2.4); never carries raw RPC or internal errors.",
  params: sessionRef,
  responses: { 200: json('The record', out.envelope(out.headlessStatusRecord)) },
  errors: ['NOT_FOUND'],
  handler: async ({ deps, params, res }) => {
    const w = await findIntent(deps.db, currentOperator(res), params!.sessionRef);
    sendEnvelope(res, 200, 'Withdrawal status', await loadStatusRecord(deps.db, deps.chains, w));
  },
});

const cancel = endpoint({
  ...intents,
  operationId: 'cancelHeadlessWithdrawal',
  method: 'post',
  path: '/withdrawals/:sessionRef/cancel',
  summary: 'Cancel an intent before anything is signed',
  description:
    'Spec 4.12: no body. Succeeds only while no transaction hash exists: releases the reservation and emits WITHDRAW_CANCELLED. Otherwise 409 HEADLESS_CANCEL_NOT_ALLOWED.',
  params: sessionRef,
  responses: { 200: json('Cancelled', out.envelope(out.headlessCancelled)) },
  errors: ['NOT_FOUND', 'HEADLESS_CANCEL_NOT_ALLOWED'],
  handler: async ({ deps: { db, config, temporal }, params, res }) => {
    const w = await findIntent(db, currentOperator(res), params!.sessionRef);
    if (!canCancel(facts(w)) && (isTerminal(facts(w)) || w.settlementTxHash)) throw cancelRefused(w);
    const result = await onHeadlessWorkflow(temporal.client, config, w, (h) => h.executeUpdate(cancelUpdate));
    if (!result) throw cancelRefused(await reread(db, w));
    sendEnvelope(res, 200, 'Withdrawal cancelled', result);
  },
});

/** The operator-key headless endpoints (spec 4.9-4.12); creation is POST /session/withdraw (sessions.ts). */
export const headlessEndpoints = [options, execute, status, cancel];
