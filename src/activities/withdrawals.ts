import { dec } from '../domain/money';
import { capAmountOf, platformFiat } from '../domain/caps';
import type { UnpaidPayout } from '../domain/failure-types';
import { isWidgetMove, LIVE_WIDGET_STATUSES, WIDGET_MOVES, type WidgetStatus } from '../domain/withdrawal-machine';
import { recordSettled, type AdminNote } from '../store/settlement';
import { requireWithdrawalWithReservation } from '../store/withdrawal-reads';
import { sqlTransaction } from '../store/sql';
import { payoutReservations, type ApprovalOutcome } from './approval';
import { heldRefusal, payoutQuotes, type RequoteDeps } from './requote';
import type { WorkflowStarts } from './deps';

export interface WithdrawalActivityDeps extends RequoteDeps {
  /** For the relay that starts the workflows whose start was lost. */
  workflows: Pick<WorkflowStarts, 'startWithdrawalWorkflow'>;
}

/** Requests newer than this may still be being started by the route that committed them. */
const RELAY_GRACE_MS = 1000;
const RELAY_BATCH = 100;


/** The Mode A and B steps that only touch PostgreSQL (and read the bankroll balance). Each is guarded by status. */
export function createWithdrawalActivities(d: WithdrawalActivityDeps) {
  const { earlyBalance, reserve, approve } = payoutReservations(d);
  const { payable } = payoutQuotes(d);

  return {
    /** Moves a withdrawal between statuses if it is still in one of `from` (the workflow's table lookup); false when it was not (see `moved`). */
    async transitionWithdrawal(id: string, from: WidgetStatus[], to: WidgetStatus, note?: { adminNote?: string; adminNoteBy?: string; reasonCode?: string }): Promise<boolean> {
      const extra = note?.adminNote !== undefined ? { adminNote: note.adminNote, adminNoteBy: note.adminNoteBy ?? null, adminNoteAt: new Date() } : {};
      const res = await d.db.withdrawal.updateMany({
        where: { id, status: { in: from.filter((s) => isWidgetMove(s, to)) } },
        data: { status: to, ...extra, ...(note?.reasonCode ? { reasonCode: note.reasonCode } : {}), ...(to === 'PROCESSING' ? await countingFields(id) : {}) },
      });
      return moved(res.count, id, to);
    },

    /**
     * Mode A, admin COMPLETED: reserves the payout's liquidity, at a fresh price if its quote expired (refused with
     * PRICE_UNAVAILABLE when there is none); false, held INSUFFICIENT_LIQUIDITY, when the bankroll cannot fund it.
     */
    async reserveModeAPayout(id: string): Promise<boolean> {
      const read = await requireWithdrawalWithReservation(d.db, id);
      if (read.reservationStatus) return true;
      const q = await payable(read);
      if (!q.ok) throw heldRefusal(q.heldReason);
      // Re-priced: reserved at the new amount with it.
      if (q.w.reservationStatus) return true;
      const early = await earlyBalance(q.w);
      if (await sqlTransaction(d.db, (tx) => reserve(tx, q.w, early))) return true;
      await d.db.withdrawal.update({ where: { id }, data: { held: true, heldReason: 'INSUFFICIENT_LIQUIDITY' } });
      return false;
    },

    /** Mode B APPROVE (runs begun before approveAndSettle): see payoutReservations. */
    async approveWithdrawal(id: string): Promise<ApprovalOutcome> {
      return approve(await requireWithdrawalWithReservation(d.db, id));
    },

    /** The payout is signed (its hash recorded by signPayout): see recordSettled. Runs begun before settleWithdrawal. */
    async markSettled(id: string, note?: AdminNote): Promise<void> {
      await recordSettled(d.db, id, null, note);
    },

    /**
     * The signed payout was mined and reverted, or can never be mined, so no tokens moved: FAILED with that reasonCode
     * (PAYOUT_REVERTED or PAYOUT_NOT_MINED, for an admin to act on; no WITHDRAW_COMPLETE is ever written), its
     * reservation released, and its session, closed at signing, CANCELLED rather than COMPLETED. One transaction; a
     * retry finds it done.
     */
    async failUnpaidPayout(id: string, reasonCode: UnpaidPayout): Promise<void> {
      await d.db.$transaction(async (tx) => {
        const { sessionId } = await tx.withdrawal.findUniqueOrThrow({ where: { id }, select: { sessionId: true } });
        if (sessionId) await tx.session.updateMany({ where: { id: sessionId, status: 'COMPLETED' }, data: { status: 'CANCELLED' } });
        await tx.withdrawal.updateMany({
          where: { id, status: { in: [...WIDGET_MOVES.failUnpaid.from] } },
          data: { status: WIDGET_MOVES.failUnpaid.to, retryable: false, reasonCode, completedAt: null },
        });
        await tx.reservation.updateMany({ where: { withdrawalId: id, status: 'ACTIVE' }, data: { status: 'RELEASED', releasedAt: new Date() } });
      });
      d.logger.warn('widget payout unpaid', { withdrawalId: id, reasonCode });
    },

    /** The relay's sweep: starts the workflow of every live Mode A/B request whose start after its commit was lost. */
    async startPendingWithdrawals(): Promise<number> {
      const pending = await d.db.withdrawal.findMany({
        where: { mode: { in: ['A', 'B'] }, workflowStartedAt: null, status: { in: [...LIVE_WIDGET_STATUSES] }, createdAt: { lt: new Date(Date.now() - RELAY_GRACE_MS) } },
        orderBy: { createdAt: 'asc' },
        take: RELAY_BATCH,
      });
      for (const w of pending) {
        await d.workflows.startWithdrawalWorkflow(w);
        d.logger.info('relay started withdrawal workflow', { withdrawalId: w.id });
      }
      return pending.length;
    },

    /** The request's TTL passed while it waited: EXPIRED, and a held approval says so. */
    async expireWithdrawal(id: string): Promise<boolean> {
      const res = await d.db.withdrawal.updateMany({ where: { id, status: { in: [...WIDGET_MOVES.expire.from] } }, data: { status: WIDGET_MOVES.expire.to, held: true, heldReason: 'EXPIRED' } });
      await d.db.reservation.updateMany({ where: { withdrawalId: id, status: 'ACTIVE' }, data: { status: 'RELEASED', releasedAt: new Date() } });
      return moved(res.count, id, WIDGET_MOVES.expire.to);
    },

    /** The withdrawal's stored status: what an expiry that moved nothing finds (the row cancelled with its session). */
    async storedWithdrawalStatus(id: string): Promise<string> {
      return (await d.db.withdrawal.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
    },
  };

  /**
   * Whether a guarded move took effect: now, or in an earlier attempt of the same activity whose answer was lost (the
   * worker died after the commit). The withdrawal's workflow makes every move of its row, one at a time, so a row
   * already at `to` is that earlier attempt's doing; answering false there left the workflow a status behind its row
   * (an admin's COMPLETED refused for good, an expiry re-tried forever).
   */
  async function moved(count: number, id: string, to: WidgetStatus): Promise<boolean> {
    if (count === 1) return true;
    const row = await d.db.withdrawal.findUnique({ where: { id }, select: { status: true } });
    return row?.status === to;
  }

  /** A Mode A withdrawal counts in its owner's daily total while PROCESSING, at its cap value. */
  async function countingFields(id: string) {
    const w = await d.db.withdrawal.findUniqueOrThrow({ where: { id } });
    const owner = await d.db.operator.findUniqueOrThrow({ where: { id: w.operatorId } });
    const currency = platformFiat(owner);
    const amount = capAmountOf({ fiatAmount: dec(w.fiatAmount), fiatCurrency: w.fiatCurrency, amountInUsd: w.amountInUsd && dec(w.amountInUsd) }, currency);
    return amount.ok ? { capAmount: amount.value.toFixed(6), capCurrency: currency } : {};
  }
}

export type WithdrawalActivities = ReturnType<typeof createWithdrawalActivities>;
