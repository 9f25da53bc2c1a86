import { WorkflowNotFoundError } from '@temporalio/client';
import { Router } from 'express';
import { AppError } from '../../domain/errors';
import { liveRetryDisposition, retryDisposition, type HeadlessStatus, type RetryDisposition } from '../../domain/headless';
import { payoutPurpose } from '../../domain/keys';
import { headlessHandle } from '../../temporal/client/headless';
import { adminRetrySignal, statusQuery } from '../../workflows/headless-messages';
import type { ApiDeps } from '../deps';
import { requireActingRole } from '../middleware/auth';
import { withdrawalIdSchema } from '../schemas/withdrawals';

function refuse(d: Exclude<RetryDisposition, 'RETRY'>, status: string): never {
  if (d === 'IN_PROGRESS') throw new AppError('HEADLESS_RETRY_IN_PROGRESS', 'A settlement worker already holds this withdrawal');
  throw new AppError('HEADLESS_RETRY_NOT_ALLOWED', `Only a WAITING_FOR_GAS or FAILED(retryable) withdrawal without a transaction hash can be retried (this one is ${status})`);
}

/**
 * POST /admin/withdrawals/:id/retry (spec 4.13), ADMIN and SUPERADMIN: checks the stored row, then the workflow's live
 * state, then signals it. The workflow requeues the payout; nothing is signed or sent from this request.
 */
export function adminHeadlessRoutes({ db, temporal }: ApiDeps): Router {
  const router = Router();

  router.post('/admin/withdrawals/:id/retry', requireActingRole, async (req, res) => {
    const id = withdrawalIdSchema.safeParse(req.params.id);
    const w = id.success ? await db.withdrawal.findUnique({ where: { id: id.data } }) : null;
    if (!w) throw new AppError('NOT_FOUND', 'No such withdrawal');
    if (w.mode !== 'C') throw new AppError('HEADLESS_RETRY_NOT_ALLOWED', 'Only headless withdrawals can be retried');
    const signed = (await db.outboundTx.count({ where: { purpose: payoutPurpose(w.id) } })) > 0;
    const stored = retryDisposition({ status: w.status as HeadlessStatus, retryable: w.retryable, hasTxHash: signed || w.settlementTxHash !== null });
    if (stored !== 'RETRY') refuse(stored, w.status);

    const handle = headlessHandle(temporal.client, w.sessionRef);
    const live = await handle.query(statusQuery).catch((err: unknown) => {
      if (err instanceof WorkflowNotFoundError) refuse('NOT_ALLOWED', w.status);
      throw err;
    });
    const now = liveRetryDisposition(live);
    if (now !== 'RETRY') refuse(now, live.status);
    await handle.signal(adminRetrySignal);
    res.status(202).json({ withdrawRequestId: w.id, status: 'EXECUTION_QUEUED' });
  });

  return router;
}
