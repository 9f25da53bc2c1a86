import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { withdrawalWorkflowId } from '../../domain/keys';
import { ADMIN_TARGETS, adminMayMove } from '../../domain/withdrawals';
import type { Withdrawal } from '../../store/rows';
import { stuckPayouts } from '../../store/stuck-payouts';
import type { Config } from '../../config/env';
import { adminToken } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { adminAudit, currentAdmin } from '../middleware/auth';
import { moveWithdrawal } from '../../use-cases/withdrawal-commands';
import { json, nextCursorHeader } from '../openapi/operation';
import { z as zod } from '../openapi/zod';
import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { withdrawalById, withdrawalsPage } from '../../store/withdrawal-lists';
import { adminWithdrawalView } from '../schemas/admin-responses';
import { adminStatusSchema, adminWithdrawalListQuery, withdrawalIdSchema } from '../schemas/withdrawals';
import { temporalUiUrl } from '../../temporal/client/ui-url';

function view(config: Config, w: Withdrawal, stuck: Set<string>): z.infer<typeof adminWithdrawalView> {
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
      temporalUiUrl: temporalUiUrl(config, workflowId),
    };
}

const list = endpoint({
  operationId: 'adminListWithdrawals',
  method: 'get',
  path: '/admin/withdrawals',
  tag: 'Admin',
  auth: adminToken(),
  summary: 'Withdrawals, newest first',
  description:
    'Spec 4.13: lists withdrawals for the management panel, a raw array, newest first; filters by status, mode, operator, user and stuck.',
  query: adminWithdrawalListQuery,
  responses: { 200: { ...json('A page of withdrawals', zod.array(adminWithdrawalView)), headers: nextCursorHeader } },
  handler: async ({ deps: { db, config }, query: q, res }) => {
    const stuckOnly = q.stuck === 'true' ? { id: { in: [...(await stuckPayouts(db))] } } : {};
    const filter = { status: q.status, operatorId: q.operatorId, mode: q.mode, externalUserId: q.externalUserId, ...stuckOnly };
    const rows = await withdrawalsPage(db, filter, q.cursor ? decodeCursor(q.cursor) : null, q.limit + 1);
    const page = rows.slice(0, q.limit);
    if (rows.length > q.limit) res.setHeader('X-Next-Cursor', encodeCursor(page.at(-1)!));
    const stuck = await stuckPayouts(db, page.map((w) => w.id));
    res.json(page.map((w) => view(config, w, stuck)));
  },
});

const move = endpoint({
  operationId: 'adminMoveWithdrawal',
  method: 'patch',
  path: '/admin/withdrawals/:id/status',
  tag: 'Admin',
  auth: adminToken({ acting: true }),
  summary: 'Move a Mode A withdrawal',
  description:
    'Spec 4.13: body `status` (PROCESSING, COMPLETED or REJECTED) and `adminNote`; follows the Mode A transitions of spec 3.2, any other move answers 409 INVALID_TRANSITION. Recorded in the admin audit.',
  params: zod.object({ id: withdrawalIdSchema }),
  body: adminStatusSchema,
  responses: { 200: json('The withdrawal after the move', adminWithdrawalView) },
  errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  handler: async ({ deps: { db, temporal, config }, body, params, req, res }) => {
    const w = params ? await withdrawalById(db, params.id) : null;
    if (!w) throw new AppError('NOT_FOUND', 'No such withdrawal');
    if (w.mode !== 'A' || !adminMayMove(w.status)) {
      throw new AppError('INVALID_TRANSITION', `A ${w.mode === 'A' ? w.status : `Mode ${w.mode}`} withdrawal cannot move to ${body.status}`);
    }
    const to = body.status as (typeof ADMIN_TARGETS)[number];
    const audit = adminAudit(req, res, 'WITHDRAWAL_STATUS', w.id, body.adminNote === undefined ? body.status : `${body.status}: ${body.adminNote}`);
    await moveWithdrawal({ client: temporal.client, config, db }, w, { to, adminNote: body.adminNote, by: currentAdmin(res).email }, audit);
    res.json(view(config, (await withdrawalById(db, w.id))!, await stuckPayouts(db, [w.id])));
  },
});

/** GET /admin/withdrawals (any admin role) and PATCH /admin/withdrawals/:id/status (Mode A moves, acting roles). */
export const adminWithdrawalEndpoints = [list, move];
