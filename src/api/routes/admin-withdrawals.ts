import { Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { ADMIN_TARGETS, adminMayMove, withdrawalWorkflowId } from '../../domain/withdrawals';
import type { Withdrawal } from '../../generated/prisma/client';
import { onWithdrawalWorkflow } from '../../withdrawals/start-withdrawal';
import { stuckPayouts } from '../../withdrawals/stuck-payouts';
import { adminTransitionUpdate } from '../../workflows/withdrawal-messages';
import type { ApiDeps } from '../deps';
import { currentAdmin, requireActingRole } from '../middleware/auth';
import { afterCursor, decodeCursor, encodeCursor } from '../pagination';

const listQuery = z.object({
  status: z.enum(['PENDING', 'PROCESSING', 'AWAITING_APPROVAL', 'CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING', 'COMPLETED', 'REJECTED', 'FAILED', 'CANCELLED', 'EXPIRED']).optional(),
  operatorId: z.uuid().optional(),
  mode: z.enum(['A', 'B', 'C']).optional(),
  externalUserId: z.string().min(1).optional(),
  /** true: only withdrawals whose payout is signed, unmined, and past TX_STUCK_SECONDS. */
  stuck: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});

const statusBody = z.object({
  // Any other value is a VALIDATION_ERROR (CONTRACT §6); a legal value that is not a legal move is a 409.
  status: z.enum(ADMIN_TARGETS as [string, ...string[]]),
  adminNote: z.string().max(2000).optional(),
});

/** GET /admin/withdrawals (any admin role) and PATCH /admin/withdrawals/:id/status (Mode A moves, acting roles). */
export function adminWithdrawalRoutes({ db, temporal, config }: ApiDeps): Router {
  const router = Router();
  const view = (w: Withdrawal, stuck: Set<string>) => {
    const workflowId = withdrawalWorkflowId(w);
    return {
      id: w.id,
      operatorId: w.operatorId,
      externalUserId: w.externalUserId,
      mode: w.mode,
      status: w.status,
      fiatAmount: w.fiatAmount.toFixed(2),
      fiatCurrency: w.fiatCurrency,
      cryptoAmountSent: w.cryptoAmountSent?.toFixed(8) ?? null,
      symbol: w.symbol,
      chainId: w.chainId,
      address: w.address,
      txHash: w.settlementTxHash,
      stuck: stuck.has(w.id),
      heldReason: w.heldReason,
      // Beyond CONTRACT §4's fields: why a FAILED withdrawal failed (e.g. PAYOUT_REVERTED), so admins can act on it.
      reasonCode: w.reasonCode,
      adminNote: w.adminNote,
      adminNoteBy: w.adminNoteBy,
      adminNoteAt: w.adminNoteAt?.toISOString() ?? null,
      createdAt: w.createdAt.toISOString(),
      updatedAt: w.updatedAt.toISOString(),
      workflowId,
      temporalUiUrl: `${config.TEMPORAL_UI_URL}/namespaces/${encodeURIComponent(config.TEMPORAL_NAMESPACE)}/workflows/${encodeURIComponent(workflowId)}`,
    };
  };

  router.get('/admin/withdrawals', async (req, res) => {
    const q = listQuery.parse(req.query);
    const stuckOnly = q.stuck === 'true' ? { id: { in: [...(await stuckPayouts(db))] } } : {};
    const rows = await db.withdrawal.findMany({
      where: { status: q.status, operatorId: q.operatorId, mode: q.mode, externalUserId: q.externalUserId, ...stuckOnly, ...afterCursor(q.cursor ? decodeCursor(q.cursor) : null) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: q.limit + 1,
    });
    const page = rows.slice(0, q.limit);
    if (rows.length > q.limit) res.setHeader('X-Next-Cursor', encodeCursor(page.at(-1)!));
    const stuck = await stuckPayouts(db, page.map((w) => w.id));
    res.json(page.map((w) => view(w, stuck)));
  });

  router.patch('/admin/withdrawals/:id/status', requireActingRole, async (req, res) => {
    const body = statusBody.parse(req.body ?? {});
    const id = z.uuid().safeParse(req.params.id);
    const w = id.success ? await db.withdrawal.findUnique({ where: { id: id.data } }) : null;
    if (!w) throw new AppError('NOT_FOUND', 'No such withdrawal');
    if (w.mode !== 'A' || !adminMayMove(w.status)) {
      throw new AppError('INVALID_TRANSITION', `A ${w.mode === 'A' ? w.status : `Mode ${w.mode}`} withdrawal cannot move to ${body.status}`);
    }
    await onWithdrawalWorkflow({ client: temporal.client, config, db }, w, (h) =>
      h.executeUpdate(adminTransitionUpdate, { args: [{ to: body.status as (typeof ADMIN_TARGETS)[number], adminNote: body.adminNote, by: currentAdmin(res).email }] }),
    );
    res.json(view(await db.withdrawal.findUniqueOrThrow({ where: { id: w.id } }), await stuckPayouts(db, [w.id])));
  });

  return router;
}
