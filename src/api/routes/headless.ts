import { Router, type RequestHandler } from 'express';
import type { Db } from '../../adapters/db';
import { AppError } from '../../domain/errors';
import { canCancel, executeDisposition, isTerminal, type HeadlessStatus } from '../../domain/headless';
import { executeResult } from '../../domain/headless-intent';
import type { Operator, Withdrawal } from '../../generated/prisma/client';
import { createHeadlessIntent } from '../../use-cases/create-headless-intent';
import { listOptions } from '../../use-cases/list-withdraw-options';
import { loadStatusRecord } from '../../use-cases/load-status-record';
import { onHeadlessWorkflow } from '../../temporal/client/headless';
import { headlessIntentInScope, requireWithdrawalWithReservation, type WithdrawalWithReservation } from '../../store/withdrawal-reads';
import { cancelUpdate, executeUpdate } from '../../workflows/headless-messages';
import type { ApiDeps } from '../deps';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { hasOperatorReference, headlessCreateSchema, optionsQuerySchema } from '../schemas/headless';

/** Spec 5 rule 2: first on every headless endpoint, before anything about the resource is looked at. */
const requireHeadless: RequestHandler = (_req, res, next) => {
  if (!currentOperator(res).headlessEnabled) throw new AppError('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for this operator');
  next();
};

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

/**
 * POST /session/withdraw with executionMode HEADLESS (spec 4.2). Widget requests pass through untouched. Order:
 * the flag, operatorReference, the body, then the destination and the payload (src/use-cases/create-headless-intent.ts).
 */
export function headlessCreate(deps: ApiDeps): RequestHandler {
  return async (req, res, next) => {
    if ((req.body as { executionMode?: unknown } | undefined)?.executionMode !== 'HEADLESS') return next();
    const operator = currentOperator(res);
    if (!operator.headlessEnabled) throw new AppError('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for this operator');
    if (!hasOperatorReference(req.body)) throw new AppError('OPERATOR_REFERENCE_REQUIRED', 'operatorReference is required for a headless withdrawal');
    const body = headlessCreateSchema.parse(req.body);
    const intent = await createHeadlessIntent(deps, operator, body);
    sendEnvelope(res, 201, 'Headless withdrawal intent created', { sessionRef: intent.sessionRef, expiresAt: intent.expiresAt!.toISOString() });
  };
}

/** The operator-key headless endpoints (spec 4.9-4.12); app.ts checks the key before these run. */
export function headlessRoutes(deps: ApiDeps): Router {
  const { db, config, temporal } = deps;
  const bankroll = config.BANKROLL_ADDRESS;
  const router = Router();

  router.get('/withdraw/options', requireHeadless, async (req, res) => {
    const { sessionRef } = optionsQuerySchema.parse(req.query);
    const intent = sessionRef ? await findIntent(db, currentOperator(res), sessionRef) : null;
    sendEnvelope(res, 200, 'Withdrawal options', { options: await listOptions({ ...deps, bankroll }, intent) });
  });

  router.post('/withdrawals/:sessionRef/execute', requireHeadless, async (req, res) => {
    const operator = currentOperator(res);
    const w = await findIntent(db, operator, req.params.sessionRef as string);
    const result = isTerminal(facts(w))
      ? finalExecuteAnswer(w)
      : ((await onHeadlessWorkflow(temporal.client, config, w, (h) => h.executeUpdate(executeUpdate, { args: [{ callerOperatorId: operator.id }] }))) ??
        finalExecuteAnswer(await reread(db, w)));
    sendEnvelope(res, 202, result.replayed ? 'Execute already accepted' : 'Withdrawal queued for execution', result);
  });

  router.get('/withdrawals/:sessionRef', requireHeadless, async (req, res) => {
    const w = await findIntent(db, currentOperator(res), req.params.sessionRef as string);
    sendEnvelope(res, 200, 'Withdrawal status', await loadStatusRecord(db, deps.chains, w));
  });

  router.post('/withdrawals/:sessionRef/cancel', requireHeadless, async (req, res) => {
    const w = await findIntent(db, currentOperator(res), req.params.sessionRef as string);
    if (!canCancel(facts(w)) && (isTerminal(facts(w)) || w.settlementTxHash)) throw cancelRefused(w);
    const result = await onHeadlessWorkflow(temporal.client, config, w, (h) => h.executeUpdate(cancelUpdate));
    if (!result) throw cancelRefused(await reread(db, w));
    sendEnvelope(res, 200, 'Withdrawal cancelled', result);
  });

  return router;
}
