import Decimal from 'decimal.js';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { Config } from '../config/env';
import { capAmountOf, checkCaps, platformFiat } from '../domain/caps';
import type { UnpaidPayout } from '../domain/failure-types';
import type { HeldReason } from '../domain/withdrawals';
import { isWidgetMove, LIVE_WIDGET_STATUSES, SETTLING_SOURCES, WIDGET_MOVES, type WidgetStatus } from '../domain/withdrawal-machine';
import { Prisma } from '../generated/prisma/client';
import { lockOwnerCaps } from '../store/cap-usage';
import { sqlTransaction, type RawTx } from '../store/sql';
import { bankrollBalance, readEarlyBalance, reserveLiquidity, type EarlyBalance } from '../store/liquidity';
import type { WorkflowStarts } from './deps';

export interface WithdrawalActivityDeps {
  config: Config;
  db: Db;
  chains: ChainProviders;
  logger: Logger;
  /** For the relay that starts the workflows whose start was lost. */
  workflows: Pick<WorkflowStarts, 'startWithdrawalWorkflow'>;
}

/** Requests newer than this may still be being started by the route that committed them. */
const RELAY_GRACE_MS = 1000;
const RELAY_BATCH = 100;

export type ApprovalOutcome = { approved: true } | { approved: false; heldReason: HeldReason };

const dec = (d: { toString(): string }) => new Decimal(d.toString());

/** The Mode A and B steps that only touch PostgreSQL (and read the bankroll balance). Each is guarded by status. */
export function createWithdrawalActivities(d: WithdrawalActivityDeps) {
  const bankroll = d.config.BANKROLL_ADDRESS;
  /** The bankroll balance for reserve(), read before the caller's transaction so its locks never wait for the RPC. */
  const earlyBalance = (w: { chainId: number; tokenAddress: string }) =>
    readEarlyBalance(d.db, w.chainId, w.tokenAddress, bankrollBalance(d.chains, w.chainId, w.tokenAddress, bankroll));

  /** Reserves the payout's liquidity inside the caller's transaction (true when it fits). */
  async function reserve(tx: RawTx, w: { id: string; chainId: number; tokenAddress: string; cryptoAmountRaw: Prisma.Decimal | null }, early: EarlyBalance): Promise<boolean> {
    const r = { withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, raw: BigInt(w.cryptoAmountRaw!.toFixed(0)) };
    return (await reserveLiquidity(tx, r, early)) === 'RESERVED';
  }

  return {
    /** Moves a withdrawal between statuses if it is still in one of `from` (the workflow's table lookup); false when it was not. */
    async transitionWithdrawal(id: string, from: WidgetStatus[], to: WidgetStatus, note?: { adminNote?: string; adminNoteBy?: string; reasonCode?: string }): Promise<boolean> {
      const extra = note?.adminNote !== undefined ? { adminNote: note.adminNote, adminNoteBy: note.adminNoteBy ?? null, adminNoteAt: new Date() } : {};
      const res = await d.db.withdrawal.updateMany({
        where: { id, status: { in: from.filter((s) => isWidgetMove(s, to)) } },
        data: { status: to, ...extra, ...(note?.reasonCode ? { reasonCode: note.reasonCode } : {}), ...(to === 'PROCESSING' ? await countingFields(id) : {}) },
      });
      return res.count === 1;
    },

    /** Mode A, admin COMPLETED: reserves the payout's liquidity; false when the bankroll cannot fund it. */
    async reserveModeAPayout(id: string): Promise<boolean> {
      const w = await d.db.withdrawal.findUniqueOrThrow({ where: { id }, include: { reservation: true } });
      if (w.reservation) return true;
      const early = await earlyBalance(w);
      return sqlTransaction(d.db, (tx) => reserve(tx, w, early));
    },

    /**
     * Mode B APPROVE: the owner's flags, caps (under the owner's row lock) and liquidity, re-read every time; on
     * success the reservation is made and the withdrawal starts to count. Anything short holds it with a reason.
     */
    async approveWithdrawal(id: string): Promise<ApprovalOutcome> {
      const w = await d.db.withdrawal.findUniqueOrThrow({ where: { id }, include: { reservation: true } });
      if (w.reservation) return { approved: true };
      const early = await earlyBalance(w);
      // On the pool's own connection (src/store/sql.ts): every approval of this owner waits for this section.
      const outcome = await sqlTransaction(d.db, async (tx): Promise<ApprovalOutcome> => {
        const caps = await lockOwnerCaps(tx, w.operatorId, new Date(), w.id);
        if (caps.owner.status !== 'ACTIVE') return { approved: false, heldReason: 'OPERATOR_INACTIVE' };
        if (!caps.owner.autoRelease) return { approved: false, heldReason: 'APPROVAL_NOT_ENABLED' };
        const candidate = capAmountOf({ fiatAmount: dec(w.fiatAmount), fiatCurrency: w.fiatCurrency, amountInUsd: w.amountInUsd && dec(w.amountInUsd) }, caps.currency);
        const verdict = checkCaps({ candidate, singleLimit: caps.singleLimit, dailyLimit: caps.dailyLimit, counted: caps.counted });
        if (verdict === 'WITHDRAW_AMOUNT_TOO_HIGH' || verdict === 'DAILY_LIMIT_EXCEEDED') return { approved: false, heldReason: 'CAP_EXCEEDED' };
        if (verdict !== 'OK' || !candidate.ok || !(await reserve(tx, w, early))) return { approved: false, heldReason: 'TEMPORARILY_UNAVAILABLE' };
        await tx.$executeRaw`
          UPDATE "Withdrawal" SET held = false, "heldReason" = NULL, "capAmount" = ${candidate.value.toFixed(6)}::numeric, "capCurrency" = ${caps.currency}, "updatedAt" = now()
          WHERE id = ${id}::uuid`;
        return { approved: true };
      });
      if (!outcome.approved) await d.db.withdrawal.update({ where: { id }, data: { held: true, heldReason: outcome.heldReason } });
      d.logger.info('approval', { withdrawalId: id, ...outcome });
      return outcome;
    },

    /**
     * The payout is signed: the widget withdrawal is COMPLETED from here on (its WITHDRAW_COMPLETE follows
     * confirmations), and its session is COMPLETED in the same transaction, so it takes no second request for the
     * same locked amount while this one confirms. The session row is locked first, as a submission locks it.
     */
    async markSettled(id: string, note?: { adminNote?: string; adminNoteBy?: string }): Promise<void> {
      const noted = note?.adminNote !== undefined ? { adminNote: note.adminNote, adminNoteBy: note.adminNoteBy ?? null, adminNoteAt: new Date() } : {};
      await d.db.$transaction(async (tx) => {
        const { sessionId } = await tx.withdrawal.findUniqueOrThrow({ where: { id }, select: { sessionId: true } });
        if (sessionId) await tx.session.updateMany({ where: { id: sessionId, status: 'OPEN' }, data: { status: 'COMPLETED' } });
        await tx.withdrawal.updateMany({
          where: { id, status: { in: [...SETTLING_SOURCES] } },
          data: { status: WIDGET_MOVES.complete.to, completedAt: new Date(), held: false, heldReason: null, ...noted },
        });
      });
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
      return res.count === 1;
    },
  };

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
