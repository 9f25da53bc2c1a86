import { AppError } from '../../domain/errors';
import { TERMINAL } from '../../domain/withdrawals';
import type { Withdrawal } from '../../store/rows';
import { withdrawalById } from '../../store/withdrawal-lists';
import { withdrawalInScope } from '../../store/withdrawal-reads';
import { decideWithdrawal } from '../../use-cases/withdrawal-commands';
import type { WithdrawalState } from '../../workflows/withdrawal-messages';
import { operatorKey } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendShortEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { json } from '../openapi/operation';
import { z } from '../openapi/zod';
import * as out from '../schemas/responses';
import { decisionSchema, withdrawalIdSchema } from '../schemas/withdrawals';

const stored = (w: Withdrawal): WithdrawalState => ({
  withdrawStatus: w.status,
  settlementTxHash: w.settlementTxHash,
  held: w.held,
  heldReason: w.heldReason,
});

/** POST /withdraw/:id/decision (spec 4.8): Mode B's APPROVE or REJECT, for the caller's own or a sub-operator's request. */
export const withdrawDecisionEndpoints = [
  endpoint({
    operationId: 'decideWithdrawal',
    method: 'post',
    path: '/withdraw/:id/decision',
    tag: 'Withdrawals',
    auth: operatorKey(),
    summary: 'Approve or reject an external-approval (Mode B) withdrawal',
    description:
      'Spec 4.8: external-approval mode (Mode B) only; `:id` is the withdrawRequestId and must belong to the caller. `decision` APPROVE or REJECT, `reason` optional. withdrawStatus is COMPLETED (settled, WITHDRAW_COMPLETE follows), REJECTED (no payout, no webhook) or AWAITING_APPROVAL (held). Idempotent: deciding an already decided withdrawal returns its current status.',
    params: z.object({ id: withdrawalIdSchema }),
    body: decisionSchema,
    responses: { 200: json("The withdrawal's state", out.shortEnvelope(out.decisionResult)) },
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
    handler: async ({ deps: { db, temporal, config }, body: input, params, res }) => {
    const caller = currentOperator(res).id;
    const w = params ? await withdrawalInScope(db, params.id, caller) : null;
    if (!w || w.mode === 'C') throw new AppError('NOT_FOUND', 'No such withdrawal');
    if (w.mode !== 'B') throw new AppError('INVALID_TRANSITION', 'Decisions apply to external-approval withdrawals only');
    // Already decided: its current state, and nothing else happens (a payout is never sent twice).
    let state = stored(w);
    if (!TERMINAL.has(w.status)) {
      state = await decideWithdrawal({ client: temporal.client, config, db }, w, caller, input).catch(async (err: unknown) => {
          // The workflow closed in between (settled, expired): answer from the record it left.
          const now = await withdrawalById(db, w.id);
          if (now && TERMINAL.has(now.status)) return stored(now);
          throw err;
        });
    }
    sendShortEnvelope(res, 200, { withdrawRequestId: w.id, ...state });
    },
  }),
];
