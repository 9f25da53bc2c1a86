import { WorkflowNotFoundError } from '@temporalio/client';
import { AppError } from '../../domain/errors';
import { liveRetryDisposition, retryDisposition, type HeadlessStatus, type RetryDisposition } from '../../domain/headless';
import { payoutSigned, withdrawalById } from '../../store/withdrawal-lists';
import { headlessHandle } from '../../temporal/client/headless';
import { statusQuery } from '../../workflows/headless-messages';
import { adminToken } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { adminAudit, currentAdmin } from '../middleware/auth';
import { retryHeadless } from '../../use-cases/withdrawal-commands';
import { json } from '../openapi/operation';
import { z } from '../openapi/zod';
import { retryQueued } from '../schemas/admin-responses';
import { withdrawalIdSchema } from '../schemas/withdrawals';

function refuse(d: Exclude<RetryDisposition, 'RETRY'>, status: string): never {
  if (d === 'IN_PROGRESS') throw new AppError('HEADLESS_RETRY_IN_PROGRESS', 'A settlement worker already holds this withdrawal');
  throw new AppError('HEADLESS_RETRY_NOT_ALLOWED', `Only a WAITING_FOR_GAS or FAILED(retryable) withdrawal without a transaction hash can be retried (this one is ${status})`);
}

/**
 * POST /admin/withdrawals/:id/retry (spec 4.13), ADMIN and SUPERADMIN: checks the stored row, then the workflow's live
 * state, then records the retry and signals it naming the record. The workflow requeues the payout; nothing is signed or
 * sent from this request.
 */
export const adminRetryEndpoint = endpoint({
  operationId: 'adminRetryWithdrawal',
  method: 'post',
  path: '/admin/withdrawals/:id/retry',
  tag: 'Admin',
  auth: adminToken({ acting: true }),
  summary: 'Requeue a headless payout (WAITING_FOR_GAS or retryable FAILED, no transaction yet)',
  description:
    'Spec 4.13: no body. Requeues only a WAITING_FOR_GAS or FAILED(retryable) request with no transaction hash; never broadcasts from the HTTP request. 409 HEADLESS_RETRY_NOT_ALLOWED otherwise, 409 HEADLESS_RETRY_IN_PROGRESS while a settlement worker holds the job.',
  params: z.object({ id: withdrawalIdSchema }),
  responses: { 202: json('Requeued', retryQueued) },
  errors: ['NOT_FOUND', 'HEADLESS_RETRY_NOT_ALLOWED', 'HEADLESS_RETRY_IN_PROGRESS'],
  handler: async ({ deps: { db, temporal }, params, req, res }) => {
    const w = params ? await withdrawalById(db, params.id) : null;
    if (!w) throw new AppError('NOT_FOUND', 'No such withdrawal');
    if (w.mode !== 'C') throw new AppError('HEADLESS_RETRY_NOT_ALLOWED', 'Only headless withdrawals can be retried');
    const signed = await payoutSigned(db, w.id);
    const stored = retryDisposition({ status: w.status as HeadlessStatus, retryable: w.retryable, hasTxHash: signed || w.settlementTxHash !== null });
    if (stored !== 'RETRY') refuse(stored, w.status);

    const handle = headlessHandle(temporal.client, w.sessionRef);
    const live = await handle.query(statusQuery).catch((err: unknown) => {
      if (err instanceof WorkflowNotFoundError) refuse('NOT_ALLOWED', w.status);
      throw err;
    });
    const now = liveRetryDisposition(live);
    if (now !== 'RETRY') refuse(now, live.status);
    await retryHeadless(db, handle, w, currentAdmin(res).email, adminAudit(req, res, 'WITHDRAWAL_RETRY', w.id));
    res.status(202).json({ withdrawRequestId: w.id, status: 'EXECUTION_QUEUED' });
  },
});
